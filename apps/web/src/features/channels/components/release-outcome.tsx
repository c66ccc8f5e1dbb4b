import type { DataOf } from '@postdeck/contract/endpoints';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { platformName } from '../platform-name';

/** What a release did: the account released, revoked at the platform or not, the publications held. */
export function ReleaseOutcome({ result }: { result: DataOf<'channelRelease'> }) {
  const { t } = useTranslation();
  const platform = platformName(result.account.platform);
  return (
    <Alert
      type="success"
      showIcon
      role="status"
      title={t('channels.releasePage.released', { name: result.account.name })}
      description={
        <ul style={{ paddingInlineStart: 20, margin: 0 }}>
          <li>
            {t(
              result.revokedAtPlatform ? 'channels.releasePage.revoked' : 'channels.releasePage.notRevoked',
              {
                platform,
              },
            )}
          </li>
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
