import { SANDBOX_CLIENT, type SandboxStarter } from '../sandbox.ts';

/** TikTok's sandbox server with its demo account (seedTikTokSandbox); every host of the adapter points at it. */
export const startTikTokSandbox: SandboxStarter = async ({ now }) => {
  const { startTikTokFake, seedTikTokSandbox } = await import('@postdeck/platform-fakes/tiktok/server');
  const fake = await startTikTokFake({ now, clients: [SANDBOX_CLIENT] });
  seedTikTokSandbox(fake);
  const at = fake.url;
  return { hosts: { api: at, upload: at, authorize: at, token: at, web: at }, stop: () => fake.stop() };
};
