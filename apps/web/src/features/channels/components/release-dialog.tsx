import type { ChannelAccount } from '@postdeck/contract/channels';
import { Alert, Button, Checkbox, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRelease } from '../api/channel-release';
import { ReleaseExplanation } from './release-explanation';
import { ReleaseOutcome } from './release-outcome';

interface ReleaseDialogProps {
  /** The account to release; kept while the dialog closes. */
  account: ChannelAccount | undefined;
  open: boolean;
  onClose: () => void;
  afterOpenChange: (open: boolean) => void;
}

/** Releases an account of a platform without a release page of its own: explain, confirm, release. */
export function ReleaseDialog({ account, open, onClose, afterOpenChange }: ReleaseDialogProps) {
  const { t } = useTranslation();
  const release = useRelease();
  const [understood, setUnderstood] = useState(false);

  const close = () => {
    onClose();
    setUnderstood(false);
    release.reset();
  };

  return (
    <Modal
      open={open}
      title={account ? t('channels.releasePage.title', { name: account.name }) : undefined}
      onCancel={close}
      afterOpenChange={afterOpenChange}
      destroyOnHidden
      footer={
        release.isSuccess ? (
          <Button onClick={close}>{t('channels.releasePage.close')}</Button>
        ) : (
          <Space>
            <Button onClick={close}>{t('channels.connect.cancel')}</Button>
            <Button
              danger
              type="primary"
              disabled={!understood}
              loading={release.isPending}
              onClick={() => account && release.mutate({ id: account.id, platform: account.platform })}
            >
              {t('channels.releasePage.submit')}
            </Button>
          </Space>
        )
      }
    >
      {release.data ? (
        <ReleaseOutcome result={release.data} />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {account && <ReleaseExplanation account={account} />}
          <Checkbox checked={understood} onChange={(event) => setUnderstood(event.target.checked)}>
            {t('channels.releasePage.confirm')}
          </Checkbox>
          {release.error && <Alert type="error" showIcon title={release.error.message} />}
        </Space>
      )}
    </Modal>
  );
}
