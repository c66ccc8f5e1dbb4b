import type { PublishOptionsOf } from '@postdeck/contract/publish-options';
import { seedGoogleSandbox } from '@postdeck/platform-fakes/google/seed';
import { type GoogleFake, startGoogleFake } from '@postdeck/platform-fakes/google/server';
import { submitConsent } from '@postdeck/platform-fakes/oauth/consent-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { testMedia } from '../../test/media-files.ts';
import type { AccountAccess, PlatformAdapter, PostInput } from '../adapter.ts';
import {
  expectFailure,
  failure,
  itMapsAccountFaults,
  itReadsMetrics,
  itRemovesTwice,
  type PostsFixture,
} from '../adapter-testing.ts';
import { REDIRECT, allHostsAt, connectGoogle } from '../google/connect-testing.ts';
import { DEFAULT_YOUTUBE_HOSTS, type YoutubeAdapterSettings, createYoutubeAdapter } from './adapter.ts';

const CLIENT = { clientId: 'yt-client', clientSecret: 'yt-secret' };
const SCOPE = 'https://www.googleapis.com/auth/';
const KIB = 1024;
const clock = manualClock(new Date('2026-03-01T10:00:00Z'));
const waits: number[] = [];
let fake: GoogleFake;
let adapter: PlatformAdapter;
let sandbox: ReturnType<typeof seedGoogleSandbox>;
let account: AccountAccess;

const settings = (more: Partial<YoutubeAdapterSettings> = {}): YoutubeAdapterSettings => ({
  ...CLIENT,
  hosts: allHostsAt(DEFAULT_YOUTUBE_HOSTS, fake.url),
  clock,
  chunkBytes: 256 * KIB,
  pollIntervalMs: 1500,
  maxPolls: 3,
  resumeDelayMs: 100,
  wait: async (ms) => {
    waits.push(ms);
  },
  ...more,
});

beforeAll(async () => {
  fake = await startGoogleFake({ now: clock.now, clients: [CLIENT] });
  sandbox = seedGoogleSandbox(fake);
  adapter = createYoutubeAdapter(settings());
  const grant = await connectGoogle(adapter);
  const [target] = await adapter.targets(grant);
  account = { externalId: target?.externalId ?? '', grant };
});
afterEach(() => {
  fake.faults.clear();
  waits.length = 0;
});
afterAll(() => fake.stop());

const post = (text: string, media: PostInput['media'] = [], key = `key-${text}`): PostInput => ({
  text,
  media,
  idempotencyKey: key,
});

/** The shared post tests' view of this suite. */
const fixture = (): PostsFixture => ({
  adapter,
  account,
  posts: fake.posts,
  now: () => clock.now(),
  post: (text) => post(text, [testMedia('video')]),
});

/** An MP4 of `size` bytes: big enough for several 256 KiB chunks. */
function mp4Bytes(size: number): Uint8Array {
  const bytes = new Uint8Array(size).map((_, i) => i % 251);
  bytes.set([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32]);
  return bytes;
}
const bigVideo = (size: number) => testMedia('video', 'big.mp4', mp4Bytes(size));

const lastSession = () => [...fake.state.sessions.values()].at(-1);

