import type { AtpAgent } from '@atproto/api';
import {
  type BlueskyAccount,
  type BlueskyServer,
  startBlueskyServer,
} from '@postdeck/platform-fakes/bluesky/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import type { AccountAccess, PostInput } from '../adapter.ts';
import { expectFailure, failure, itMapsAccountFaults } from '../adapter-testing.ts';
import { testMedia } from '../../test/media-files.ts';
import { type BlueskyAdapter, createBlueskyAdapter } from './adapter.ts';
import { recordKeyOf } from './record-key.ts';

// The PDS checks real times (JWT expiry, the service token's exp), so the clock starts at now.
const clock = manualClock(new Date(Math.floor(Date.now() / 1000) * 1000));
const waits: number[] = [];
let server: BlueskyServer;
let adapter: BlueskyAdapter;
let newsroom: BlueskyAccount;
let other: BlueskyAccount;
let appPassword: string;
let account: AccountAccess;
/** Signed in to the PDS directly, past the proxy's faults: to read back what the adapter wrote. */
let reader: AtpAgent;

const settings = () => ({
  service: server.url,
  appUrl: server.url,
  videoService: server.url,
  appView: server.url,
  clock,
  pollIntervalMs: 1500,
  maxPolls: 5,
  wait: async (ms: number) => {
    waits.push(ms);
  },
});

// One PDS and one sign-in for the file: createSession is slow on purpose (about 0.4 s).
beforeAll(async () => {
  server = await startBlueskyServer({ now: clock.now });
  newsroom = await server.createAccount({ handle: 'daily-planet.test' });
  other = await server.createAccount({ handle: 'reporter.test' });
  appPassword = await server.createAppPassword(newsroom);
  reader = await server.signIn(newsroom);
  await reader.com.atproto.repo.putRecord({
    repo: newsroom.did,
    collection: 'app.bsky.actor.profile',
    rkey: 'self',
    record: { $type: 'app.bsky.actor.profile', displayName: 'The Newsroom' },
  });
  adapter = createBlueskyAdapter(settings());
  account = { externalId: newsroom.did, grant: await adapter.signIn('daily-planet.test', appPassword) };
}, 30_000);
afterEach(() => {
  server.faults.clear();
  waits.length = 0;
});
afterAll(() => server.stop());

const post = (text: string, media: PostInput['media'] = [], key = `key-${text}`): PostInput => ({
  text,
  media,
  idempotencyKey: key,
});

async function stored(externalId: string) {
  const { data } = await reader.com.atproto.repo.getRecord({
    repo: newsroom.did,
    collection: 'app.bsky.feed.post',
    rkey: recordKeyOf(externalId),
  });
  return data.value as { text: string; facets?: unknown[]; embed?: Record<string, unknown> };
}

async function postCount(): Promise<number> {
  const { data } = await reader.com.atproto.repo.listRecords({
    repo: newsroom.did,
    collection: 'app.bsky.feed.post',
    limit: 100,
  });
  return data.records.length;
}

describe('Bluesky: connect', () => {
  it('signs in with the app password: the session, its times and the PDS its DID document names', () => {
    expect(account.grant).toMatchObject({
      scopes: [],
      context: { did: newsroom.did, handle: 'daily-planet.test', pds: server.url },
    });
    const now = Date.now();
    // The reference PDS's access tokens last 2 hours, refresh tokens 90 days.
    expect(Date.parse(account.grant.expiresAt ?? '') - now).toBeGreaterThan(110 * 60_000);
    expect(Date.parse(account.grant.refreshExpiresAt ?? '') - now).toBeGreaterThan(80 * 86_400_000);
  });

  it('refuses a wrong app password', async () => {
    const error = await failure(adapter.signIn('daily-planet.test', 'aaaa-bbbb-cccc-dddd'));
    expect(error.kind).toBe('reauthorize');
    expect(error.detail).toMatchObject({
      status: 401,
      platformCode: 'AuthenticationRequired',
      platformMessage: 'Invalid identifier or password',
    });
  });

  it('lists the account as its one target', async () => {
    expect(await adapter.targets(account.grant)).toEqual([
      {
        externalId: newsroom.did,
        name: 'The Newsroom',
        handle: '@daily-planet.test',
        avatarUrl: undefined,
        profileUrl: `${server.url}/profile/daily-planet.test`,
      },
    ]);
  });

  it('refreshes the session: new tokens that work', async () => {
    const renewed = await adapter.refresh?.(account.grant);
    // The access JWT has no id of its own: issued in the same second it can be the same token.
    expect(renewed?.refreshToken).not.toBe(account.grant.refreshToken);
    expect(renewed?.context).toEqual(account.grant.context);
    expect(await adapter.targets(renewed ?? account.grant)).toHaveLength(1);
  });

  it('an expired session → reauthorize; refreshing it gives one that works', async () => {
    server.faults.set({ kind: 'expiredToken', account: newsroom.did, times: 1 });
    const error = await failure(adapter.targets(account.grant));
    expect(error.kind).toBe('reauthorize');
    expect(error.detail).toMatchObject({ status: 400, platformCode: 'ExpiredToken' });
    const renewed = await adapter.refresh?.(account.grant);
    expect(await adapter.targets(renewed ?? account.grant)).toHaveLength(1);
  });

  it('a revoked app password: its refresh is refused → reauthorize', async () => {
    const password = await server.createAppPassword(newsroom, 'Revoked soon');
    const grant = await adapter.signIn('daily-planet.test', password);
    await reader.com.atproto.server.revokeAppPassword({ name: 'Revoked soon' });
    const error = await failure(adapter.refresh?.(grant));
    expect(error.kind).toBe('reauthorize');
  });
});

