import type { GraphFake } from './server.ts';

/**
 * The sandbox's Facebook user: two pages to pick on the consent page, the first with a linked
 * Instagram professional account, so both platforms can be connected offline.
 */
export function seedGraphSandbox(fake: GraphFake) {
  const user = fake.addUser({ name: 'Sandbox Editor' });
  const news = fake.addPage({ name: 'Postdeck Sandbox News', username: 'postdecknews', admins: [user.id] });
  const events = fake.addPage({
    name: 'Postdeck Sandbox Events',
    username: 'postdeckevents',
    admins: [user.id],
  });
  const instagram = fake.linkInstagram(news.id, { username: 'postdeck.sandbox', name: 'Postdeck Sandbox' });
  return { user, pages: [news, events], instagram };
}
