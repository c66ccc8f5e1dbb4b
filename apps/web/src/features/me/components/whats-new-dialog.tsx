import { RELEASE } from '../release';
import { Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGuideRead } from '../api/guide-read';
import { useGuideStatus } from '../api/guide-status';
import { useUserStore } from '../../../stores/user-store';

/** The release whose notes the dialog shows (the server's `upgradeTime` key). */
export { RELEASE } from '../release';

const NOTES = ['channels', 'sandbox', 'bell', 'banner', 'messages', 'profile'] as const;

/**
 * 'What's new', once per release: shown while the server says the notes are not seen, and never
 * over the forced password change (the notes wait until a password is chosen).
 */
export function WhatsNewDialog() {
  const { t } = useTranslation();
  const forced = useUserStore((state) => state.info?.mustChangePassword ?? false);
  const status = useGuideStatus(RELEASE);
  const read = useGuideRead();
  const [closed, setClosed] = useState(false);

  const close = () => {
    setClosed(true);
    read.mutate(RELEASE);
  };

  return (
    <Modal
      open={!forced && status.data?.seen === false && !closed}
      title={t('me.whatsNew.title', { release: RELEASE })}
      onOk={close}
      onCancel={close}
      okText={t('me.whatsNew.ok')}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      <ul>
        {NOTES.map((key) => (
          <li key={key}>{t(`me.whatsNew.notes.${key}`)}</li>
        ))}
      </ul>
    </Modal>
  );
}
