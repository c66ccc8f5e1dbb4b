import { submitConsent } from '@postdeck/platform-fakes/oauth/consent-client';
import { type XFake, startXFake } from '@postdeck/platform-fakes/x/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { testMedia } from '../../test/media-files.ts';
import type { AccountAccess, PlatformAdapter, PostInput } from '../adapter.ts';
import {
  connectByConsent,
  expectFailure,
  failure,
  itMapsAccountFaults,
  itReadsMetrics,
  itRemovesTwice,
  pkce,
  type PostsFixture,
  REDIRECT,
} from '../adapter-testing.ts';
import { type XAdapterSettings, createXAdapter } from './adapter.ts';

const CLIENT = { clientId: 'postdeck-x', clientSecret: 'x-secret' };
const SCOPES = 'tweet.read tweet.write users.read media.write offline.access';
const clock = manualClock(new Date('2026-03-01T10:00:00Z'));
const waits: number[] = [];
let fake: XFake;
let adapter: PlatformAdapter;
let account: AccountAccess;
let userId: string;

function settings(extra: Partial<XAdapterSettings> = {}): XAdapterSettings {
  const host = fake.url;
  return {
    ...CLIENT,
    hosts: { api: host, upload: host, authorize: host, token: host, web: host },
    clock,
    chunkBytes: 32,
    pollIntervalMs: 2000,
    maxPolls: 5,
    wait: async (ms) => {
      waits.push(ms);
    },
    ...extra,
  };
}

beforeAll(async () => {
  fake = await startXFake({ now: clock.now, clients: [CLIENT] });
  userId = fake.addUser({ username: 'newsroom', name: 'The Newsroom' }).id;
  adapter = createXAdapter(settings());
  account = { externalId: userId, grant: await connect() };
});
afterEach(() => {
  fake.faults.clear();
  waits.length = 0;
});
afterAll(() => fake.stop());

const connect = (untick: string[] = []) => connectByConsent(adapter, { answer: { untick }, pkce: true });

const post = (text: string, media: PostInput['media'] = []): PostInput => ({
  text,
  media,
  idempotencyKey: `key-${text}`,
});

/** The shared post tests' view of this suite. */
const fixture = (): PostsFixture => ({ adapter, account, posts: fake.posts, now: () => clock.now(), post });

