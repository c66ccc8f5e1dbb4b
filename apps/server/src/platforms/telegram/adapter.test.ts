import { type TelegramFake, startTelegramFake } from '@postdeck/platform-fakes/telegram/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import type { AccountAccess, PostInput } from '../adapter.ts';
import { expectFailure, failure, itMapsAccountFaults } from '../adapter-testing.ts';
import { testMedia } from '../../test/media-files.ts';
import { type TelegramAdapter, createTelegramAdapter } from './adapter.ts';

const clock = manualClock(new Date('2026-03-01T10:00:00Z'));
let fake: TelegramFake;
let adapter: TelegramAdapter;
let token: string;
let account: AccountAccess;
let privateChannelId: number;

beforeAll(async () => {
  fake = await startTelegramFake({ now: clock.now });
  adapter = createTelegramAdapter({ apiBase: fake.url, postUrlBase: fake.pageBase, clock });
  const bot = fake.addBot({ username: 'postdeck_bot' });
  token = bot.token;
  fake.addChannel({
    title: 'Daily News',
    username: 'dailynews',
    members: [[bot.id, { status: 'administrator', canPostMessages: true }]],
  });
  fake.addChannel({ title: 'Readers', username: 'readers', members: [[bot.id, { status: 'member' }]] });
  privateChannelId = fake.addChannel({
    title: 'Newsroom',
    members: [[bot.id, { status: 'administrator', canPostMessages: true }]],
  }).id;
  const target = await adapter.checkTelegramChannel(token, '@dailynews');
  account = { externalId: target.externalId, grant: target.grant ?? { accessToken: token, scopes: [] } };
});
afterEach(() => fake.faults.clear());
afterAll(() => fake.stop());

const post = (text: string, media: PostInput['media'] = []): PostInput => ({
  text,
  media,
  idempotencyKey: `key-${text}`,
});

describe('Telegram: connect', () => {
  it('checks the bot and the channel and returns the channel with its grant', async () => {
    const target = await adapter.checkTelegramChannel(token, 'https://t.me/dailynews');
    expect(target).toMatchObject({
      name: 'Daily News',
      handle: '@dailynews',
      profileUrl: `${fake.pageBase}/dailynews`,
      grant: { accessToken: token, scopes: [], context: { username: 'dailynews' } },
    });
    expect(target.externalId).toMatch(/^-100\d+$/);
    expect(await adapter.targets(account.grant)).toEqual([target]);
  });

  it('refuses a bot that is not an administrator allowed to post, saying so', async () => {
    const error = await failure(adapter.checkTelegramChannel(token, 'readers'));
    expect(error.kind).toBe('rejected');
    expect(error.detail.platformMessage).toBe(
      'The bot @postdeck_bot is not an administrator of @readers allowed to post messages',
    );
  });

  it('refuses an unknown token and an unknown channel', async () => {
    expect((await failure(adapter.checkTelegramChannel('1:nope', '@dailynews'))).kind).toBe('reauthorize');
    const missing = await failure(adapter.checkTelegramChannel(token, '@nowhere'));
    expect(missing.kind).toBe('rejected');
    expect(missing.detail.platformMessage).toBe('Bad Request: chat not found');
  });

  it('has no metrics and nothing to find', () => {
    expect(adapter.metrics).toBeUndefined();
    expect(adapter.find).toBeUndefined();
  });
});

