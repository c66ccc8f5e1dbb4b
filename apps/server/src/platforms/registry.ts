import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import type { ChannelPlatform } from '@postdeck/contract/platforms';
import type { AppCredentials, ChannelsConfig } from '../config-channels.ts';
import type { Clock } from '../lib/clock.ts';
import type { AccountAdapter } from './adapter.ts';
import { createMastodonAdapter } from './mastodon/adapter.ts';
import { startMastodonSandbox } from './mastodon/sandbox.ts';
import { SANDBOX_CLIENT, type SandboxStarter, createSandbox } from './sandbox.ts';
import { createTelegramAdapter } from './telegram/adapter.ts';
import { startTelegramSandbox } from './telegram/sandbox.ts';

/** What an adapter's factory is given: its hosts (each a setting), the app's credentials, the clock. */
export interface AdapterSettings {
  hosts: Record<string, string>;
  credentials: AppCredentials | undefined;
  clock: Clock;
}

interface PlatformEntry {
  create(settings: AdapterSettings): AccountAdapter;
  sandbox: SandboxStarter;
}

/** Every platform Postdeck can connect: its adapter and its sandbox server. */
const PLATFORMS: Partial<Record<ChannelPlatform, PlatformEntry>> = {
  telegram: {
    create: ({ hosts, clock }) => createTelegramAdapter({ ...hosts, clock }),
    sandbox: startTelegramSandbox,
  },
  mastodon: {
    create: ({ clock }) => createMastodonAdapter({ clock }),
    sandbox: startMastodonSandbox,
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
    Object.fromEntries(
      Object.entries(PLATFORMS).map(([platform, entry]) => [platform, entry.sandbox]),
    ) as Partial<Record<ChannelPlatform, SandboxStarter>>,
    { now: () => clock.now() },
  );
  const adapters = new Map<ChannelPlatform, Promise<AccountAdapter>>();

  function mode(platform: ChannelPlatform): PlatformMode {
    if (!PLATFORMS[platform]) return 'unavailable';
    if (config.sandbox) return 'sandbox';
    // Platforms without an app to register (Telegram's bots, Mastodon's instances, Bluesky) always can.
    const needsApp = PLATFORM_CAPABILITIES[platform].connect === 'oauth';
    return needsApp && !config.credentials[platform] ? 'unavailable' : 'live';
  }

  async function build(platform: ChannelPlatform, entry: PlatformEntry): Promise<AccountAdapter> {
    if (config.sandbox) {
      const running = await sandbox.start(platform);
      return entry.create({ hosts: running.hosts, credentials: SANDBOX_CLIENT, clock });
    }
    return entry.create({
      hosts: config.hosts[platform] ?? {},
      credentials: config.credentials[platform],
      clock,
    });
  }

  return {
    sandbox: config.sandbox,
    redirectUri: config.redirectUri,
    mode,
    adapter(platform) {
      const entry = PLATFORMS[platform];
      if (!entry || mode(platform) === 'unavailable') return Promise.resolve(undefined);
      let adapter = adapters.get(platform);
      if (!adapter) {
        adapter = build(platform, entry);
        adapter.catch(() => adapters.delete(platform));
        adapters.set(platform, adapter);
      }
      return adapter;
    },
    async hints(platform) {
      if (!config.sandbox || !PLATFORMS[platform]) return undefined;
      return (await sandbox.start(platform)).hints;
    },
    close: () => sandbox.close(),
  };
}
