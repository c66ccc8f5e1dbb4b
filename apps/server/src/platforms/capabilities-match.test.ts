import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import {
  CHANNEL_PLATFORMS,
  type PublishingPlatform,
  PUBLISHING_PLATFORMS,
} from '@postdeck/contract/platforms';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { manualClock } from '../lib/clock.ts';
import type { AccountAccess, PlatformAdapter } from './adapter.ts';
import { isPlatformError } from './errors.ts';
import { type PlatformRegistry, createPlatformRegistry } from './registry.ts';

/**
 * The console offers editing, deleting and counts by the capabilities (style.md §2.7: capabilities
 * that nothing checks against the adapter drift): a claim the adapter cannot keep is a button that
 * fails, and the reverse hides what works. This walks every adapter the registry builds and holds
 * each claim to it. Nothing leaves the process: the platforms' own hosts get a fetch that refuses
 * to connect, and hosts named by a grant (a Mastodon instance, a PDS) a resolver that records the
 * name and finds no address, so "remove reached the platform" is what can be seen of it working.
 */

/** Where each adapter's remove was headed: host names resolved, URLs fetched. */
const reached: string[] = [];

/** An external id of each platform's shape (what its remove parses). */
const POST_IDS: Record<PublishingPlatform, string> = {
  facebook: '1234567890_9876543210',
  instagram: '17895695668004550',
  youtube: 'dQw4w9WgXcQ',
  x: '1460323737035677698',
  vk: '-200001_17',
  telegram: '42',
  linkedin: 'urn:li:share:6844785523593134080',
  mastodon: '109372843234',
  bluesky: 'at://did:plc:ewvi7nxzyoun6zhxrhs64oiz/app.bsky.feed.post/3k2la7bx3vc2s',
  tiktok: 'v_pub_url~v2.7267051542853740545',
};

/** One grant with every context an adapter reads (Mastodon's instance, Bluesky's session, Telegram's chat). */
const account: AccountAccess = {
  externalId: '200001',
  grant: {
    accessToken: 'token',
    scopes: [],
    context: {
      instance: 'https://mastodon.example',
      clientId: 'client',
      clientSecret: 'secret',
      did: 'did:plc:ewvi7nxzyoun6zhxrhs64oiz',
      handle: 'someone.example',
      pds: 'https://pds.example',
      chatId: '-1001234567890',
      userId: '1',
      username: 'someone',
    },
  },
};

let registry: PlatformRegistry;

beforeAll(() => {
  // Before the registry builds an adapter: the address policy takes the global fetch then.
  vi.stubGlobal('fetch', async (input: string | URL | Request) => {
    reached.push(input instanceof Request ? input.url : String(input));
    throw new TypeError('fetch failed', {
      cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }),
    });
  });
  registry = createPlatformRegistry(
    {
      sandbox: false,
      redirectUri: 'https://console.example/authOpen',
      credentials: Object.fromEntries(
        CHANNEL_PLATFORMS.map((platform) => [platform, { clientId: 'id', clientSecret: 'secret' }]),
      ),
      hosts: {},
    },
    manualClock(new Date('2026-03-01T09:00:00Z')),
    {
      resolver: async (hostname) => {
        reached.push(hostname);
        throw Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' });
      },
    },
  );
});
afterAll(async () => {
  await registry.close();
  vi.unstubAllGlobals();
});

async function publishing(platform: PublishingPlatform): Promise<PlatformAdapter> {
  const adapter = await registry.adapter(platform);
  if (!adapter || !('publish' in adapter)) throw new Error(`${platform} has no publishing adapter`);
  // The registry hands out every platform's adapter as an account adapter; these publish.
  return adapter as PlatformAdapter;
}

describe('capabilities match the adapters', () => {
  it.each(PUBLISHING_PLATFORMS)(
    '%s: canEdit, metrics, accountMetrics and canDelete say what its adapter does',
    async (platform) => {
      const adapter = await publishing(platform);
      const claims = PLATFORM_CAPABILITIES[platform];
      expect('edit' in adapter && typeof adapter.edit === 'function', 'canEdit').toBe(claims.canEdit);
      expect(typeof adapter.metrics === 'function', 'metrics').toBe(claims.metrics);
      expect(typeof adapter.accountMetrics === 'function', 'accountMetrics').toBe(claims.accountMetrics);

      reached.length = 0;
      const outcome = await adapter.remove(account, POST_IDS[platform]).then(
        () => undefined,
        (error: unknown) => error,
      );
      if (claims.canDelete) {
        expect(reached, 'canDelete: remove goes to the platform').not.toEqual([]);
      } else {
        expect(reached, 'canDelete false: remove asks nobody').toEqual([]);
        expect(isPlatformError(outcome) && outcome.kind, 'canDelete false: remove refuses').toBe('rejected');
      }
    },
  );

  it('GA4, a data source, claims no post metrics and its adapter has none', async () => {
    expect(PLATFORM_CAPABILITIES.ga4.metrics).toBe(false);
    const adapter = await registry.adapter('ga4');
    expect(adapter && 'metrics' in adapter).toBe(false);
  });
});
