import type { ChannelAccount } from '@postdeck/contract/channels';
import type { ChannelPlatform } from '@postdeck/contract/platforms';
import { Alert, Button, Checkbox, Divider, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '../../../i18n/use-format-time';
import { useRelease } from '../api/channel-release';
import { platformName } from '../platform-name';
import { AccountDetails } from './account-details';
import { AccountIdentity } from './account-identity';
import { ReleaseExplanation } from './release-explanation';
import { ReleaseOutcome } from './release-outcome';

interface ReleasePanelProps {
  account: ChannelAccount;
  canRelease: boolean;
  /** The release page's platform: the server refuses the release if the account is of another. */
  platform: ChannelPlatform;
}

/** The release pages' body: the account and its connection, what releasing does, confirm, outcome. */
export function ReleasePanel({ account, canRelease, platform }: ReleasePanelProps) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const release = useRelease();
  const [understood, setUnderstood] = useState(false);

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <AccountIdentity
        name={account.name}
        handle={account.handle}
        avatarUrl={account.avatarUrl}
        profileUrl={account.profileUrl}
        extra={platformName(account.platform)}
      />
      <AccountDetails account={release.data?.account ?? account} />
      <Divider style={{ margin: 0 }} />
      {release.data ? (
        <ReleaseOutcome result={release.data} />
      ) : account.status === 'released' ? (
        <Alert
          type="info"
          showIcon
          title={t('channels.releasePage.alreadyReleased')}
          description={
            account.releasedAt
              ? t('channels.releasePage.releasedAt', { time: formatTime(account.releasedAt) })
              : undefined
          }
        />
      ) : (
        <>
          <ReleaseExplanation account={account} />
          {canRelease && (
            <Space orientation="vertical">
              <Checkbox checked={understood} onChange={(event) => setUnderstood(event.target.checked)}>
                {t('channels.releasePage.confirm')}
              </Checkbox>
              <Button
                danger
                type="primary"
                disabled={!understood}
                loading={release.isPending}
                onClick={() => release.mutate({ id: account.id, platform })}
              >
                {t('channels.releasePage.submit')}
              </Button>
              {release.error && <Alert type="error" showIcon title={release.error.message} />}
            </Space>
          )}
        </>
      )}
    </Space>
  );
}
