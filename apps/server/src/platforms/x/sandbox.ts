import { SANDBOX_CLIENT, type SandboxStarter } from '../sandbox.ts';

/** X's sandbox server with its demo account (seedXSandbox); every host of the adapter points at it. */
export const startXSandbox: SandboxStarter = async ({ now }) => {
  const { startXFake, seedXSandbox } = await import('@postdeck/platform-fakes/x/server');
  const fake = await startXFake({ now, clients: [SANDBOX_CLIENT] });
  seedXSandbox(fake);
  const at = fake.url;
  return { hosts: { api: at, upload: at, authorize: at, token: at, web: at }, stop: () => fake.stop() };
};
