import { describe, expect, it } from 'vitest';
import { manualClock } from '../lib/clock.ts';
import { createPlatformRegistry } from './registry.ts';

const clock = manualClock(new Date('2026-03-01T09:00:00Z'));
const live = { sandbox: false, redirectUri: 'https://console.example/authOpen', credentials: {}, hosts: {} };

describe('the platform registry', () => {
  it('offers OAuth platforms live only with their app credentials; bot, instance and app-password platforms always', async () => {
    const registry = createPlatformRegistry(
      { ...live, credentials: { youtube: { clientId: 'id', clientSecret: 'secret' } } },
      clock,
    );
    expect(registry.mode('youtube')).toBe('live');
    expect(registry.mode('facebook')).toBe('unavailable');
    expect(await registry.adapter('facebook')).toBeUndefined();
    expect(['telegram', 'mastodon', 'bluesky'].map((p) => registry.mode(p as 'telegram'))).toEqual([
      'live',
      'live',
      'live',
    ]);
    const youtube = await registry.adapter('youtube');
    expect(
      new URL(youtube?.authorizationUrl?.({ state: 's', redirectUri: live.redirectUri }) ?? '').origin,
    ).toBe('https://accounts.google.com');
    await registry.close();
  });

  it('points an adapter at the hosts configured for it, and refuses a host name the adapter does not have', async () => {
    const registry = createPlatformRegistry(
      {
        ...live,
        credentials: { youtube: { clientId: 'id', clientSecret: 'secret' } },
        hosts: { youtube: { accounts: 'https://accounts.example' } },
      },
      clock,
    );
    const youtube = await registry.adapter('youtube');
    expect(
      new URL(youtube?.authorizationUrl?.({ state: 's', redirectUri: live.redirectUri }) ?? '').origin,
    ).toBe('https://accounts.example');
    expect(() =>
      createPlatformRegistry({ ...live, hosts: { facebook: { fetch: 'https://evil.example' } } }, clock),
    ).toThrow(
      'CHANNEL_HOSTS_FACEBOOK: unknown host fetch (known: dialogBase, graphBase, videoBase, postUrlBase)',
    );
  });
});
