/**
 * The sandbox (issue 12, item 3): with no platform credentials configured, each platform's local
 * server (packages/platform-fakes, or Bluesky's own PDS) runs in-process on loopback and the
 * adapters are pointed at it. A platform's server starts the first time it is needed, so a
 * console nobody connects accounts on pays nothing for it.
 */
import { feedSandboxTraffic } from './ga4/sandbox-traffic.ts';

/** The OAuth client every sandbox server knows: the sandbox's credentials. */
export const SANDBOX_CLIENT = { clientId: 'postdeck-sandbox', clientSecret: 'postdeck-sandbox-secret' };

export interface SandboxPlatform {
  /** The adapter's host settings, pointed at the local server. */
  hosts: Record<string, string>;
  /** What to type where the platform asks for more than a click (a bot token, an instance). */
  hints?: Record<string, string> | undefined;
  stop(): Promise<void>;
}

export type SandboxStarter = (options: { now: () => Date }) => Promise<SandboxPlatform>;

export interface Sandbox {
  /** Starts a server (by its name: one serves Facebook and Instagram) the first time it is asked for. */
  start(server: string): Promise<SandboxPlatform>;
  close(): Promise<void>;
}

export function createSandbox(
  starters: Record<string, SandboxStarter>,
  options: { now: () => Date },
): Sandbox {
  const started = new Map<string, Promise<SandboxPlatform>>();
  const ready = new Map<string, SandboxPlatform>();
  let closed = false;
  return {
    start(server) {
      if (closed) return Promise.reject(new Error('the sandbox is closed'));
      let running = started.get(server);
      if (!running) {
        const starter = starters[server];
        if (!starter) return Promise.reject(new Error(`no sandbox server ${server}`));
        running = starter(options).then(async (platform) => {
          ready.set(server, platform);
          // GA4's reports count the tagged links in the other servers' posts (ga4/sandbox-traffic.ts).
          await feedSandboxTraffic(ready.values()).catch(() => undefined);
          return platform;
        });
        // A start that failed is tried again by the next call, not remembered.
        running.catch(() => started.delete(server));
        started.set(server, running);
      }
      return running;
    },
    async close() {
      closed = true;
      const running = [...started.values()];
      started.clear();
      ready.clear();
      await Promise.allSettled(running.map(async (platform) => (await platform).stop()));
    },
  };
}