describe('YouTube: connect', () => {
  it("builds Google's consent URL with offline access and PKCE", () => {
    const url = new URL(
      adapter.authorizationUrl?.({ state: 's', redirectUri: REDIRECT, codeChallenge: 'c' }) ?? '',
    );
    expect(url.origin + url.pathname).toBe(`${fake.url}/o/oauth2/v2/auth`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: CLIENT.clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: `${SCOPE}youtube.upload ${SCOPE}youtube.readonly ${SCOPE}youtube.force-ssl`,
      access_type: 'offline',
      prompt: 'consent',
      state: 's',
      code_challenge: 'c',
      code_challenge_method: 'S256',
    });
  });

  it('exchanges the approved code for a grant with its scopes, expiry and refresh token', () => {
    expect(account.grant).toMatchObject({
      scopes: [`${SCOPE}youtube.upload`, `${SCOPE}youtube.readonly`, `${SCOPE}youtube.force-ssl`],
      expiresAt: new Date(clock.now().getTime() + 3599_000).toISOString(),
      refreshExpiresAt: undefined,
    });
    expect(account.grant.accessToken).toMatch(/^ya29\./);
    expect(account.grant.refreshToken).toBeTruthy();
  });

  it('lists the channel picked on the consent page: one per grant', async () => {
    const [first, second] = sandbox.channels;
    expect(await adapter.targets(account.grant)).toEqual([
      {
        externalId: first?.id,
        name: 'Postdeck Demo',
        handle: '@postdeckdemo',
        avatarUrl: `${fake.url}/avatars/${first?.id}.png?s=88`,
        profileUrl: `${fake.url}/channel/${first?.id}`,
      },
    ]);
    const [target] = await adapter.targets(account.grant);
    expect((await fetch(target?.profileUrl ?? '')).status).toBe(200);
    expect((await fetch(target?.avatarUrl ?? '')).headers.get('content-type')).toBe('image/png');
    // Google's chooser takes one channel: choosing the second reaches it alone.
    const other = await connectGoogle(adapter, { choose: [second?.id ?? ''] });
    expect((await adapter.targets(other)).map((t) => t.name)).toEqual([second?.title]);
  });

  it('a Google account without a channel reaches nothing, and an upload needs a new consent', async () => {
    const user = fake.addUser({ name: 'No channel' });
    const grant = await connectGoogle(adapter, { userId: user.id });
    expect(await adapter.targets(grant)).toEqual([]);
    const error = await failure(
      adapter.publish({ externalId: 'none', grant }, post('Nowhere', [testMedia('video')])),
    );
    expect([error.kind, error.detail.platformCode]).toEqual(['reauthorize', 'youtubeSignupRequired']);
  });

  it('keeps the scopes as granted when the user unticks one; the missing scope fails reauthorize', async () => {
    const grant = await connectGoogle(adapter, {
      untick: [`${SCOPE}youtube.upload`, `${SCOPE}youtube.force-ssl`],
    });
    expect(grant.scopes).toEqual([`${SCOPE}youtube.readonly`]);
    const error = await failure(
      adapter.publish({ ...account, grant }, post('No scope', [testMedia('video')])),
    );
    expect(error.kind).toBe('reauthorize');
    expect(error.detail.platformCode).toBe('insufficientPermissions');
  });

  it('brings back a denial with the state, and refuses a replayed code', async () => {
    const url = adapter.authorizationUrl?.({ state: 'd', redirectUri: REDIRECT }) ?? '';
    const denied = await submitConsent(url, { decision: 'deny' });
    expect(Object.fromEntries(denied.searchParams)).toEqual({ error: 'access_denied', state: 'd' });
    const approved = await submitConsent(url, { decision: 'approve' });
    expect(approved.searchParams.get('scope')).toContain(`${SCOPE}youtube.upload`);
    const exchange = { code: approved.searchParams.get('code') ?? '', redirectUri: REDIRECT };
    await adapter.exchangeCode?.(exchange);
    const replayed = await failure(adapter.exchangeCode?.(exchange));
    expect(replayed.kind).toBe('rejected');
    expect(replayed.detail.platformCode).toBe('invalid_grant');
    expect(replayed.detail.platformMessage).toBe('Code was already redeemed.');
  });

  it('refreshes an expired token; a revoked grant can no longer refresh', async () => {
    const grant = await connectGoogle(adapter);
    clock.advance(3600_000);
    const expired = await failure(adapter.targets(grant));
    expect(expired.kind).toBe('reauthorize');
    expect(expired.detail.platformCode).toBe('authError');
    const renewed = await adapter.refresh?.(grant);
    expect(renewed?.refreshToken).toBe(grant.refreshToken);
    expect(renewed?.expiresAt).toBe(new Date(clock.now().getTime() + 3599_000).toISOString());
    expect(await adapter.targets(renewed ?? grant)).toHaveLength(1);
    await adapter.revoke?.(renewed ?? grant);
    await adapter.revoke?.(renewed ?? grant);
    const refused = await failure(adapter.refresh?.(grant));
    expect(refused.kind).toBe('reauthorize');
    expect(refused.detail.platformMessage).toBe('Token has been expired or revoked.');
    // The account's own token was issued before the clock moved: give it a fresh one.
    account = { ...account, grant: (await adapter.refresh?.(account.grant)) ?? account.grant };
  });
});

