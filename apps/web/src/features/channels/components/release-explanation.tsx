import type { ChannelAccount } from '@postdeck/contract/channels';
import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import type { ChannelPlatform } from '@postdeck/contract/platforms';
import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { platformName } from '../platform-name';

const STEPS = ['tokens', 'history', 'held'] as const;

/**
 * What is left to do at a platform Postdeck cannot revoke at (or that did not confirm the
 * revoke): where its own settings end the access, or, for a Telegram bot, the channel and BotFather.
 */
export const noRevokeText = (t: TFunction, platform: ChannelPlatform) =>
  t('channels.releasePage.noRevokeCall', {
    platform: platformName(platform),
    manual: t(`channels.releasePage.manual.${platform}`),
  });

/**
 * The platform's part of a release, as its adapter does it: revoked where the platform has a
 * revoke call (kept while other accounts of the same grant still use it), else what the user
 * does there by hand.
 */
function revokeStep(t: TFunction, account: Pick<ChannelAccount, 'platform' | 'sameGrant'>): string {
  const platform = platformName(account.platform);
  if (!PLATFORM_CAPABILITIES[account.platform].canRevoke) return noRevokeText(t, account.platform);
  const others = account.sameGrant ?? [];
  if (others.length > 0)
    return t('channels.releasePage.steps.revokeShared', {
      platform,
      names: others.map((other) => other.name).join(', '),
    });
  return t('channels.releasePage.steps.revoke', { platform });
}

/** What releasing an account does, said before the user confirms it. */
export function ReleaseExplanation({ account }: { account: Pick<ChannelAccount, 'platform' | 'sameGrant'> }) {
  const { t } = useTranslation();
  return (
    <section>
      <Typography.Title level={5}>{t('channels.releasePage.whatHappens')}</Typography.Title>
      <ul style={{ paddingInlineStart: 20, margin: 0 }}>
        <li>{revokeStep(t, account)}</li>
        {STEPS.map((step) => (
          <li key={step}>{t(`channels.releasePage.steps.${step}`)}</li>
        ))}
      </ul>
    </section>
  );
}
