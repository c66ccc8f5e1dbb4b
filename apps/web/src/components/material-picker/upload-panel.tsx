import { InboxOutlined } from '@ant-design/icons';
import { MATERIAL_KINDS, type Material } from '@postdeck/contract/materials';
import { Spin, Upload } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../load-error';
import { InterruptedUploads } from './interrupted-uploads';
import { formatBytes } from './material-format';
import { typeList } from './upload-messages';
import { UploadRow } from './upload-row';
import { type UploadOptions, useUploads } from './use-uploads';

export interface UploadPanelProps extends UploadOptions {
  /** An extra control for each file now in the library (preview it, select it). */
  action?: (material: Material) => ReactNode;
}

const kindOfType = (type: string) => (type.startsWith('video/') ? 'video' : 'image');

/**
 * Drop or choose several files; each is checked against the server's limits, then uploaded
 * with tus (pause, resume, cancel, reconnecting after a dropped connection) and filed in the
 * library. Used by the library page and by the picker.
 */
export function UploadPanel({ action, ...options }: UploadPanelProps) {
  const { t, i18n } = useTranslation();
  const { items, settings, add, pause, resume, remove } = useUploads(options);

  if (settings.isError) {
    return <LoadError title={t('materials.upload.settingsFailed')} onRetry={() => settings.refetch()} />;
  }
  if (!settings.data) return <Spin />;

  const { types, maxBytes } = settings.data;
  const kinds = options.kind ? [options.kind] : MATERIAL_KINDS;
  const accepted = types.filter((type) => kinds.includes(kindOfType(type)));
  const limits = kinds
    .map((kind) =>
      t('materials.upload.limit', {
        types: typeList(accepted.filter((type) => kindOfType(type) === kind)),
        max: formatBytes(maxBytes[kind], i18n.language),
      }),
    )
    .join('; ');

  return (
    <div>
      <Upload.Dragger
        multiple
        showUploadList={false}
        fileList={[]}
        // 'native': a dropped file of another type still reaches the check, which says why it is refused.
        accept={{ format: accepted.join(','), filter: 'native' }}
        beforeUpload={(file, batch) => {
          if (file === batch[0]) add(batch);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p className="ant-upload-text">{t('materials.upload.drop')}</p>
        <p className="ant-upload-hint">{limits}</p>
      </Upload.Dragger>
      <InterruptedUploads activeNames={items.map((item) => item.name)} />
      {items.length > 0 && (
        <ul aria-label={t('materials.upload.listLabel')} style={{ margin: '12px 0 0', padding: 0 }}>
          {items.map((item) => (
            <UploadRow
              key={item.key}
              item={item}
              onPause={() => pause(item.key)}
              onResume={() => resume(item.key)}
              onRemove={() => remove(item.key)}
              action={action}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
