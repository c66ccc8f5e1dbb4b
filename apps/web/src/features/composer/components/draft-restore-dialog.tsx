import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '../../../i18n/use-format-time';
import type { LocalDraft } from '../local-draft';

export interface DraftRestoreDialogProps {
  /** The draft on offer, or null when there is none. */
  draft: LocalDraft | null;
  /** The clock's now, so 'from 3 minutes ago' is measured against the same clock that dated the draft. */
  now: number;
  onRestore: () => void;
  onDiscard: () => void;
}

/** Offers unsaved work kept on this device back; the writer must choose before editing on. */
export function DraftRestoreDialog({ draft, now, onRestore, onDiscard }: DraftRestoreDialogProps) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  return (
    <Modal
      open={draft !== null}
      title={t('composer.draft.title')}
      closable={false}
      keyboard={false}
      footer={[
        <Button key="discard" danger onClick={onDiscard}>
          {t('composer.draft.discard')}
        </Button>,
        <Button key="restore" type="primary" onClick={onRestore}>
          {t('composer.draft.restore')}
        </Button>,
      ]}
    >
      {draft && t('composer.draft.content', { time: formatTime(draft.savedAt, { now }) })}
    </Modal>
  );
}
