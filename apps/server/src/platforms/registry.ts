import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import type { ChannelPlatform } from '@postdeck/contract/platforms';
import type { AppCredentials, ChannelsConfig } from '../config-channels.ts';
import type { Clock } from '../lib/clock.ts';
import type { AccountAdapter } from './adapter.ts';
import { DEFAULT_FACEBOOK_HOSTS, createFacebookAdapter } from './facebook/adapter.ts';
import { DEFAULT_INSTAGRAM_HOSTS, createInstagramAdapter } from './instagram/adapter.ts';
import { DEFAULT_YOUTUBE_HOSTS, createYoutubeAdapter } from './youtube/adapter.ts';
import { DEFAULT_GA4_HOSTS, createGa4Adapter } from './ga4/adapter.ts';
import { DEFAULT_X_HOSTS, createXAdapter } from './x/adapter.ts';
import { DEFAULT_VK_HOSTS, createVkAdapter } from './vk/adapter.ts';
import { DEFAULT_LINKEDIN_HOSTS } from './linkedin/api.ts';
import { DEFAULT_TIKTOK_HOSTS, createTikTokAdapter } from './tiktok/adapter.ts';
import { DEFAULT_TELEGRAM_HOSTS, createTelegramAdapter } from './telegram/adapter.ts';
import { DEFAULT_BLUESKY_HOSTS } from './bluesky/hosts.ts';
import { BLUESKY_SANDBOX_HINTS, startBlueskySandbox } from './bluesky/sandbox.ts';
import { startGoogleSandbox } from './google/sandbox.ts';
import { startGraphSandbox } from './graph/sandbox.ts';
import { createLinkedInAdapter } from './linkedin/adapter.ts';
import { startLinkedInSandbox } from './linkedin/sandbox.ts';
import { createMastodonAdapter } from './mastodon/adapter.ts';
import { startMastodonSandbox } from './mastodon/sandbox.ts';
import { SANDBOX_CLIENT, type SandboxStarter, createSandbox } from './sandbox.ts';
import { startTelegramSandbox } from './telegram/sandbox.ts';
import { startTikTokSandbox } from './tiktok/sandbox.ts';
import { startVkSandbox } from './vk/sandbox.ts';
import { startXSandbox } from './x/sandbox.ts';

/** What an adapter's factory is given: its hosts (each a setting), the app's credentials, the clock. */
export interface AdapterSettings {
  hosts: Record<string, string>;
  credentials: AppCredentials;
  clock: Clock;
}

interface PlatformEntry {
  /** Bluesky's comes as a promise: its client library loads when the adapter is first needed. */
  create(settings: AdapterSettings): AccountAdapter | Promise<AccountAdapter>;
  /** The adapter's host settings (CHANNEL_HOSTS_<PLATFORM> may set these, nothing else). */
  hosts: object;
  /** The sandbox server this platform runs on (Facebook and Instagram share Meta's, YouTube and GA4 Google's). */
  sandbox: { server: string; start: SandboxStarter };
  /** Sandbox hints known without starting the server (Bluesky's is heavy to start). */
  hints?: Record<string, string>;
}

const graph = { server: 'graph', start: startGraphSandbox };
const google = { server: 'google', start: startGoogleSandbox };
const oauth = ({ credentials, hosts, clock }: AdapterSettings) => ({ ...credentials, hosts, clock });

