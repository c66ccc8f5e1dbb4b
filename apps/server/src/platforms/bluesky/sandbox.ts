import type { SandboxStarter } from '../sandbox.ts';

/**
 * The sandbox's Bluesky account. Its password is in an app password's shape, so the connect form
 * takes it: the real PDS (about 300 MB and 2-4 s to start) runs only once someone connects.
 */
export const BLUESKY_SANDBOX_HINTS = { identifier: 'postdeck-demo.test', appPassword: 'demo-sand-boxp-dk26' };

export const startBlueskySandbox: SandboxStarter = async ({ now }) => {
  const { startBlueskyServer } = await import('@postdeck/platform-fakes/bluesky/server');
  const server = await startBlueskyServer({ now });
  const demo = await server.createAccount({
    handle: BLUESKY_SANDBOX_HINTS.identifier,
    password: BLUESKY_SANDBOX_HINTS.appPassword,
  });
  server.appView.followers.set(demo.did, 1_875);
  const at = server.url;
  return {
    hosts: { service: at, appUrl: at, videoService: at, appView: at },
    hints: BLUESKY_SANDBOX_HINTS,
    stop: () => server.stop(),
  };
};
