import type { SandboxStarter } from '../sandbox.ts';

/** A Mastodon instance of its own: the instance is what the user types, so it is the hint. */
export const startMastodonSandbox: SandboxStarter = async ({ now }) => {
  const { startMastodonFake } = await import('@postdeck/platform-fakes/mastodon/server');
  const fake = await startMastodonFake({ now });
  fake.addUser({ username: 'newsroom', displayName: 'Postdeck Newsroom', followers: 1_240 });
  return { hosts: {}, hints: { instance: fake.url }, stop: () => fake.stop() };
};