describe('X: connect', () => {
  it('asks for consent with PKCE S256 and our scopes', () => {
    const url = new URL(
      adapter.authorizationUrl?.({ state: 's', redirectUri: REDIRECT, codeChallenge: 'c'.repeat(43) }) ?? '',
    );
    expect(url.origin + url.pathname).toBe(`${fake.url}/i/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: CLIENT.clientId,
      redirect_uri: REDIRECT,
      scope: SCOPES,
      state: 's',
      code_challenge: 'c'.repeat(43),
      code_challenge_method: 'S256',
    });
  });

  it('exchanges the approved code for a two-hour grant with a refresh token and the username', () => {
    expect(account.grant).toMatchObject({
      scopes: SCOPES.split(' '),
      expiresAt: '2026-03-01T12:00:00.000Z',
      context: { userId, username: 'newsroom' },
    });
    expect(account.grant.refreshToken).toMatch(/^x-rt-/);
  });

  it('keeps the scopes as granted: without offline.access there is no refresh token', async () => {
    const grant = await connect(['offline.access']);
    expect(grant.scopes).toEqual(['tweet.read', 'tweet.write', 'users.read', 'media.write']);
    expect(grant.refreshToken).toBeUndefined();
    expect((await failure(adapter.refresh?.(grant))).kind).toBe('reauthorize');
  });

  it('brings back a denial with the state, and refuses a replayed code and a wrong verifier', async () => {
    const { verifier, challenge } = pkce();
    const url =
      adapter.authorizationUrl?.({ state: 'd', redirectUri: REDIRECT, codeChallenge: challenge }) ?? '';
    const denied = await submitConsent(url, { decision: 'deny' });
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('state')).toBe('d');

    const code = (await submitConsent(url, { decision: 'approve' })).searchParams.get('code') ?? '';
    const wrong = await failure(
      adapter.exchangeCode?.({ code, redirectUri: REDIRECT, codeVerifier: 'wrong' }),
    );
    expect(wrong.kind).toBe('rejected');
    expect(wrong.detail.platformCode).toBe('invalid_request');

    const fresh = (await submitConsent(url, { decision: 'approve' })).searchParams.get('code') ?? '';
    await adapter.exchangeCode?.({ code: fresh, redirectUri: REDIRECT, codeVerifier: verifier });
    const replayed = await failure(
      adapter.exchangeCode?.({ code: fresh, redirectUri: REDIRECT, codeVerifier: verifier }),
    );
    expect(replayed.kind).toBe('rejected');
    expect(replayed.detail.platformMessage).toBe('Value passed for the authorization code was invalid.');
  });

  it('a code older than 30 seconds is refused', async () => {
    const { verifier, challenge } = pkce();
    const url =
      adapter.authorizationUrl?.({ state: 'late', redirectUri: REDIRECT, codeChallenge: challenge }) ?? '';
    const code = (await submitConsent(url, { decision: 'approve' })).searchParams.get('code') ?? '';
    clock.advance(31_000);
    const late = await failure(
      adapter.exchangeCode?.({ code, redirectUri: REDIRECT, codeVerifier: verifier }),
    );
    expect(late.kind).toBe('rejected');
  });

  it('refreshes past expiry: the old token fails reauthorize, the new one works, the spent refresh token is refused', async () => {
    const grant = await connect();
    clock.advance(2 * 3600 * 1000 + 1000);
    expect((await failure(adapter.targets(grant))).kind).toBe('reauthorize');
    const renewed = await adapter.refresh?.(grant);
    if (!renewed) throw new Error('no refresh');
    expect(renewed.refreshToken).not.toBe(grant.refreshToken);
    expect(renewed.expiresAt).toBe(new Date(clock.now().getTime() + 7200_000).toISOString());
    expect(renewed.context).toEqual(grant.context);
    expect((await adapter.targets(renewed))[0]?.externalId).toBe(userId);
    // X's refresh tokens are single use.
    const spent = await failure(adapter.refresh?.(grant));
    expect(spent.kind).toBe('reauthorize');
    expect(spent.detail.platformMessage).toBe('Value passed for the token was invalid.');
    account = { ...account, grant: renewed };
  });

  it('lists the user as the one target', async () => {
    expect(await adapter.targets(account.grant)).toEqual([
      {
        externalId: userId,
        name: 'The Newsroom',
        handle: '@newsroom',
        avatarUrl: `${fake.url}/profile_images/${userId}/avatar_normal.svg`,
        profileUrl: `${fake.url}/newsroom`,
      },
    ]);
  });

  it('revokes a grant: its tokens stop working', async () => {
    const grant = await connect();
    await adapter.revoke?.(grant);
    expect((await failure(adapter.targets(grant))).kind).toBe('reauthorize');
    expect((await failure(adapter.refresh?.(grant))).kind).toBe('reauthorize');
  });
});

describe('X: publish, find, metrics, remove', () => {
  it('publishes text with its link; the URL opens the post', async () => {
    const published = await adapter.publish(account, { ...post('Hello X'), link: 'https://example.org/a' });
    expect(published.url).toBe(`${fake.url}/newsroom/status/${published.externalId}`);
    expect(fake.posts.get(published.externalId)).toMatchObject({
      account: userId,
      text: 'Hello X\n\nhttps://example.org/a',
    });
    const page = await fetch(published.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Hello X');
  });

  it('without the username in the grant, the URL is x.com/i/status/{id}, which opens too', async () => {
    const anonymous = { ...account, grant: { ...account.grant, context: undefined } };
    const published = await adapter.publish(anonymous, post('No name'));
    expect(published.url).toBe(`${fake.url}/i/status/${published.externalId}`);
    expect((await fetch(published.url)).status).toBe(200);
  });

  it('publishes images through the one-shot upload', async () => {
    const published = await adapter.publish(
      account,
      post('Two photos', [testMedia('image'), testMedia('image', 'b.jpg')]),
    );
    expect(fake.posts.get(published.externalId)?.media.map((m) => m.mime)).toEqual([
      'image/jpeg',
      'image/jpeg',
    ]);
    expect(waits).toEqual([]);
  });

  it('publishes a video in chunks: INITIALIZE, APPEND per 32 bytes, FINALIZE, then STATUS as X asks', async () => {
    const video = testMedia('video');
    const published = await adapter.publish(account, post('A clip', [video]));
    const upload = [...fake.state.uploads.values()].at(-1);
    expect(upload).toMatchObject({
      mediaType: 'video/mp4',
      category: 'tweet_video',
      totalBytes: video.bytes,
    });
    expect([...(upload?.segments.keys() ?? [])]).toEqual([0, 1, 2]);
    expect(upload?.segments.get(2)?.byteLength).toBe(video.bytes - 64);
    // FINALIZE said pending with check_after_secs 1; one STATUS said succeeded.
    expect(waits).toEqual([1000]);
    expect(fake.posts.get(published.externalId)?.media[0]?.bytes.byteLength).toBe(video.bytes);
  });

  it('publishes a GIF in chunks as tweet_gif, alone', async () => {
    const gif = {
      ...testMedia('image', 'a.gif', new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 2, 3])),
      mime: 'image/gif',
    };
    const published = await adapter.publish(account, post('A GIF', [gif]));
    expect([...fake.state.uploads.values()].at(-1)).toMatchObject({
      mediaType: 'image/gif',
      category: 'tweet_gif',
    });
    expect(fake.posts.get(published.externalId)?.media[0]?.mime).toBe('image/gif');
    const mixed = await failure(adapter.publish(account, post('GIF and photo', [gif, testMedia('image')])));
    expect([mixed.kind, mixed.detail.status]).toEqual(['rejected', 400]);
  });

  it('finds a post whose answer was lost, by its text, since a time', async () => {
    const since = clock.now().toISOString();
    clock.advance(1000);
    const published = await adapter.publish(account, { ...post('Findable'), link: 'https://example.org/f' });
    expect(
      await adapter.find?.(account, { ...post('Findable'), link: 'https://example.org/f' }, since),
    ).toEqual(published);
    expect(await adapter.find?.(account, post('Never sent'), since)).toBeNull();
  });

  it('pages through the timeline until the window since the attempt began is read', async () => {
    const since = clock.now().toISOString();
    clock.advance(1000);
    const wanted = await adapter.publish(account, post('Deep in the timeline'));
    // 150 newer posts push it onto the second page of 100.
    for (let i = 0; i < 150; i++) {
      clock.advance(1000);
      fake.posts.add({
        id: `9${String(i).padStart(5, '0')}`,
        account: userId,
        text: `Filler ${i}`,
        media: [],
        createdAt: clock.now(),
      });
    }
    expect(await adapter.find?.(account, post('Deep in the timeline'), since)).toEqual(wanted);
    expect(await adapter.find?.(account, post('Deep in the timeline'), clock.now().toISOString())).toBeNull();
    for (let i = 0; i < 150; i++) fake.posts.markDeleted(`9${String(i).padStart(5, '0')}`, clock.now());
  });

  it('sends reply_settings from the options; X records who may reply', async () => {
    const published = await adapter.publish(account, {
      ...post('Followers may reply'),
      options: { replySettings: 'following' },
    });
    expect(fake.state.replySettings.get(published.externalId)).toBe('following');
    const open = await adapter.publish(account, post('Everyone may reply'));
    expect(fake.state.replySettings.has(open.externalId)).toBe(false);
  });

  it('tells each media id as X hands it out, and a later attempt reuses an upload X still has', async () => {
    const told: Record<string, string>[] = [];
    const onProgress = async (ids: Record<string, string>) => {
      told.push(ids);
    };
    const files = [testMedia('image'), testMedia('image', 'b.jpg')];
    const first = await adapter.publish(account, { ...post('Told', files), onProgress });
    expect(told).toEqual([
      { media0: expect.any(String) as unknown },
      { media1: expect.any(String) as unknown },
    ]);
    expect(first.externalId).toBeDefined();

    const video = testMedia('video');
    fake.faults.set({ kind: 'acceptThenHang', call: 'POST /2/tweets', times: 1 });
    told.length = 0;
    const impatient = createXAdapter(settings({ timeoutMs: 300 }));
    expect(
      (await failure(impatient.publish(account, { ...post('Resumed clip', [video]), onProgress }))).kind,
    ).toBe('outcomeUnknown');
    const progress = Object.assign({}, ...told) as Record<string, string>;
    expect(Object.keys(progress)).toEqual(['media0']);
    fake.posts.markDeleted(fake.posts.all().at(-1)?.id ?? '', clock.now());
    const uploads = fake.state.uploads.size;
    const again = await adapter.publish(account, { ...post('Resumed clip', [video]), progress });
    expect(fake.state.uploads.size).toBe(uploads);
    expect(fake.posts.get(again.externalId)?.media[0]?.name).toBe(`${progress['media0']}.mp4`);

    // An id X no longer knows (expired, or never finished) is uploaded anew.
    const fresh = await adapter.publish(account, {
      ...post('Expired upload', [video]),
      progress: { media0: '1880000000000000000' },
    });
    expect(fake.state.uploads.size).toBe(uploads + 1);
    expect(fake.posts.get(fresh.externalId)?.media).toHaveLength(1);
  });

  itReadsMetrics(
    'reads public metrics: impressions, likes, replies, reposts, bookmarks',
    { views: 900, reactions: 12, shares: 3, comments: 4, saves: 2 },
    fixture,
  );

  it('counts quotes with reposts as shares, and leaves out what public_metrics does not give', async () => {
    const published = await adapter.publish(account, post('Quoted'));
    const stored = fake.posts.get(published.externalId);
    if (stored) stored.metrics = { views: 50, shares: 2, reach: 40, linkClicks: 6, videoViews: 9 };
    fake.state.quotes.set(published.externalId, 3);
    const metrics = await adapter.metrics?.(account, published.externalId);
    expect(metrics).toEqual({
      views: 50,
      reactions: 0,
      comments: 0,
      shares: 5,
      saves: 0,
      at: clock.now().toISOString(),
    });
    for (const absent of ['reach', 'linkClicks', 'videoViews', 'watchTimeS'] as const)
      expect(metrics?.[absent], absent).toBeUndefined();
  });

  it("reads the user's followers_count from /2/users/me", async () => {
    const user = fake.state.users.get(userId);
    if (user) user.followers = 4_321;
    expect(await adapter.accountMetrics?.(account)).toEqual({
      followers: 4_321,
      at: clock.now().toISOString(),
    });
  });

  it('metrics: 429 → rateLimited with its wait, an expired token → reauthorize, a deleted post → rejected', async () => {
    const published = await adapter.publish(account, post('Counted, then not'));
    fake.faults.set({ kind: 'rateLimited', retryAfterS: 30, call: 'GET /2/tweets/:id', times: 1 });
    await expectFailure(adapter.metrics?.(account, published.externalId), {
      kind: 'rateLimited',
      status: 429,
      retryAfterMs: 30_000,
    });
    fake.faults.set({ kind: 'expiredToken', call: 'GET /2/users/me', times: 1 });
    await expectFailure(adapter.accountMetrics?.(account), { kind: 'reauthorize', status: 401 });
    await adapter.remove(account, published.externalId);
    await expectFailure(adapter.metrics?.(account, published.externalId), { kind: 'rejected' });
  });

  itRemovesTwice('removes a post, and takes a second removal as done', fixture);
});

describe('X: faults', () => {
  itMapsAccountFaults(
    {
      expiredToken: { kind: 'reauthorize', status: 401, platformMessage: 'Unauthorized' },
      revokedGrant: { kind: 'reauthorize', status: 401, platformMessage: 'Unauthorized' },
      // A 5xx to a post leaves it unknown whether X made it (DESIGN.md §6).
      serverError: { kind: 'outcomeUnknown', status: 503, platformMessage: 'Service Unavailable' },
    },
    (kind) => {
      fake.faults.set({ kind, account: userId, times: 1 });
      return adapter.publish(account, post(kind));
    },
  );

  it('a 5xx to a read, or to an upload nothing points to yet, is transient', async () => {
    fake.faults.set({ kind: 'serverError', call: 'GET /2/users/me', times: 1 });
    await expectFailure(adapter.targets(account.grant), { kind: 'transient', status: 503 });
    fake.faults.set({ kind: 'serverError', call: 'POST /2/media/upload', times: 1 });
    await expectFailure(adapter.publish(account, post('Upload failed', [testMedia('image')])), {
      kind: 'transient',
      status: 503,
    });
  });

  for (const kind of ['acceptThenServerError', 'acceptThenMalformed'] as const)
    it(`${kind} on the post → outcomeUnknown; X holds the post and find brings it back`, async () => {
      const since = clock.now().toISOString();
      fake.faults.set({ kind, call: 'POST /2/tweets', times: 1 });
      const error = await failure(adapter.publish(account, post(`Answer lost: ${kind}`)));
      expect(error.kind).toBe('outcomeUnknown');
      const stored = fake.posts.all().at(-1);
      expect(stored?.text).toBe(`Answer lost: ${kind}`);
      expect(await adapter.find?.(account, post(`Answer lost: ${kind}`), since)).toEqual({
        externalId: stored?.id,
        url: `${fake.url}/newsroom/status/${stored?.id}`,
      });
    });

  it('a malformed answer to an upload is transient: nothing points to the file yet', async () => {
    fake.faults.set({ kind: 'acceptThenMalformed', call: 'POST /2/media/upload/initialize', times: 1 });
    const before = fake.posts.all().length;
    const error = await failure(adapter.publish(account, post('Clip, answer garbled', [testMedia('video')])));
    expect(error.kind).toBe('transient');
    expect(fake.posts.all()).toHaveLength(before);
  });

  it('a lookup that cannot finish throws rather than answering "not there"', async () => {
    fake.faults.set({ kind: 'rateLimited', retryAfterS: 60, call: 'GET /2/users/:id/tweets', times: 1 });
    await expectFailure(adapter.find?.(account, post('Anything'), clock.now().toISOString()), {
      kind: 'rateLimited',
    });
  });

  it('429 → rateLimited with the wait from x-rate-limit-reset', async () => {
    fake.faults.set({ kind: 'rateLimited', retryAfterS: 90, call: 'POST /2/tweets', times: 1 });
    await expectFailure(adapter.publish(account, post('Too fast')), {
      kind: 'rateLimited',
      retryAfterMs: 90_000,
    });
  });

  it("content rejected → rejected with X's words; a duplicate too", async () => {
    fake.faults.set({
      kind: 'contentRejected',
      message: 'This request looks like it might be automated.',
      times: 1,
    });
    const error = await failure(adapter.publish(account, post('Spammy')));
    expect(error.kind).toBe('rejected');
    expect(error.detail.platformMessage).toBe('This request looks like it might be automated.');
    await adapter.publish(account, post('Said once'));
    const duplicate = await failure(adapter.publish(account, post('Said once')));
    expect([duplicate.kind, duplicate.detail.status, duplicate.detail.platformMessage]).toEqual([
      'rejected',
      403,
      'You are not allowed to create a Tweet with duplicate content.',
    ]);
  });

  it('a file X cannot read → mediaInvalid, for an image at upload and for a video at processing', async () => {
    const broken = testMedia('image', 'broken.jpg', new Uint8Array([1, 2, 3, 4]));
    const image = await failure(adapter.publish(account, post('Broken', [broken])));
    expect([image.kind, image.detail.platformCode, image.detail.platformMessage]).toEqual([
      'mediaInvalid',
      'invalid-request',
      'media type unrecognized.',
    ]);
    const notVideo = { ...testMedia('video', 'fake.mp4', new Uint8Array(40).fill(9)) };
    const video = await failure(adapter.publish(account, post('Not a video', [notVideo])));
    expect(video.kind).toBe('mediaInvalid');
    expect(video.detail.platformMessage).toBe(
      'InvalidMedia: Invalid or Unsupported media, Reason: UnsupportedMedia.',
    );
  });

  it('slow processing: polls through the injected wait until ready, or gives up (transient) past maxPolls', async () => {
    fake.faults.set({
      kind: 'slowProcessing',
      polls: 4,
      call: 'POST /2/media/upload/:id/finalize',
      times: 1,
    });
    await adapter.publish(account, post('Slow clip', [testMedia('video')]));
    expect(waits).toEqual([1000, 1000, 1000, 1000]);
    waits.length = 0;
    fake.faults.set({
      kind: 'slowProcessing',
      polls: 50,
      call: 'POST /2/media/upload/:id/finalize',
      times: 1,
    });
    const before = fake.posts.all().length;
    const error = await failure(adapter.publish(account, post('Too slow', [testMedia('video')])));
    expect(error.kind).toBe('transient');
    expect(waits).toHaveLength(5);
    expect(fake.posts.all()).toHaveLength(before);
  });

  it('accept then hang → outcomeUnknown; the post exists and find brings it back', async () => {
    const since = clock.now().toISOString();
    const impatient = createXAdapter(settings({ timeoutMs: 300 }));
    fake.faults.set({ kind: 'acceptThenHang', call: 'POST /2/tweets', times: 1 });
    const error = await failure(impatient.publish(account, post('Lost answer')));
    expect(error.kind).toBe('outcomeUnknown');
    const stored = fake.posts.all().at(-1);
    expect(stored?.text).toBe('Lost answer');
    expect((await adapter.find?.(account, post('Lost answer'), since))?.externalId).toBe(stored?.id);
  });
});