describe('Bluesky: publish, find, remove', () => {
  it('publishes text with its link and a mention as facets, once per idempotency key', async () => {
    const input = { ...post('Hello @reporter.test, read this'), link: 'https://example.org/story' };
    const before = await postCount();
    const first = await adapter.publish(account, input);
    const again = await adapter.publish(account, input);
    expect(again).toEqual(first);
    expect(await postCount()).toBe(before + 1);
    expect(first.externalId).toMatch(
      new RegExp(`^at://${newsroom.did}/app.bsky.feed.post/[2-7a-j][2-7a-z]{12}$`),
    );
    expect(first.url).toBe(`${server.url}/profile/daily-planet.test/post/${recordKeyOf(first.externalId)}`);
    const record = await stored(first.externalId);
    expect(record.text).toBe('Hello @reporter.test, read this\n\nhttps://example.org/story');
    // UTF-8 byte offsets: "Hello " is 6 bytes, "@reporter.test" 14.
    expect(record.facets).toEqual([
      {
        $type: 'app.bsky.richtext.facet',
        index: { byteStart: 6, byteEnd: 20 },
        features: [{ $type: 'app.bsky.richtext.facet#mention', did: other.did }],
      },
      {
        index: { byteStart: 33, byteEnd: 58 },
        features: [{ $type: 'app.bsky.richtext.facet#link', uri: 'https://example.org/story' }],
      },
    ]);
    const page = await fetch(first.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Hello @reporter.test, read this\n\nhttps://example.org/story');
  });

  it('counts byte offsets after text outside ASCII', async () => {
    const published = await adapter.publish(account, post('Café ☕ https://example.org/é'));
    const record = await stored(published.externalId);
    // "Café ☕ " is 10 bytes (é takes 2, ☕ 3), the link 22.
    expect(record.facets).toMatchObject([{ index: { byteStart: 10, byteEnd: 32 } }]);
  });

  it('finds a post by its idempotency key, and nothing for a key never published', async () => {
    const published = await adapter.publish(account, post('Findable'));
    expect(await adapter.find?.(account, post('Findable'), clock.now().toISOString())).toEqual(published);
    expect(await adapter.find?.(account, post('Never sent'), clock.now().toISOString())).toBeNull();
  });

  it('publishes images as blobs with their alt text and aspect ratio', async () => {
    const first = { ...testMedia('image', 'one.jpg'), altText: 'A cat', width: 1200, height: 800 };
    const second = testMedia('image', 'two.jpg');
    const published = await adapter.publish(account, post('Two images', [first, second]));
    const embed = (await stored(published.externalId)).embed as {
      $type: string;
      images: { alt: string; aspectRatio?: unknown; image: { mimeType: string; size: number } }[];
    };
    expect(embed.$type).toBe('app.bsky.embed.images');
    expect(
      embed.images.map(({ alt, aspectRatio, image }) => [alt, aspectRatio, image.mimeType, image.size]),
    ).toEqual([
      ['A cat', { width: 1200, height: 800 }, 'image/jpeg', first.bytes],
      ['', undefined, 'image/jpeg', second.bytes],
    ]);
    const page = await (await fetch(published.url)).text();
    const src = /<img src="([^"]+)" alt="A cat">/.exec(page)?.[1] ?? '';
    const blob = await fetch(new URL(src.replaceAll('&#38;', '&'), server.url));
    expect(blob.status).toBe(200);
    expect((await blob.arrayBuffer()).byteLength).toBe(first.bytes);
  });

  it('refuses an image over 1,000,000 bytes before uploading it (mediaInvalid)', async () => {
    const big = { ...testMedia('image', 'big.jpg'), bytes: 1_000_001 };
    const error = await failure(adapter.publish(account, post('Too big', [big])));
    expect(error.kind).toBe('mediaInvalid');
    expect(error.detail.platformMessage).toBe('big.jpg: 1000001 bytes, over 1000000');
  });

  it('publishes a video through the video service, polling its job through the injected wait', async () => {
    const clip = { ...testMedia('video'), altText: 'A short clip', width: 1920, height: 1080 };
    const published = await adapter.publish(account, post('Video', [clip]));
    expect(waits).toEqual([1500]);
    // Streamed, with its length declared as the tutorial sends it.
    expect(server.video.uploads.at(-1)).toEqual({
      did: newsroom.did,
      name: 'clip.mp4',
      bytes: clip.bytes,
      mime: 'video/mp4',
      contentLength: String(clip.bytes),
    });
    expect((await stored(published.externalId)).embed).toMatchObject({
      $type: 'app.bsky.embed.video',
      alt: 'A short clip',
      aspectRatio: { width: 1920, height: 1080 },
      video: { mimeType: 'video/mp4', size: clip.bytes },
    });
  });

  it('a video the service cannot read → mediaInvalid with its message', async () => {
    const broken = testMedia('video', 'broken.mp4', new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9]));
    const error = await failure(adapter.publish(account, post('Broken video', [broken])));
    expect(error.kind).toBe('mediaInvalid');
    expect(error.detail).toMatchObject({
      platformMessage: 'Video is not a valid MP4 file',
      platformCode: 'validation_failure',
    });
  });

  it('removes a post, and takes a second removal as done', async () => {
    const published = await adapter.publish(account, post('Gone soon'));
    await adapter.remove(account, published.externalId);
    await expect(stored(published.externalId)).rejects.toMatchObject({ error: 'RecordNotFound' });
    expect((await fetch(published.url)).status).toBe(404);
    await adapter.remove(account, published.externalId);
  });

  it("reads metrics from the appview's getPosts: likes, reposts and quotes, replies, bookmarks", async () => {
    const published = await adapter.publish(account, post('Counted'));
    expect(await adapter.metrics?.(account, published.externalId)).toEqual({
      reactions: 0,
      shares: 0,
      comments: 0,
      saves: 0,
      at: clock.now().toISOString(),
    });
    // Views and reach the appview does not give: set here, they stay absent.
    server.appView.counts.set(published.externalId, {
      reactions: 12,
      shares: 3,
      quotes: 2,
      comments: 4,
      saves: 1,
      views: 900,
      reach: 700,
    });
    expect(await adapter.metrics?.(account, published.externalId)).toEqual({
      reactions: 12,
      shares: 5,
      comments: 4,
      saves: 1,
      at: clock.now().toISOString(),
    });
    await adapter.remove(account, published.externalId);
    const gone = await failure(adapter.metrics?.(account, published.externalId));
    expect(gone.kind).toBe('rejected');
  });
});

