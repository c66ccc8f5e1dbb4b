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
import { guardedFetch } from './guarded-fetch.ts';
import { type PlatformMetrics, measuredAdapter, measuredFetch } from '../lib/metrics/platforms.ts';
import type { Resolver } from '../lib/safe-fetch/resolve.ts';
import { startTelegramSandbox } from './telegram/sandbox.ts';
import { startTikTokSandbox } from './tiktok/sandbox.ts';
import { startVkSandbox } from './vk/sandbox.ts';
import { startXSandbox } from './x/sandbox.ts';

/** What an adapter's factory is given: its hosts (each a setting), the app's credentials, the clock. */
export interface AdapterSettings {
  hosts: Record<string, string>;
  credentials: AppCredentials;
  clock: Clock;
  /** Every call the adapter makes goes through the address policy (guarded-fetch.ts). */
  fetch: typeof fetch;
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
  /**
   * Its server starts slowly enough (Bluesky's PDS: 2-4 s, more on a busy machine) that the
   * first connect would wait for it: warm() starts it before anyone submits the form.
   */
  slowStart?: true;
}

const graph = { server: 'graph', start: startGraphSandbox };
const google = { server: 'google', start: startGoogleSandbox };
const oauth = ({ credentials, hosts, clock, fetch }: AdapterSettings) => ({
  ...credentials,
  hosts,
  clock,
  fetch,
});

/** Every platform Postdeck connects: its adapter and its sandbox server. */
const PLATFORMS: Record<ChannelPlatform, PlatformEntry> = {
  facebook: {
    hosts: DEFAULT_FACEBOOK_HOSTS,
    create: ({ credentials, hosts, clock, fetch }) =>
      createFacebookAdapter({ ...credentials, ...hosts, clock, fetch }),
    sandbox: graph,
  },
  instagram: {
    hosts: DEFAULT_INSTAGRAM_HOSTS,
    create: ({ credentials, hosts, clock, fetch }) =>
      createInstagramAdapter({ ...credentials, ...hosts, clock, fetch }),
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
    create: ({ hosts, clock, fetch }) => createTelegramAdapter({ ...hosts, clock, fetch }),
    sandbox: { server: 'telegram', start: startTelegramSandbox },
  },
  mastodon: {
    hosts: {},
    create: ({ clock, fetch }) => createMastodonAdapter({ clock, fetch }),
    sandbox: { server: 'mastodon', start: startMastodonSandbox },
  },
  bluesky: {
    hosts: DEFAULT_BLUESKY_HOSTS,
    create: async ({ hosts, clock, fetch }) =>
      (await import('./bluesky/adapter.ts')).createBlueskyAdapter({ ...hosts, clock, fetch }),
    sandbox: { server: 'bluesky', start: startBlueskySandbox },
    hints: BLUESKY_SANDBOX_HINTS,
    slowStart: true,
  },
};

export type PlatformMode = 'sandbox' | 'live' | 'unavailable';

export interface PlatformRegistry {
  readonly sandbox: boolean;
  /** PUBLIC_URL + /authOpen; undefined: each connection comes back to the origin it started from. */
  readonly redirectUri: string | undefined;
  mode(platform: ChannelPlatform): PlatformMode;
  /** The platform's adapter, its sandbox server started first when in the sandbox; undefined when unavailable. */
  adapter(platform: ChannelPlatform): Promise<AccountAdapter | undefined>;
  /** In the sandbox, what to type where the platform asks (starts that platform's server). */
  hints(platform: ChannelPlatform): Promise<Record<string, string> | undefined>;
  /**
   * In the sandbox, the exact loopback origins of the platform's local server as allow-list
   * entries (host:port: that port only), so what it names (a picture) may be fetched from it;
   * starts the server. None when live: a platform's own addresses are public.
   */
  sandboxOrigins(platform: ChannelPlatform): Promise<string[]>;
  /** In the sandbox, starts the servers slow to start in the background; returns at once. */
  warm(): void;
  /**
   * Counts from now on every adapter's HTTP requests, failures and token refreshes into `metrics`
   * (/metrics, lib/metrics); adapters already built count too. Without it nothing is counted.
   */
  measure(metrics: PlatformMetrics): void;
  close(): Promise<void>;
}

export function createPlatformRegistry(
  config: ChannelsConfig,
  clock: Clock,
  /** DNS for the address policy (tests); default the system's. */
  options: { resolver?: Resolver } = {},
): PlatformRegistry {
  const sandbox = createSandbox(
    Object.fromEntries(Object.values(PLATFORMS).map(({ sandbox }) => [sandbox.server, sandbox.start])),
    { now: () => clock.now() },
  );
  const adapters = new Map<ChannelPlatform, Promise<AccountAdapter>>();
  let metrics: PlatformMetrics | undefined;
  const sink = () => metrics;
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

  // Only the origins the server chose itself are reached whatever their address: a Mastodon
  // instance, a PDS or an upload URL is named by a user or a platform, and judged (issue 19).
  // Every request an adapter makes passes here, so this is where its platform's calls are timed.
  const policed = (platform: ChannelPlatform, trusted: string[]) =>
    measuredFetch(
      platform,
      guardedFetch({
        trusted,
        allow: config.allowPrivate,
        resolver: options.resolver,
      }),
      sink,
    );

  async function build(platform: ChannelPlatform, entry: PlatformEntry): Promise<AccountAdapter> {
    if (config.sandbox) {
      const running = await sandbox.start(entry.sandbox.server);
      // The hints name the sandbox's Mastodon instance, a server of ours like the hosts.
      const fetch = policed(platform, [
        ...Object.values(running.hosts),
        ...Object.values(running.hints ?? {}),
      ]);
      const adapter = await entry.create({ hosts: running.hosts, credentials: SANDBOX_CLIENT, clock, fetch });
      return measuredAdapter(adapter, sink);
    }
    // Platforms without app credentials (Telegram, Mastodon, Bluesky) ignore them.
    const credentials = config.credentials[platform] ?? { clientId: '', clientSecret: '' };
    const hosts = config.hosts[platform] ?? {};
    // The adapter falls back on its defaults for the hosts not set, so both are the operator's choice.
    const fetch = policed(platform, [
      ...Object.values(entry.hosts as Record<string, string>),
      ...Object.values(hosts),
    ]);
    return measuredAdapter(await entry.create({ hosts, credentials, clock, fetch }), sink);
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
    async sandboxOrigins(platform) {
      if (!config.sandbox) return [];
      const running = await sandbox.start(PLATFORMS[platform].sandbox.server);
      return loopbackEntries([...Object.values(running.hosts), ...Object.values(running.hints ?? {})]);
    },
    warm() {
      if (!config.sandbox) return;
      for (const entry of Object.values(PLATFORMS)) {
        // A start that failed is forgotten by the sandbox, so the connect tries again and says why.
        if (entry.slowStart) sandbox.start(entry.sandbox.server).catch(() => undefined);
      }
    },
    measure(given) {
      metrics = given;
    },
    close: () => sandbox.close(),
  };
}

const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** `host:port` for each loopback http(s) origin among `values` (other values are not origins of ours). */
function loopbackEntries(values: readonly string[]): string[] {
  const entries = new Set<string>();
  for (const value of values) {
    const url = URL.parse(value);
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !LOOPBACK_HOSTS.has(url.hostname))
      continue;
    entries.add(`${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`);
  }
  return [...entries];
}
