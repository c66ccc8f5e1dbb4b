import { afterAll, describe, expect, it } from 'vitest';
import { startBlueskyServer } from './bluesky/server.ts';
import { seedGoogleSandbox } from './google/seed.ts';
import { startGoogleFake } from './google/server.ts';
import { seedGraphSandbox } from './graph/sandbox.ts';
import { startGraphFake } from './graph/server.ts';
import { escapeHtml } from './html.ts';
import { seedLinkedInSandbox, startLinkedInFake } from './linkedin/server.ts';
import { startMastodonFake } from './mastodon/server.ts';
import { startTelegramFake } from './telegram/server.ts';
import { seedTikTokSandbox, startTikTokFake } from './tiktok/server.ts';
import { seedVkSandbox, startVkFake } from './vk/server.ts';
import { seedXSandbox, startXFake } from './x/server.ts';

/**
 * Issue 19, item 10: every local server answers the profile links the adapters build for their
 * targets (apps/server's adapters, in the shapes written here; sandbox-pages.test.ts there
 * drives the adapters themselves) with a page naming the account, and an unknown account with
 * the platform's 404.
 */
const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(stops.map((stop) => stop()));
});

async function expectProfile(url: string, name: string) {
  const page = await fetch(url);
  expect(page.status, url).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  expect(await page.text()).toContain(escapeHtml(name));
}

async function expectMissing(url: string) {
  expect((await fetch(url)).status, url).toBe(404);
}

describe('the profile pages of the local servers', () => {
  it('Facebook (/<page username>) and Instagram (/<username>), on one Graph host', async () => {
    const fake = await startGraphFake();
    stops.push(() => fake.stop());
    const { pages, instagram } = seedGraphSandbox(fake);
    for (const page of pages) await expectProfile(`${fake.url}/${page.username}`, page.name);
    await expectProfile(`${fake.url}/${pages[0]?.id}`, pages[0]?.name ?? '');
    await expectProfile(`${fake.url}/${instagram.username}`, instagram.name);
    await expectMissing(`${fake.url}/nobody-here`);
  });

  it('YouTube (/channel/<id>) and Analytics (/analytics/web/#/p<id>/, the fragment unsent)', async () => {
    const fake = await startGoogleFake();
    stops.push(() => fake.stop());
    const { channels, properties } = seedGoogleSandbox(fake);
    for (const channel of channels) await expectProfile(`${fake.url}/channel/${channel.id}`, channel.title);
    for (const property of properties)
      await expectProfile(`${fake.url}/analytics/web/#/p${property.id}/`, property.displayName);
  });

  it('X (/<username>)', async () => {
    const fake = await startXFake();
    stops.push(() => fake.stop());
    const { user } = seedXSandbox(fake);
    await expectProfile(`${fake.url}/${user.username}`, user.name);
    await expectMissing(`${fake.url}/nobody_here`);
  });

  it('VK (/<screen name>, /club<id>)', async () => {
    const fake = await startVkFake();
    stops.push(() => fake.stop());
    const { communities } = seedVkSandbox(fake);
    for (const community of communities) {
      await expectProfile(`${fake.url}/${community.screenName}`, community.name);
      await expectProfile(`${fake.url}/club${community.id}`, community.name);
    }
    await expectMissing(`${fake.url}/nobody_here`);
  });

  it('LinkedIn (/company/<vanity name>)', async () => {
    const fake = await startLinkedInFake();
    stops.push(() => fake.stop());
    const { organizations } = seedLinkedInSandbox(fake);
    for (const org of organizations)
      await expectProfile(`${fake.url}/company/${org.vanityName}`, org.localizedName);
    await expectMissing(`${fake.url}/company/nobody`);
  });

  it('TikTok (/@<username>)', async () => {
    const fake = await startTikTokFake();
    stops.push(() => fake.stop());
    const { creator } = seedTikTokSandbox(fake);
    await expectProfile(`${fake.url}/@${creator.username}`, creator.nickname);
    await expectMissing(`${fake.url}/@nobody`);
  });

  it('Telegram (t.me/<channel>, the page base)', async () => {
    const fake = await startTelegramFake();
    stops.push(() => fake.stop());
    fake.addChannel({ title: 'Postdeck News', username: 'postdeck_news' });
    await expectProfile(`${fake.pageBase}/postdeck_news`, 'Postdeck News');
    await expectMissing(`${fake.pageBase}/nobody_here`);
  });

  it('Mastodon (the account url: /@<username>), and its avatar', async () => {
    const fake = await startMastodonFake();
    stops.push(() => fake.stop());
    const user = fake.addUser({ username: 'newsroom', displayName: 'Postdeck Newsroom' });
    await expectProfile(`${fake.url}/@newsroom`, 'Postdeck Newsroom');
    await expectMissing(`${fake.url}/@nobody`);
    const avatar = await fetch(`${fake.url}/avatars/${user.id}.png`);
    expect([avatar.status, avatar.headers.get('content-type')]).toEqual([200, 'image/svg+xml']);
  });

  it('Bluesky (/profile/<handle>), read from the PDS', async () => {
    const server = await startBlueskyServer();
    stops.push(() => server.stop());
    const account = await server.createAccount({ handle: 'profile-page.test' });
    await expectProfile(`${server.url}/profile/${account.handle}`, account.handle);
    await expectProfile(`${server.url}/profile/${account.did}`, account.handle);
    await expectMissing(`${server.url}/profile/nobody.test`);
  }, 60_000);
});
