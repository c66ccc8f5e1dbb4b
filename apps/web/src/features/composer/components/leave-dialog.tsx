import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Blocker } from 'react-router';

/** The question a blocked in-app navigation asks; leaving keeps the local draft (written on unmount). */
export function LeaveDialog({ blocker }: { blocker: Blocker }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={blocker.state === 'blocked'}
      title={t('composer.leave.title')}
      okText={t('composer.leave.leave')}
      okButtonProps={{ danger: true }}
      cancelText={t('composer.leave.stay')}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      {t('composer.leave.content')}
    </Modal>
  );
}
