import { SANDBOX_CLIENT, type SandboxStarter } from '../sandbox.ts';

/** LinkedIn's sandbox server with its demo account (seedLinkedInSandbox); every host of the adapter points at it. */
export const startLinkedInSandbox: SandboxStarter = async ({ now }) => {
  const { startLinkedInFake, seedLinkedInSandbox } = await import('@postdeck/platform-fakes/linkedin/server');
  const fake = await startLinkedInFake({ now, clients: [SANDBOX_CLIENT] });
  seedLinkedInSandbox(fake);
  const at = fake.url;
  return { hosts: { api: at, upload: at, authorize: at, token: at, web: at }, stop: () => fake.stop() };
};