/** Every platform Postdeck connects: its adapter and its sandbox server. */
const PLATFORMS: Record<ChannelPlatform, PlatformEntry> = {
  facebook: {
    hosts: DEFAULT_FACEBOOK_HOSTS,
    create: ({ credentials, hosts, clock }) => createFacebookAdapter({ ...credentials, ...hosts, clock }),
    sandbox: graph,
  },
  instagram: {
    hosts: DEFAULT_INSTAGRAM_HOSTS,
    create: ({ credentials, hosts, clock }) => createInstagramAdapter({ ...credentials, ...hosts, clock }),
    sandbox: graph,
  },
  youtube: {
    hosts: DEFAULT_YOUTUBE_HOSTS,
    create: (settings) => createYoutubeAdapter(oauth(settings)),
    sandbox: google,
  },
  ga4: {
    hosts: DEFAULT_GA4_HOSTS,
    create: (settings) => createGa4Adapter(oauth(settings)),
    sandbox: google,
  },
  x: {
    hosts: DEFAULT_X_HOSTS,
    create: (settings) => createXAdapter(oauth(settings)),
    sandbox: { server: 'x', start: startXSandbox },
  },
  vk: {
    hosts: DEFAULT_VK_HOSTS,
    create: (settings) => createVkAdapter(oauth(settings)),
    sandbox: { server: 'vk', start: startVkSandbox },
  },
  linkedin: {
    hosts: DEFAULT_LINKEDIN_HOSTS,
    create: (settings) => createLinkedInAdapter(oauth(settings)),
    sandbox: { server: 'linkedin', start: startLinkedInSandbox },
  },
  tiktok: {
    hosts: DEFAULT_TIKTOK_HOSTS,
    create: (settings) => createTikTokAdapter(oauth(settings)),
    sandbox: { server: 'tiktok', start: startTikTokSandbox },
  },
  telegram: {
    hosts: DEFAULT_TELEGRAM_HOSTS,
    create: ({ hosts, clock }) => createTelegramAdapter({ ...hosts, clock }),
    sandbox: { server: 'telegram', start: startTelegramSandbox },
  },
  mastodon: {
    hosts: {},
    create: ({ clock }) => createMastodonAdapter({ clock }),
    sandbox: { server: 'mastodon', start: startMastodonSandbox },
  },
  bluesky: {
    hosts: DEFAULT_BLUESKY_HOSTS,
    create: async ({ hosts, clock }) =>
      (await import('./bluesky/adapter.ts')).createBlueskyAdapter({ ...hosts, clock }),
    sandbox: { server: 'bluesky', start: startBlueskySandbox },
    hints: BLUESKY_SANDBOX_HINTS,
  },
};

export type PlatformMode = 'sandbox' | 'live' | 'unavailable';

export interface PlatformRegistry {
  readonly sandbox: boolean;
  readonly redirectUri: string;
  mode(platform: ChannelPlatform): PlatformMode;
  /** The platform's adapter, its sandbox server started first when in the sandbox; undefined when unavailable. */
  adapter(platform: ChannelPlatform): Promise<AccountAdapter | undefined>;
  /** In the sandbox, what to type where the platform asks (starts that platform's server). */
  hints(platform: ChannelPlatform): Promise<Record<string, string> | undefined>;
  close(): Promise<void>;
}

export function createPlatformRegistry(config: ChannelsConfig, clock: Clock): PlatformRegistry {
  const sandbox = createSandbox(
    Object.fromEntries(Object.values(PLATFORMS).map(({ sandbox }) => [sandbox.server, sandbox.start])),
    { now: () => clock.now() },
  );
  const adapters = new Map<ChannelPlatform, Promise<AccountAdapter>>();
  for (const [platform, hosts] of Object.entries(config.hosts)) {
    const known = Object.keys(PLATFORMS[platform as ChannelPlatform].hosts);
    const unknown = Object.keys(hosts).filter((name) => !known.includes(name));
    if (unknown.length > 0)
      throw new Error(
        `CHANNEL_HOSTS_${platform.toUpperCase()}: unknown host ${unknown.join(', ')} (known: ${known.join(', ') || 'none'})`,
      );
  }

  function mode(platform: ChannelPlatform): PlatformMode {
    if (config.sandbox) return 'sandbox';
    // Platforms without an app to register (Telegram's bots, Mastodon's instances, Bluesky) always can.
    const needsApp = PLATFORM_CAPABILITIES[platform].connect === 'oauth';
    return needsApp && !config.credentials[platform] ? 'unavailable' : 'live';
  }

  async function build(platform: ChannelPlatform, entry: PlatformEntry): Promise<AccountAdapter> {
    if (config.sandbox) {
      const running = await sandbox.start(entry.sandbox.server);
      return entry.create({ hosts: running.hosts, credentials: SANDBOX_CLIENT, clock });
    }
    // Platforms without app credentials (Telegram, Mastodon, Bluesky) ignore them.
    const credentials = config.credentials[platform] ?? { clientId: '', clientSecret: '' };
    return entry.create({ hosts: config.hosts[platform] ?? {}, credentials, clock });
  }

  return {
    sandbox: config.sandbox,
    redirectUri: config.redirectUri,
    mode,
    adapter(platform) {
      const entry = PLATFORMS[platform];
      if (mode(platform) === 'unavailable') return Promise.resolve(undefined);
      let adapter = adapters.get(platform);
      if (!adapter) {
        adapter = build(platform, entry);
        adapter.catch(() => adapters.delete(platform));
        adapters.set(platform, adapter);
      }
      return adapter;
    },
    async hints(platform) {
      if (!config.sandbox) return undefined;
      const entry = PLATFORMS[platform];
      return entry.hints ?? (await sandbox.start(entry.sandbox.server)).hints;
    },
    close: () => sandbox.close(),
  };
}
