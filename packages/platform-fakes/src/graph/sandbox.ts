import type { GraphFake } from './server.ts';

/**
 * The sandbox's Facebook user: two pages to pick on the consent page, the first with a linked
 * Instagram professional account, so both platforms can be connected offline. Their followers
 * are set and their posts' counts grow with age, so the statistics have something to show.
 */
export function seedGraphSandbox(fake: GraphFake) {
  fake.state.grownCounts = true;
  const user = fake.addUser({ name: 'Sandbox Editor' });
  const news = fake.addPage({
    name: 'Postdeck Sandbox News',
    username: 'postdecknews',
    admins: [user.id],
    followers: 12_480,
    fans: 11_902,
  });
  const events = fake.addPage({
    name: 'Postdeck Sandbox Events',
    username: 'postdeckevents',
    admins: [user.id],
    followers: 3_215,
    fans: 3_020,
  });
  const instagram = fake.linkInstagram(news.id, {
    username: 'postdeck.sandbox',
    name: 'Postdeck Sandbox',
    followers: 8_730,
  });
  return { user, pages: [news, events], instagram };
}
