import type { ContentConflict } from '@postdeck/contract/content';
import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '../../../i18n/use-format-time';

export interface ConflictDialogProps {
  /** Who saved the newer version and when (the 409's data), or null when closed. */
  conflict: ContentConflict | null;
  now: number;
  loading: boolean;
  onLoadTheirs: () => void;
  onKeepEditing: () => void;
}

/** A save hit a newer version: say whose and when, and let the writer choose. */
export function ConflictDialog({ conflict, now, loading, onLoadTheirs, onKeepEditing }: ConflictDialogProps) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  return (
    <Modal
      open={conflict !== null}
      title={t('composer.conflict.title')}
      onCancel={onKeepEditing}
      footer={[
        <Button key="keep" onClick={onKeepEditing}>
          {t('composer.conflict.keepEditing')}
        </Button>,
        <Button key="theirs" type="primary" loading={loading} onClick={onLoadTheirs}>
          {t('composer.conflict.loadTheirs')}
        </Button>,
      ]}
    >
      {conflict && (
        <>
          <Typography.Paragraph>
            {t('composer.conflict.content', {
              name: conflict.updatedBy.name,
              // As a number: formatTime reads 'YYYY-MM-DD hh:mm' strings and cannot parse ISO ones.
              time: formatTime(Date.parse(conflict.updatedAt), { now }),
            })}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">{t('composer.conflict.kept')}</Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}
