import type { NotRevokedReason } from '@postdeck/contract/channels';
import type { Language } from '@postdeck/contract/constants';
import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import { CHANNEL_PLATFORMS, type ChannelPlatform } from '@postdeck/contract/platforms';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Providers } from '../../../app/providers';
import { changeLanguage } from '../../../i18n/i18n';
import { account } from '../test-fixtures';
import { ReleaseExplanation } from './release-explanation';
import { ReleaseOutcome } from './release-outcome';

const explain = (platform: ChannelPlatform, sameGrant?: { id: number; name: string }[]) => {
  const { unmount } = render(
    <Providers>
      <ReleaseExplanation account={{ platform, ...(sameGrant ? { sameGrant } : {}) }} />
    </Providers>,
  );
  const text = screen.getAllByRole('listitem')[0]?.textContent ?? '';
  unmount();
  return text;
};

const outcome = (platform: ChannelPlatform, reason?: NotRevokedReason) => {
  const { unmount } = render(
    <Providers>
      <ReleaseOutcome
        result={{
          account: account(1, 'Desk', { platform, status: 'released' }),
          revokedAtPlatform: reason === undefined,
          ...(reason ? { notRevokedReason: reason } : {}),
          heldPublications: 0,
        }}
      />
    </Providers>,
  );
  const text = screen.getAllByRole('listitem')[0]?.textContent ?? '';
  unmount();
  return text;
};

describe('the release texts', () => {
  afterEach(() => changeLanguage('en'));

  it.each(CHANNEL_PLATFORMS)('promise for %s only what its adapter does', (platform) => {
    const text = explain(platform);
    const name = PLATFORM_CAPABILITIES[platform].displayName;
    if (PLATFORM_CAPABILITIES[platform].canRevoke) {
      expect(text).toMatch(new RegExp(`^Postdeck revokes its access at ${name}`));
    } else {
      expect(text).toMatch(
        new RegExp(`^${name} has no call for Postdeck to give its access back\\. .*(remove|delete)`),
      );
    }
  });

  it('say Google Analytics 4 is revoked as YouTube is, through Google', () => {
    expect(explain('ga4')).toMatch(/^Postdeck revokes its access at Google Analytics 4/);
    expect(outcome('ga4')).toBe('The access was revoked at Google Analytics 4 too.');
  });

  it('tell a Telegram bot to leave the channel or lose its token, not to remove an app', () => {
    const text = explain('telegram');
    expect(text).toMatch(/remove the bot from the channel, or revoke its token with BotFather/);
    expect(text).not.toMatch(/settings/i);
  });

  it('say a grant other accounts still use is kept, and name them', () => {
    expect(explain('ga4', [{ id: 6, name: 'Shop site' }])).toBe(
      'Postdeck keeps its access at Google Analytics 4 while Shop site, connected with the same sign-in, still use it: it is revoked with the last of them.',
    );
    expect(outcome('ga4', 'sharedGrant')).toMatch(/^The access at Google Analytics 4 was kept/);
  });

  it('say why nothing was revoked, and what is left to do by hand', () => {
    expect(outcome('linkedin', 'unsupported')).toMatch(
      /^LinkedIn has no call .* Permitted services on LinkedIn\.$/,
    );
    expect(outcome('x', 'failed')).toMatch(
      /^X did not confirm that the access was revoked\. .*Connected apps on X\.$/,
    );
    expect(outcome('bluesky', 'noGrant')).toBe(
      'No access was stored for this account, so there was nothing to revoke at Bluesky.',
    );
    // An answer without the reason: the platform's capability decides.
    expect(outcome('tiktok', undefined)).toBe('The access was revoked at TikTok too.');
  });

  it.each<[Language, RegExp]>([
    ['zh', /BotFather/],
    ['es', /BotFather/],
    ['ja', /BotFather/],
  ])('are in %s too', async (lang, telegram) => {
    await changeLanguage(lang);
    expect(explain('telegram')).toMatch(telegram);
    expect(explain('youtube')).toContain('YouTube');
    expect(explain('youtube')).not.toMatch(/Postdeck revokes/);
  });
});
