import type { NotRevokedReason } from '@postdeck/contract/channels';
import type { DataOf } from '@postdeck/contract/endpoints';
import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { platformName } from '../platform-name';
import { noRevokeText } from './release-explanation';

/** What a release did: the account released, revoked at the platform or why not, the publications held. */
export function ReleaseOutcome({ result }: { result: DataOf<'channelRelease'> }) {
  const { t } = useTranslation();
  const { platform } = result.account;
  const name = platformName(platform);
  // A server that does not say why: the platform's capability tells the likelier reason.
  const reason: NotRevokedReason =
    result.notRevokedReason ?? (PLATFORM_CAPABILITIES[platform].canRevoke ? 'failed' : 'unsupported');
  const revoke = result.revokedAtPlatform
    ? t('channels.releasePage.revoked', { platform: name })
    : reason === 'unsupported'
      ? noRevokeText(t, platform)
      : t(`channels.releasePage.notRevoked.${reason}`, {
          platform: name,
          manual: t(`channels.releasePage.manual.${platform}`),
        });
  return (
    <Alert
      type="success"
      showIcon
      role="status"
      title={t('channels.releasePage.released', { name: result.account.name })}
      description={
        <ul style={{ paddingInlineStart: 20, margin: 0 }}>
          <li>{revoke}</li>
          <li>
            {result.heldPublications > 0
              ? t('channels.releasePage.held', { count: result.heldPublications })
              : t('channels.releasePage.noHeld')}
          </li>
        </ul>
      }
    />
  );
}
