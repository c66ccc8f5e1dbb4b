import { CaretRightOutlined, CloseOutlined, LoadingOutlined, PauseOutlined } from '@ant-design/icons';
import type { Material } from '@postdeck/contract/materials';
import { Alert, Button, Progress, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from './material-format';
import { MaterialThumb } from './material-thumb';
import { type UploadItem, isActive } from './upload-item';

interface UploadRowProps {
  item: UploadItem;
  onPause: () => void;
  onResume: () => void;
  /** Stops the upload and deletes what the server has of it; for finished rows, takes them off the list. */
  onRemove: () => void;
  action?: (material: Material) => ReactNode;
}

const PROGRESS_STATUS = { failed: 'exception', done: 'success' } as const;

/** One file: its stage in words, a progress bar with bytes and speed, and what can be done now. */
export function UploadRow({ item, onPause, onResume, onRemove, action }: UploadRowProps) {
  const { t, i18n } = useTranslation();
  const bytes = (n: number) => formatBytes(n, i18n.language);
  const { name, stage, result } = item;
  const percent = item.size === 0 ? 100 : Math.floor((item.sent / item.size) * 100);
  const finished = stage === 'done' || stage === 'refused';

  return (
    <li style={{ listStyle: 'none', padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Text strong>{name}</Typography.Text>
        <Space size="small" wrap>
          {isActive(stage) && (
            <Button
              size="small"
              icon={<PauseOutlined />}
              onClick={onPause}
              aria-label={t('materials.upload.pauseFile', { name })}
            >
              {t('materials.upload.pause')}
            </Button>
          )}
          {(stage === 'paused' || stage === 'failed') && (
            <Button
              size="small"
              icon={<CaretRightOutlined />}
              onClick={onResume}
              aria-label={t('materials.upload.resumeFile', { name })}
            >
              {t('materials.upload.resume')}
            </Button>
          )}
          {stage !== 'completing' && (
            <Button
              size="small"
              icon={<CloseOutlined />}
              onClick={onRemove}
              aria-label={t(finished ? 'materials.upload.dismissFile' : 'materials.upload.cancelFile', {
                name,
              })}
            >
              {t(finished ? 'materials.upload.dismiss' : 'materials.upload.cancel')}
            </Button>
          )}
        </Space>
      </Space>
      {stage !== 'refused' && (
        <Progress
          percent={percent}
          status={
            stage in PROGRESS_STATUS ? PROGRESS_STATUS[stage as keyof typeof PROGRESS_STATUS] : 'active'
          }
          aria-label={name}
          size="small"
        />
      )}
      <Space size="small" wrap>
        <span aria-live="polite">
          {stage === 'reconnecting' && <LoadingOutlined aria-hidden />}{' '}
          {t(`materials.upload.stages.${stage}`)}
        </span>
        {(isActive(stage) || stage === 'paused') && (
          <Typography.Text type="secondary">
            {t('materials.upload.bytes', { sent: bytes(item.sent), total: bytes(item.size) })}
            {stage === 'uploading' &&
              item.speed > 0 &&
              ` · ${t('materials.upload.speed', { speed: bytes(item.speed) })}`}
          </Typography.Text>
        )}
        {item.resumed && stage !== 'done' && (
          <Typography.Text type="secondary">{t('materials.upload.resumedEarlier')}</Typography.Text>
        )}
      </Space>
      {item.error && <Alert type="error" showIcon title={item.error} style={{ marginTop: 8 }} />}
      {result && (
        <Space style={{ marginTop: 8 }} align="center" wrap>
          <MaterialThumb material={result.material} size={64} />
          {result.duplicate ? (
            <Alert
              type="info"
              showIcon
              title={t('materials.upload.duplicate', { name: result.material.name })}
            />
          ) : (
            <Typography.Text>{t('materials.upload.added')}</Typography.Text>
          )}
          {action?.(result.material)}
        </Space>
      )}
    </li>
  );
}