describe('YouTube: publish', () => {
  it('refuses a post without a video, and images', async () => {
    const sessions = fake.state.sessions.size;
    expect((await failure(adapter.publish(account, post('Only text')))).kind).toBe('rejected');
    expect((await failure(adapter.publish(account, post('Photo', [testMedia('image')])))).kind).toBe(
      'mediaInvalid',
    );
    expect(fake.state.sessions.size).toBe(sessions);
  });

  it('uploads a small video in one PUT, waits for processing, and answers its watch page', async () => {
    const input = {
      ...post('Launch day\nEverything we shipped', [testMedia('video')]),
      link: 'https://example.org/launch',
    };
    const published = await adapter.publish(account, input);
    expect(published.url).toBe(`${fake.url}/watch?v=${published.externalId}`);
    expect(lastSession()?.puts).toEqual(['bytes 0-75/76']);
    expect(fake.state.videos.get(published.externalId)?.metadata).toEqual({
      title: 'Launch day',
      description: 'Launch day\nEverything we shipped\n\nhttps://example.org/launch',
      tags: [],
      categoryId: '22',
      privacyStatus: 'public',
    });
    // One processing answer, then processed.
    expect(waits).toEqual([1500]);
    const page = await (await fetch(published.url)).text();
    expect(page).toContain('Everything we shipped');
  });

  it('sends a big video in 256 KiB chunks, each but the last answered 308', async () => {
    const video = bigVideo(600 * KIB);
    const published = await adapter.publish(account, post('Chunked', [video]));
    expect(lastSession()?.puts).toEqual([
      'bytes 0-262143/614400',
      'bytes 262144-524287/614400',
      'bytes 524288-614399/614400',
    ]);
    expect(fake.posts.get(published.externalId)?.media[0]?.bytes).toEqual(mp4Bytes(600 * KIB));
  });

  it('resumes after an interrupted chunk: asks the session where it stands and goes on from there', async () => {
    fake.faults.set({ kind: 'serverError', call: 'PUT /upload/youtube/v3/videos', times: 1 });
    await adapter.publish(account, post('Resumed', [bigVideo(600 * KIB)]));
    expect(lastSession()?.puts).toEqual([
      'bytes 0-262143/614400',
      'bytes */614400',
      'bytes 0-262143/614400',
      'bytes 262144-524287/614400',
      'bytes 524288-614399/614400',
    ]);
    expect(waits).toEqual([100, 1500]);
  });

  it('starts again from byte 0 when the session expired', async () => {
    let puts = 0;
    const expiring = createYoutubeAdapter(
      settings({
        fetch: (input, init) => {
          // The second chunk finds its session gone (404).
          if (init?.method === 'PUT' && ++puts === 2)
            for (const s of fake.state.sessions.values()) s.expired = true;
          return fetch(input, init);
        },
      }),
    );
    const before = fake.state.sessions.size;
    const published = await expiring.publish(account, post('Restarted', [bigVideo(300 * KIB)]));
    expect(fake.state.sessions.size).toBe(before + 2);
    expect(lastSession()?.puts).toEqual(['bytes 0-262143/307200', 'bytes 262144-307199/307200']);
    expect(fake.posts.get(published.externalId)?.media[0]?.bytes.byteLength).toBe(300 * KIB);
  });

  it("sends the account's choices: title, description, privacy, category, tags", async () => {
    const since = clock.now().toISOString();
    const choices: PublishOptionsOf<'youtube'> = {
      title: 'A chosen title',
      description: 'A description of its own',
      privacy: 'unlisted',
      categoryId: '25',
      tags: ['news', 'city'],
    };
    const input = { ...post('The text\nof the post', [testMedia('video')]), options: choices };
    const published = await adapter.publish(account, input);
    expect(fake.state.videos.get(published.externalId)?.metadata).toEqual({
      title: 'A chosen title',
      description: 'A description of its own',
      tags: ['news', 'city'],
      categoryId: '25',
      privacyStatus: 'unlisted',
    });
    expect(await adapter.find?.(account, input, since)).toEqual(published);
    expect(await adapter.find?.(account, { ...input, options: {} }, since)).toBeNull();
    const sessions = fake.state.sessions.size;
    const wrong = { ...choices, privacy: 'everyone' } as unknown as PostInput['options'];
    expect((await failure(adapter.publish(account, { ...input, options: wrong }))).kind).toBe('rejected');
    expect(fake.state.sessions.size).toBe(sessions);
  });

  it('tells the upload session and the video as they come, and goes on from an earlier session', async () => {
    const told: Record<string, string>[] = [];
    const input = {
      ...post('Two attempts', [bigVideo(600 * KIB)]),
      onProgress: async (ids: Record<string, string>) => void told.push(ids),
    };
    // The second chunk is refused (a known failure): the attempt stops with a session half full.
    let puts = 0;
    const stopping = createYoutubeAdapter(
      settings({
        fetch: (url, init) => {
          if (init?.method === 'PUT' && ++puts === 2)
            fake.faults.set({ kind: 'rateLimited', call: 'PUT /upload/youtube/v3/videos', times: 1 });
          return fetch(url, init);
        },
      }),
    );
    expect((await failure(stopping.publish(account, input))).kind).toBe('rateLimited');
    expect(told).toEqual([{ uploadSession: expect.stringContaining('upload_id=') }]);
    const sessions = fake.state.sessions.size;
    const published = await adapter.publish(account, { ...input, progress: told[0] });
    expect(fake.state.sessions.size).toBe(sessions);
    expect(lastSession()?.puts).toEqual([
      'bytes 0-262143/614400',
      'bytes 262144-524287/614400',
      'bytes */614400',
      'bytes 262144-524287/614400',
      'bytes 524288-614399/614400',
    ]);
    expect(told.at(-1)).toEqual({ videoId: published.externalId });
    expect(fake.posts.get(published.externalId)?.media[0]?.bytes).toEqual(mp4Bytes(600 * KIB));
    // With the video's id known, a later attempt only follows it (and find names it).
    const uploads = fake.state.sessions.size;
    const progress = { ...told[0], ...told.at(-1) };
    expect(await adapter.publish(account, { ...input, progress })).toEqual(published);
    expect(fake.state.sessions.size).toBe(uploads);
    expect(await adapter.find?.(account, { ...input, progress }, clock.now().toISOString())).toEqual(
      published,
    );
  });

  it("uploads again when the earlier attempt's video was taken off", async () => {
    const told: Record<string, string>[] = [];
    const input = {
      ...post('Taken off', [testMedia('video')]),
      onProgress: async (ids: Record<string, string>) => void told.push(ids),
    };
    fake.faults.set({ kind: 'slowProcessing', polls: 50, call: 'POST /upload/youtube/v3/videos', times: 1 });
    expect((await failure(adapter.publish(account, input))).kind).toBe('transient');
    const progress = Object.assign({}, ...told) as Record<string, string>;
    const published = await adapter.publish(account, { ...input, progress });
    expect(published.externalId).not.toBe(progress['videoId']);
    expect(fake.posts.get(published.externalId)?.deletedAt).toBeUndefined();
  });

  it('finds a published video in the uploads playlist, and nothing for one never sent', async () => {
    const since = clock.now().toISOString();
    const input = post('Find me', [testMedia('video')]);
    const published = await adapter.publish(account, input);
    expect(await adapter.find?.(account, input, since)).toEqual(published);
    expect(await adapter.find?.(account, post('Never sent', [testMedia('video')]), since)).toBeNull();
  });

  // A post is a video: its viewCount is its views and its video views alike.
  itReadsMetrics(
    'reads statistics: viewCount, likeCount, commentCount',
    { views: 1200, videoViews: 1200, reactions: 30, comments: 4 },
    fixture,
  );

  it('leaves out what videos.list does not give (reach, shares, saves, watch time, link clicks)', async () => {
    const published = await adapter.publish(account, post('Partly counted', [testMedia('video')]));
    const stored = fake.posts.get(published.externalId);
    if (stored)
      stored.metrics = { views: 70, reach: 50, shares: 3, saves: 2, watchTimeS: 900, linkClicks: 1 };
    expect(await adapter.metrics?.(account, published.externalId)).toEqual({
      views: 70,
      videoViews: 70,
      reactions: 0,
      comments: 0,
      at: clock.now().toISOString(),
    });
  });

  it("reads the channel's subscriberCount as its followers; a hidden count stays absent", async () => {
    const channel = fake.state.channels.get(account.externalId);
    if (!channel) throw new Error('no channel');
    channel.subscribers = 3_210;
    expect(await adapter.accountMetrics?.(account)).toEqual({
      followers: 3_210,
      at: clock.now().toISOString(),
    });
    channel.hiddenSubscriberCount = true;
    const hidden = await adapter.accountMetrics?.(account);
    expect(hidden).toEqual({ at: clock.now().toISOString() });
    expect(hidden && 'followers' in hidden && hidden.followers !== undefined).toBe(false);
    channel.hiddenSubscriberCount = false;
  });

  itRemovesTwice('removes a video, and takes a second removal as done', fixture);
});