describe('Bluesky: counts the appview leaves out, and followers', () => {
  it('a count the appview leaves out stays absent, not 0 (quotes alone left out: shares are the reposts)', async () => {
    const published = await adapter.publish(account, post('Sparsely counted'));
    server.appView.counts.set(published.externalId, { reactions: 3, shares: 2, quotes: 1, saves: 4 });
    const sparse =
      (drop: string[]): typeof fetch =>
      async (input, init) => {
        const answer = await fetch(input, init);
        if (!String(input).includes('/xrpc/app.bsky.feed.getPosts')) return answer;
        const body = (await answer.json()) as { posts: Record<string, unknown>[] };
        const posts = body.posts.map((view) =>
          Object.fromEntries(Object.entries(view).filter(([name]) => !drop.includes(name))),
        );
        return Response.json({ posts });
      };
    const read = (drop: string[]) =>
      createBlueskyAdapter({ ...settings(), fetch: sparse(drop) }).metrics?.(account, published.externalId);
    expect(await read(['likeCount', 'bookmarkCount', 'quoteCount'])).toEqual({
      shares: 2,
      comments: 0,
      at: clock.now().toISOString(),
    });
    expect(await read(['repostCount', 'quoteCount', 'replyCount'])).toEqual({
      reactions: 3,
      saves: 4,
      at: clock.now().toISOString(),
    });
  });

  it("reads the account's followersCount from the appview's getProfile", async () => {
    server.appView.followers.set(newsroom.did, 2_468);
    expect(await adapter.accountMetrics?.(account)).toEqual({
      followers: 2_468,
      at: clock.now().toISOString(),
    });
  });

  it('getPosts and getProfile: 429 → rateLimited with the wait; an actor the appview does not know → rejected', async () => {
    const published = await adapter.publish(account, post('Counted later'));
    server.faults.set({ kind: 'rateLimited', retryAfterS: 45, call: 'app.bsky.feed.getPosts', times: 1 });
    await expectFailure(adapter.metrics?.(account, published.externalId), {
      kind: 'rateLimited',
      status: 429,
      platformCode: 'RateLimitExceeded',
      retryAfterMs: 45_000,
    });
    server.faults.set({ kind: 'rateLimited', retryAfterS: 45, call: 'app.bsky.actor.getProfile', times: 1 });
    await expectFailure(adapter.accountMetrics?.(account), {
      kind: 'rateLimited',
      status: 429,
      retryAfterMs: 45_000,
    });
    await expectFailure(
      adapter.accountMetrics?.({ ...account, externalId: 'did:plc:aaaaaaaaaaaaaaaaaaaaaaaa' }),
      {
        kind: 'rejected',
        status: 400,
        platformCode: 'InvalidRequest',
        platformMessage: 'Profile not found',
      },
    );
  });
});

