import { SANDBOX_CLIENT, type SandboxStarter } from '../sandbox.ts';
import { DEFAULT_YOUTUBE_HOSTS } from '../youtube/adapter.ts';
import { DEFAULT_GA4_HOSTS } from '../ga4/adapter.ts';

/** One Google server for YouTube and Analytics: its demo user has two channels and two GA4 properties. */
export const startGoogleSandbox: SandboxStarter = async ({ now }) => {
  const { startGoogleFake } = await import('@postdeck/platform-fakes/google/server');
  const { seedGoogleSandbox } = await import('@postdeck/platform-fakes/google/seed');
  const fake = await startGoogleFake({ now, clients: [SANDBOX_CLIENT] });
  seedGoogleSandbox(fake);
  const names = new Set([...Object.keys(DEFAULT_YOUTUBE_HOSTS), ...Object.keys(DEFAULT_GA4_HOSTS)]);
  return {
    hosts: Object.fromEntries([...names].map((name) => [name, fake.url])),
    stop: () => fake.stop(),
  };
};