describe('YouTube: faults', () => {
  it('statistics: 429 → rateLimited with its wait; an expired token on channels.list → reauthorize', async () => {
    const published = await adapter.publish(account, post('Counted later', [testMedia('video')]));
    fake.faults.set({ kind: 'rateLimited', retryAfterS: 45, call: 'GET /youtube/v3/videos', times: 1 });
    await expectFailure(adapter.metrics?.(account, published.externalId), {
      kind: 'rateLimited',
      retryAfterMs: 45_000,
    });
    fake.faults.set({ kind: 'expiredToken', call: 'GET /youtube/v3/channels', times: 1 });
    await expectFailure(adapter.accountMetrics?.(account), { kind: 'reauthorize', status: 401 });
  });

  itMapsAccountFaults(
    {
      expiredToken: { kind: 'reauthorize', status: 401, platformCode: 'authError' },
      revokedGrant: { kind: 'reauthorize', status: 401, platformCode: 'authError' },
      serverError: { kind: 'transient', status: 503, platformCode: 'backendError' },
    },
    (kind) => {
      fake.faults.set({ kind, account: account.externalId, times: 1 });
      return adapter.publish(account, post(kind, [testMedia('video')]));
    },
  );

  it('429 → rateLimited with the wait from Retry-After', async () => {
    fake.faults.set({ kind: 'rateLimited', retryAfterS: 90, call: 'POST /upload/youtube/v3/videos' });
    await expectFailure(adapter.publish(account, post('Too fast', [testMedia('video')])), {
      kind: 'rateLimited',
      retryAfterMs: 90_000,
      platformCode: 'rateLimitExceeded',
    });
  });

  it('quotaExceeded → rateLimited until midnight Pacific time', async () => {
    const quota = fake.state.quotaOf(CLIENT.clientId);
    const spent = quota.units;
    quota.units = 10_000;
    const error = await failure(adapter.targets(account.grant));
    quota.units = spent;
    expect(error.kind).toBe('rateLimited');
    expect(error.detail.platformCode).toBe('quotaExceeded');
    // Midnight in Los Angeles on 2 March is 08:00 UTC (PST).
    expect(error.detail.retryAfterMs).toBe(Date.parse('2026-03-02T08:00:00Z') - clock.now().getTime());
  });

  it('429 on a chunk → rateLimited: the upload stops there', async () => {
    fake.faults.set({
      kind: 'rateLimited',
      retryAfterS: 30,
      call: 'PUT /upload/youtube/v3/videos',
      times: 1,
    });
    const error = await failure(adapter.publish(account, post('Chunk too fast', [testMedia('video')])));
    expect([error.kind, error.detail.retryAfterMs]).toEqual(['rateLimited', 30_000]);
  });

  it("content rejected → rejected with YouTube's message", async () => {
    fake.faults.set({ kind: 'contentRejected', message: 'The video metadata is not allowed', times: 1 });
    const error = await failure(adapter.publish(account, post('Refused', [testMedia('video')])));
    expect(error.kind).toBe('rejected');
    expect(error.detail.platformMessage).toBe('The video metadata is not allowed');
  });

  it('a file YouTube cannot process → mediaInvalid, and the failed video is taken off', async () => {
    const broken = testMedia('video', 'broken.mp4', new Uint8Array([1, 2, 3, 4]));
    const error = await failure(adapter.publish(account, post('Broken', [broken])));
    expect(error.kind).toBe('mediaInvalid');
    expect(error.detail.platformMessage).toBe('YouTube could not process the video: invalidFile');
    expect(fake.posts.all().at(-1)?.deletedAt).toBeDefined();
  });

  it('a video YouTube rejects while processing (a duplicate) → rejected with the reason, and taken off', async () => {
    const rejecting = createYoutubeAdapter(
      settings({
        fetch: (input, init) => {
          // The first status check finds YouTube has decided: a duplicate.
          const video = [...fake.state.videos.values()].at(-1);
          if (String(input).includes('/youtube/v3/videos?') && video) video.rejectionReason = 'duplicate';
          return fetch(input, init);
        },
      }),
    );
    const error = await failure(rejecting.publish(account, post('Seen before', [testMedia('video')])));
    expect([error.kind, error.detail.platformMessage]).toEqual([
      'rejected',
      'YouTube rejected the video: duplicate',
    ]);
    expect(fake.posts.all().at(-1)?.deletedAt).toBeDefined();
  });

  it('slow processing: polls until processed, or gives up (transient) past maxPolls and takes the video off', async () => {
    fake.faults.set({ kind: 'slowProcessing', polls: 3, call: 'POST /upload/youtube/v3/videos', times: 1 });
    await adapter.publish(account, post('Slow', [testMedia('video')]));
    expect(waits).toEqual([1500, 1500, 1500]);
    waits.length = 0;
    fake.faults.set({ kind: 'slowProcessing', polls: 50, call: 'POST /upload/youtube/v3/videos', times: 1 });
    const error = await failure(adapter.publish(account, post('Too slow', [testMedia('video')])));
    expect(error.kind).toBe('transient');
    expect(waits).toHaveLength(3);
    expect(fake.posts.all().at(-1)?.deletedAt).toBeDefined();
  });

  it('accept then hang on the last chunk: the session, asked again, answers the video', async () => {
    const impatient = createYoutubeAdapter(settings({ timeoutMs: 300, uploadTimeoutMs: 300 }));
    fake.faults.set({ kind: 'acceptThenHang', call: 'PUT /upload/youtube/v3/videos', times: 1 });
    const before = fake.posts.all().length;
    const published = await impatient.publish(account, post('Answer lost once', [testMedia('video')]));
    expect(fake.posts.all()).toHaveLength(before + 1);
    expect(fake.posts.all().at(-1)?.id).toBe(published.externalId);
    expect(lastSession()?.puts).toEqual(['bytes 0-75/76', 'bytes */76']);
  });

  it.each(['acceptThenServerError', 'acceptThenMalformed'] as const)(
    '%s once on the last chunk: the session, asked again, answers the video',
    async (kind) => {
      fake.faults.set({ kind, call: 'PUT /upload/youtube/v3/videos', times: 1 });
      const before = fake.posts.all().length;
      const published = await adapter.publish(account, post(`Garbled once ${kind}`, [testMedia('video')]));
      expect(fake.posts.all()).toHaveLength(before + 1);
      expect(published.externalId).toBe(fake.posts.all().at(-1)?.id);
      expect(lastSession()?.puts).toEqual(['bytes 0-75/76', 'bytes */76']);
    },
  );

  it.each(['acceptThenServerError', 'acceptThenMalformed'] as const)(
    '%s for good → outcomeUnknown; the video exists and find settles it',
    async (kind) => {
      fake.faults.set({ kind, call: 'PUT /upload/youtube/v3/videos' });
      const since = clock.now().toISOString();
      const input = post(`Garbled ${kind}`, [testMedia('video')]);
      expect((await failure(adapter.publish(account, input))).kind).toBe('outcomeUnknown');
      fake.faults.clear();
      const stored = fake.posts.all().at(-1);
      expect(stored?.text).toContain(input.text);
      expect((await adapter.find?.(account, input, since))?.externalId).toBe(stored?.id);
    },
  );

  it('a last chunk answered 201 without the video is asked about again, never cast', async () => {
    let odd = true;
    const garbling = createYoutubeAdapter(
      settings({
        fetch: async (url, init) => {
          const answer = await fetch(url, init);
          if (init?.method !== 'PUT' || answer.status !== 201 || !odd) return answer;
          odd = false;
          return new Response('{"kind":"youtube#video"}', { status: 201 });
        },
      }),
    );
    const published = await garbling.publish(account, post('No id at first', [testMedia('video')]));
    expect(published.externalId).toBe(fake.posts.all().at(-1)?.id);
    expect(lastSession()?.puts).toEqual(['bytes 0-75/76', 'bytes */76']);
  });

  it('a lookup that cannot finish throws instead of answering "not there"', async () => {
    fake.faults.set({ kind: 'serverError', call: 'GET /youtube/v3/playlistItems', times: 1 });
    const error = await failure(
      adapter.find?.(account, post('Lookup', [testMedia('video')]), clock.now().toISOString()),
    );
    expect(error.kind).toBe('transient');
  });

  it('accept then hang for good → outcomeUnknown, and find() sees the video', async () => {
    const impatient = createYoutubeAdapter(settings({ timeoutMs: 300, uploadTimeoutMs: 300, maxResumes: 1 }));
    fake.faults.set({ kind: 'acceptThenHang', call: 'PUT /upload/youtube/v3/videos' });
    const since = clock.now().toISOString();
    const input = post('Answer lost', [testMedia('video')]);
    const error = await failure(impatient.publish(account, input));
    expect(error.kind).toBe('outcomeUnknown');
    fake.faults.clear();
    const found = await adapter.find?.(account, input, since);
    expect(found?.externalId).toBe(fake.posts.all().at(-1)?.id);
  });
});
