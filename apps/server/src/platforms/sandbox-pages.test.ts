import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import { CHANNEL_PLATFORMS, type ChannelPlatform } from '@postdeck/contract/platforms';
import { submitConsent } from '@postdeck/platform-fakes/oauth/consent-client';
import { afterAll, describe, expect, it } from 'vitest';
import { manualClock } from '../lib/clock.ts';
import type { AccountAdapter, Grant, Target } from './adapter.ts';
import { REDIRECT, pkce } from './adapter-testing.ts';
import type { MastodonAdapter } from './mastodon/adapter.ts';
import { appContext } from './mastodon/oauth.ts';
import { createPlatformRegistry } from './registry.ts';

/**
 * Issue 19, item 10: the links the channels page shows for an account open a page of the
 * sandbox's local server naming the account, not its 404. Each adapter lists its targets against
 * the started sandbox server, as a connection does, and each profile link is opened.
 */
const registry = createPlatformRegistry(
  { sandbox: true, redirectUri: REDIRECT, credentials: {}, hosts: {} },
  manualClock(new Date()),
);
afterAll(() => registry.close());

const escaped = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The grant a connection of this platform ends with, through its consent page or what it takes instead. */
async function grantFor(platform: ChannelPlatform, adapter: AccountAdapter): Promise<Grant | Target[]> {
  const hints = (await registry.hints(platform)) ?? {};
  if (platform === 'telegram') {
    const telegram = adapter as AccountAdapter & {
      checkTelegramChannel(t: string, c: string): Promise<Target>;
    };
    return [await telegram.checkTelegramChannel(hints['botToken'] ?? '', hints['channel'] ?? '')];
  }
  if (platform === 'bluesky') {
    const bluesky = adapter as AccountAdapter & { signIn(i: string, p: string): Promise<Grant> };
    return bluesky.signIn(hints['identifier'] ?? '', hints['appPassword'] ?? '');
  }
  const app =
    platform === 'mastodon'
      ? appContext(await (adapter as MastodonAdapter).registerApp(hints['instance'] ?? '', REDIRECT))
      : undefined;
  const proof = PLATFORM_CAPABILITIES[platform].pkce ? pkce() : undefined;
  const url = adapter.authorizationUrl?.({
    state: 'state-1',
    redirectUri: REDIRECT,
    codeChallenge: proof?.challenge,
    context: app,
  });
  const back = await submitConsent(url ?? '', { decision: 'approve' });
  const deviceId = back.searchParams.get('device_id');
  const grant = await adapter.exchangeCode?.({
    code: back.searchParams.get('code') ?? '',
    redirectUri: REDIRECT,
    codeVerifier: proof?.verifier,
    context: app ?? (deviceId ? { device_id: deviceId } : undefined),
  });
  if (!grant) throw new Error(`${platform}: no grant`);
  return grant;
}

describe("every sandbox account's profile link", () => {
  it.each(CHANNEL_PLATFORMS)(
    '%s: opens a page of its local server naming the account',
    async (platform) => {
      const adapter = await registry.adapter(platform);
      if (!adapter) throw new Error(`${platform}: no adapter`);
      const connected = await grantFor(platform, adapter);
      const targets = Array.isArray(connected) ? connected : await adapter.targets(connected);
      expect(targets.length).toBeGreaterThan(0);
      for (const target of targets) {
        expect(target.profileUrl, `${platform} ${target.name}`).toBeDefined();
        const page = await fetch(target.profileUrl ?? '');
        expect(page.status, `${target.profileUrl}`).toBe(200);
        expect(page.headers.get('content-type')).toMatch(/^text\/html/);
        expect(await page.text()).toContain(escaped(target.name));
      }
    },
    60_000,
  );
});