describe('Bluesky: faults', () => {
  itMapsAccountFaults(
    {
      expiredToken: { kind: 'reauthorize', status: 400, platformMessage: 'Token has expired' },
      revokedGrant: { kind: 'reauthorize', status: 400, platformMessage: 'Token could not be verified' },
      // createRecord's 500 says nothing of whether the post was made (and none is found).
      serverError: { kind: 'outcomeUnknown', status: 500, platformMessage: 'Internal Server Error' },
    },
    (kind) => {
      server.faults.set({ kind, account: newsroom.did, times: 1 });
      return adapter.publish(account, post(kind));
    },
  );

  it('429 → rateLimited with the wait from the answer', async () => {
    server.faults.set({ kind: 'rateLimited', retryAfterS: 90, call: 'com.atproto.repo.createRecord' });
    await expectFailure(adapter.publish(account, post('Too fast')), {
      kind: 'rateLimited',
      status: 429,
      platformCode: 'RateLimitExceeded',
      platformMessage: 'Rate Limit Exceeded',
      retryAfterMs: 90_000,
    });
  });

  it("content rejected → rejected with the PDS's message; a text over 300 graphemes too", async () => {
    server.faults.set({ kind: 'contentRejected', message: 'Record contains a forbidden word', times: 1 });
    const error = await failure(adapter.publish(account, post('Bad word')));
    expect(error.kind).toBe('rejected');
    expect(error.detail.platformMessage).toBe('Record contains a forbidden word');

    const long = await failure(adapter.publish(account, post('x'.repeat(301))));
    expect(long.kind).toBe('rejected');
    expect(long.detail).toMatchObject({
      status: 400,
      platformCode: 'InvalidRequest',
      platformMessage:
        'Invalid app.bsky.feed.post record: grapheme too big (maximum 300, got 301) at $.record.text',
    });
  });

  it('slow video processing: polls until done, or gives up (transient) past maxPolls', async () => {
    server.faults.set({ kind: 'slowProcessing', polls: 3, call: 'app.bsky.video.uploadVideo', times: 1 });
    await adapter.publish(account, post('Slow video', [testMedia('video')]));
    expect(waits).toHaveLength(4);
    waits.length = 0;
    server.faults.set({ kind: 'slowProcessing', polls: 50, call: 'app.bsky.video.uploadVideo', times: 1 });
    const before = await postCount();
    const error = await failure(adapter.publish(account, post('Too slow', [testMedia('video')])));
    expect(error.kind).toBe('transient');
    expect(waits).toHaveLength(5);
    expect(await postCount()).toBe(before);
  });

  it.each(['acceptThenHang', 'acceptThenServerError', 'acceptThenMalformed'] as const)(
    '%s: the post exists, and publish finds it at its record key at once',
    async (kind) => {
      const impatient = createBlueskyAdapter({ ...settings(), timeoutMs: 300 });
      server.faults.set({ kind, call: 'com.atproto.repo.createRecord', times: 1 });
      const input = post(`Answer lost to ${kind}`);
      const before = await postCount();
      const published = await impatient.publish(account, input);
      expect((await stored(published.externalId)).text).toBe(input.text);
      expect(await postCount()).toBe(before + 1);
    },
  );

  it.each(['acceptThenHang', 'acceptThenServerError', 'acceptThenMalformed'] as const)(
    '%s, and the post cannot be asked about → outcomeUnknown; find() and a retry with the same key return it',
    async (kind) => {
      const impatient = createBlueskyAdapter({ ...settings(), timeoutMs: 300 });
      server.faults.set({ kind, call: 'com.atproto.repo.createRecord', times: 1 });
      server.faults.set({ kind: 'serverError', call: 'com.atproto.repo.getRecord', times: 1 });
      const input = post(`Unconfirmed after ${kind}`);
      const error = await failure(impatient.publish(account, input));
      expect(error.kind).toBe('outcomeUnknown');
      const found = await adapter.find?.(account, input, clock.now().toISOString());
      expect(found).not.toBeNull();
      expect((await stored(found?.externalId ?? '')).text).toBe(input.text);
      expect(await adapter.publish(account, input)).toEqual(found);
    },
  );

  it('a 200 to createRecord that is not its answer → outcomeUnknown, never a TypeError', async () => {
    // A unit-level stand-in for a proxy that garbles the answer: the PDS still gets the call.
    const garbling: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      const method = new URL(String(input)).pathname;
      if (method.endsWith('/com.atproto.repo.createRecord'))
        return new Response('{"uri":"https://example.org/","cid":7}', {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      if (method.endsWith('/com.atproto.repo.getRecord'))
        return new Response('{"error":"InternalServerError"}', { status: 500 });
      return answer;
    };
    const input = post('Garbled answer');
    const error = await failure(
      createBlueskyAdapter({ ...settings(), fetch: garbling }).publish(account, input),
    );
    expect(error.kind).toBe('outcomeUnknown');
    expect(error.detail.platformMessage).toBe(
      'com.atproto.repo.createRecord answered what is not its answer',
    );
    expect(await adapter.find?.(account, input, clock.now().toISOString())).not.toBeNull();
  });

  it('a lookup that cannot finish throws (the publication stays publishing), it does not say "not there"', async () => {
    server.faults.set({ kind: 'rateLimited', retryAfterS: 30, call: 'com.atproto.repo.getRecord', times: 1 });
    await expectFailure(adapter.find?.(account, post('Anything'), clock.now().toISOString()), {
      kind: 'rateLimited',
    });
  });

  it("tells onProgress the video's job, and a later attempt asks about it instead of uploading again", async () => {
    const told: Record<string, string>[] = [];
    const clip = testMedia('video', 'resumed.mp4');
    const input = {
      ...post('Resumed video', [clip]),
      onProgress: async (ids: Record<string, string>) => {
        told.push(ids);
      },
    };
    server.faults.set({ kind: 'rateLimited', call: 'com.atproto.repo.createRecord', times: 1 });
    expect((await failure(adapter.publish(account, input))).kind).toBe('rateLimited');
    expect(told).toEqual([{ videoJob: expect.any(String) }]);
    const uploads = server.video.uploads.length;
    told.length = 0;
    const published = await adapter.publish(account, { ...input, progress: { videoJob: 'gone' } });
    expect(server.video.uploads).toHaveLength(uploads + 1);
    expect(told).toEqual([{ videoJob: expect.any(String) }]);
    await adapter.remove(account, published.externalId);

    const again = await adapter.publish(account, {
      ...post('Resumed video, again', [clip]),
      progress: { videoJob: told[0]?.['videoJob'] ?? '' },
    });
    expect(server.video.uploads).toHaveLength(uploads + 1);
    expect((await stored(again.externalId)).embed).toMatchObject({ video: { size: clip.bytes } });
  });
});
