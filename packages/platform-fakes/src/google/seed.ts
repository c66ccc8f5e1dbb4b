import type { GoogleFake } from './server.ts';

/**
 * The sandbox's demo Google user: two YouTube channels (a grant reaches one, picked on the
 * consent page, as Google's channel chooser does) and one GA4 account with two properties.
 */
export function seedGoogleSandbox(fake: GoogleFake) {
  fake.state.youtubeGrownCounts = true;
  const user = fake.addUser({ name: 'Demo User' });
  const channels = [
    fake.addChannel(user.id, {
      title: 'Postdeck Demo',
      handle: 'postdeckdemo',
      description: 'The sandbox channel',
    }),
    fake.addChannel(user.id, { title: 'Postdeck Demo Shorts', handle: 'postdeckshorts' }),
  ];
  channels.forEach((channel, i) => (channel.subscribers = [1_870, 640][i] ?? 0));
  const account = fake.addAnalyticsAccount([user.id], 'Postdeck Demo');
  const properties = [
    fake.addProperty(account.id, { displayName: 'Demo website' }),
    fake.addProperty(account.id, { displayName: 'Demo shop' }),
  ];
  return { user, channels, account, properties };
}
