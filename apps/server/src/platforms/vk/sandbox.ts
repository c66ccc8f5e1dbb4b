import { SANDBOX_CLIENT, type SandboxStarter } from '../sandbox.ts';

/** Vk's sandbox server with its demo account (seedVkSandbox); every host of the adapter points at it. */
export const startVkSandbox: SandboxStarter = async ({ now }) => {
  const { startVkFake, seedVkSandbox } = await import('@postdeck/platform-fakes/vk/server');
  const fake = await startVkFake({ now, clients: [SANDBOX_CLIENT] });
  seedVkSandbox(fake);
  const at = fake.url;
  return { hosts: { api: at, upload: at, authorize: at, token: at, web: at }, stop: () => fake.stop() };
};
