import { Button, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

export type SaveMode = 'draft' | 'asIs';

export interface SaveBarProps {
  saving: boolean;
  dirty: boolean;
  /** When this composer last saved to the server (ms), or null. */
  savedAt: number | null;
  onSave: (mode: SaveMode) => void;
}

/** Where the composer stands, and the two save buttons ('Save draft' also sets the status to draft). */
export function SaveBar({ saving, dirty, savedAt, onSave }: SaveBarProps) {
  const { t } = useTranslation();
  let status = '';
  if (saving) status = t('composer.save.saving');
  else if (dirty) status = t('composer.save.unsaved');
  else if (savedAt !== null) status = t('composer.save.savedAt', { time: dayjs(savedAt).format('HH:mm') });

  return (
    <Space wrap>
      <Typography.Text type="secondary" role="status">
        {status}
      </Typography.Text>
      <Button disabled={saving} onClick={() => onSave('draft')}>
        {t('composer.save.draft')}
      </Button>
      <Button
        type="primary"
        loading={saving}
        title={t('composer.save.shortcut')}
        aria-keyshortcuts="Control+S Meta+S"
        onClick={() => onSave('asIs')}
      >
        {t('composer.save.save')}
      </Button>
    </Space>
  );
}