describe('Telegram: publish and remove', () => {
  it('publishes text, with the link, to a public page', async () => {
    const published = await adapter.publish(account, {
      ...post('Hello <readers>'),
      link: 'https://example.org/a',
    });
    expect(published.url).toBe(`${fake.pageBase}/dailynews/${published.externalId}`);
    const page = await fetch(published.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Hello &#60;readers&#62;\n\nhttps://example.org/a');
  });

  it('publishes one image and one video with their captions, as multipart uploads', async () => {
    const image = await adapter.publish(account, post('A photo', [testMedia('image')]));
    const video = await adapter.publish(account, post('A clip', [testMedia('video')]));
    const stored = fake.posts.all().slice(-2);
    expect(stored.map((p) => [p.text, p.media.map((m) => [m.name, m.mime, m.bytes.byteLength])])).toEqual([
      ['A photo', [['photo.jpg', 'image/jpeg', 74]]],
      ['A clip', [['clip.mp4', 'video/mp4', 76]]],
    ]);
    expect(image.externalId).not.toBe(video.externalId);
  });

  it('publishes several files as one album, the caption on the first', async () => {
    const media = [testMedia('image', 'a.jpg'), testMedia('image', 'b.jpg'), testMedia('video')];
    const published = await adapter.publish(account, post('Album', media));
    expect(published.externalId.split(',')).toHaveLength(3);
    const stored = fake.posts.all().at(-1);
    expect(stored?.text).toBe('Album');
    expect(stored?.media.map((m) => m.name)).toEqual(['a.jpg', 'b.jpg', 'clip.mp4']);
  });

  it("keeps Telegram's words when a caption is over 1,024 characters", async () => {
    const error = await failure(adapter.publish(account, post('x'.repeat(1025), [testMedia('image')])));
    expect(error.kind).toBe('rejected');
    expect(error.detail.platformMessage).toBe('Bad Request: message caption is too long');
  });

  it('sends silently and without a link preview when the options say so', async () => {
    const quiet = await adapter.publish(account, {
      ...post('Quiet news'),
      link: 'https://example.org/q',
      options: { silent: true, linkPreview: false },
    });
    const photo = await adapter.publish(account, {
      ...post('Quiet photo', [testMedia('image')]),
      options: { silent: true },
    });
    const album = await adapter.publish(account, {
      ...post('Quiet album', [testMedia('image'), testMedia('image')]),
      options: { silent: true },
    });
    const loud = await adapter.publish(account, post('Loud news'));
    const sent = (published: { externalId: string }) =>
      fake.state.sendOptions.get(`${account.externalId}_${published.externalId.split(',')[0]}`);
    expect(sent(quiet)).toEqual({ silent: true, linkPreview: false });
    expect(sent(photo)).toEqual({ silent: true, linkPreview: true });
    expect(sent(album)).toEqual({ silent: true, linkPreview: true });
    expect(sent(loud)).toEqual({ silent: false, linkPreview: true });
  });

  it('links a private channel as t.me/c/<id>', async () => {
    const target = await adapter.checkTelegramChannel(token, String(privateChannelId));
    const published = await adapter.publish(
      { externalId: target.externalId, grant: account.grant },
      post('Inside'),
    );
    expect(published.url).toBe(`${fake.pageBase}/c/${target.externalId.slice(4)}/${published.externalId}`);
    expect((await fetch(published.url)).status).toBe(200);
  });

  it('removes a post, every message of an album, and takes a second removal as done', async () => {
    const media = [testMedia('image'), testMedia('image')];
    const published = await adapter.publish(account, post('To remove', media));
    await adapter.remove(account, published.externalId);
    expect(fake.posts.all().at(-1)?.deletedAt).toEqual(clock.now());
    await adapter.remove(account, published.externalId);
  });

  it('cannot remove a message after 48 hours', async () => {
    const published = await adapter.publish(account, post('Old'));
    clock.advance(48 * 3600 * 1000);
    const error = await failure(adapter.remove(account, published.externalId));
    expect(error.kind).toBe('rejected');
    expect(error.detail.platformMessage).toBe("Bad Request: message can't be deleted");
  });
});

describe('Telegram: counts', () => {
  it('has no post metrics: the Bot API gives no views or forwards (platforms.md §6)', () => {
    expect(adapter.metrics).toBeUndefined();
  });

  it("reads the channel's subscribers from getChatMemberCount as its followers", async () => {
    const channel = fake.state.findChannel('@dailynews');
    if (channel) channel.subscribers = 5_120;
    expect(await adapter.accountMetrics?.(account)).toEqual({
      followers: 5_120,
      at: clock.now().toISOString(),
    });
  });

  it('getChatMemberCount: 429 → rateLimited with retry_after, a revoked bot token (401) → reauthorize', async () => {
    fake.faults.set({ kind: 'rateLimited', retryAfterS: 12, call: 'getChatMemberCount', times: 1 });
    await expectFailure(adapter.accountMetrics?.(account), {
      kind: 'rateLimited',
      status: 429,
      retryAfterMs: 12_000,
    });
    fake.faults.set({ kind: 'revokedGrant', call: 'getChatMemberCount', times: 1 });
    await expectFailure(adapter.accountMetrics?.(account), {
      kind: 'reauthorize',
      status: 401,
      platformMessage: 'Unauthorized',
    });
  });

  it('a private channel the bot left → rejected (chat not found)', async () => {
    const channel = fake.state.channels.get(privateChannelId);
    const bot = [...(channel?.members.keys() ?? [])][0] ?? 0;
    channel?.members.delete(bot);
    try {
      await expectFailure(adapter.accountMetrics?.({ ...account, externalId: String(privateChannelId) }), {
        kind: 'rejected',
        platformMessage: 'Bad Request: chat not found',
      });
    } finally {
      channel?.members.set(bot, { status: 'administrator', canPostMessages: true });
    }
  });
});

describe('Telegram: faults', () => {
  itMapsAccountFaults(
    {
      expiredToken: { kind: 'reauthorize' },
      revokedGrant: { kind: 'reauthorize' },
      // A 5xx to a send leaves it unknown whether the message went out (DESIGN.md §6).
      serverError: { kind: 'outcomeUnknown', status: 500 },
    },
    (kind) => {
      fake.faults.set({ kind, account: account.externalId, times: 1 });
      return adapter.publish(account, post(kind));
    },
  );

  it('rate limited → rateLimited with retry_after', async () => {
    fake.faults.set({ kind: 'rateLimited', retryAfterS: 7, call: 'sendMessage' });
    await expectFailure(adapter.publish(account, post('Too fast')), {
      kind: 'rateLimited',
      retryAfterMs: 7000,
      platformMessage: 'Too Many Requests: retry after 7',
    });
  });

  it("content rejected → rejected with Telegram's message", async () => {
    fake.faults.set({ kind: 'contentRejected', message: 'can\'t parse entities: Unsupported start tag "x"' });
    const error = await failure(adapter.publish(account, post('<x>')));
    expect(error.kind).toBe('rejected');
    expect(error.detail.platformMessage).toBe(
      'Bad Request: can\'t parse entities: Unsupported start tag "x"',
    );
  });

  it('a file that is not an image → mediaInvalid', async () => {
    const notAnImage = testMedia('image', 'fake.jpg', new Uint8Array([1, 2, 3, 4]));
    const error = await failure(adapter.publish(account, post('Broken', [notAnImage])));
    expect(error.kind).toBe('mediaInvalid');
    expect(error.detail.platformMessage).toBe('Bad Request: IMAGE_PROCESS_FAILED');
  });

  it('a bot stripped of its rights → reauthorize', async () => {
    const readers = await adapter.targets({ ...account.grant, context: { chatId: '@readers' } });
    const error = await failure(
      adapter.publish({ externalId: readers[0]?.externalId ?? '', grant: account.grant }, post('No')),
    );
    expect(error.kind).toBe('reauthorize');
  });

  it('a 5xx to a read is transient', async () => {
    fake.faults.set({ kind: 'serverError', call: 'getChat', times: 1 });
    await expectFailure(adapter.targets(account.grant), { kind: 'transient', status: 500 });
  });

  for (const kind of ['acceptThenServerError', 'acceptThenMalformed'] as const)
    it(`${kind} on a send → outcomeUnknown, and the post exists (Telegram has no list to find it in)`, async () => {
      fake.faults.set({ kind, call: 'sendMediaGroup', times: 1 });
      const before = fake.posts.all().length;
      const error = await failure(
        adapter.publish(
          account,
          post(`Album, answer lost: ${kind}`, [testMedia('image'), testMedia('image')]),
        ),
      );
      expect(error.kind).toBe('outcomeUnknown');
      expect(fake.posts.all()).toHaveLength(before + 1);
      expect(fake.posts.all().at(-1)?.text).toBe(`Album, answer lost: ${kind}`);
    });

  it('a removal whose answer is garbled is transient: deleting again is harmless', async () => {
    const published = await adapter.publish(account, post('Removed, answer garbled'));
    fake.faults.set({ kind: 'acceptThenMalformed', call: 'deleteMessage', times: 1 });
    await expectFailure(adapter.remove(account, published.externalId), { kind: 'transient' });
    await adapter.remove(account, published.externalId);
    expect(fake.posts.all().at(-1)?.deletedAt).toEqual(clock.now());
  });

  it('accept then hang → outcomeUnknown, and the post exists', async () => {
    const impatient = createTelegramAdapter({
      apiBase: fake.url,
      postUrlBase: fake.pageBase,
      timeoutMs: 300,
    });
    fake.faults.set({ kind: 'acceptThenHang', times: 1 });
    const before = fake.posts.all().length;
    const error = await failure(impatient.publish(account, post('Lost answer')));
    expect(error.kind).toBe('outcomeUnknown');
    expect(fake.posts.all().length).toBe(before + 1);
    expect(fake.posts.all().at(-1)?.text).toBe('Lost answer');
  });
});
