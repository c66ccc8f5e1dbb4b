import { SANDBOX_CLIENT, type SandboxStarter } from '../sandbox.ts';

/** One Graph server for Facebook and Instagram, as at Meta: its demo user has two pages, one with Instagram. */
export const startGraphSandbox: SandboxStarter = async ({ now }) => {
  const { startGraphFake } = await import('@postdeck/platform-fakes/graph/server');
  const { seedGraphSandbox } = await import('@postdeck/platform-fakes/graph/sandbox');
  const fake = await startGraphFake({ now, clients: [SANDBOX_CLIENT] });
  seedGraphSandbox(fake);
  const at = fake.url;
  return {
    hosts: { dialogBase: at, graphBase: at, videoBase: at, postUrlBase: at, profileUrlBase: at },
    stop: () => fake.stop(),
  };
};
