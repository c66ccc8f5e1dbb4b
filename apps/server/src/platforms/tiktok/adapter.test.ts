import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PublishOptionsOf } from '@postdeck/contract/publish-options';
import { submitConsent } from '@postdeck/platform-fakes/oauth/consent-client';
import { type TikTokFake, seedTikTokSandbox, startTikTokFake } from '@postdeck/platform-fakes/tiktok/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import type { AccountAccess, Grant, PlatformAdapter, PostInput } from '../adapter.ts';
import {
  connectByConsent,
  expectFailure,
  failure,
  itMapsAccountFaults,
  itReadsMetrics,
  type PostsFixture,
  REDIRECT,
} from '../adapter-testing.ts';
import { testMedia } from '../../test/media-files.ts';
import { createTikTokAdapter } from './adapter.ts';

const CLIENT = { clientId: 'awtiktokkey', clientSecret: 'tiktok-secret' };
const MB = 1024 * 1024;
const clock = manualClock(new Date('2026-03-01T10:00:00Z'));
const waits: number[] = [];
let fake: TikTokFake;
let adapter: PlatformAdapter;
let account: AccountAccess;
/** Where the photos live that TikTok pulls (PULL_FROM_URL). */
let photoHost: Server;
let photoBase: string;

const make = (extra: { timeoutMs?: number } = {}) =>
  createTikTokAdapter({
    ...CLIENT,
    hosts: { api: fake.url, authorize: fake.url, token: fake.url, web: fake.url },
    clock,
    chunkBytes: 5 * MB,
    pollIntervalMs: 3000,
    maxPolls: 4,
    wait: async (ms) => {
      waits.push(ms);
    },
    ...extra,
  });

beforeAll(async () => {
  fake = await startTikTokFake({ now: clock.now, clients: [CLIENT] });
  seedTikTokSandbox(fake);
  // These tests post far more often than TikTok's 6 inits a minute per token; one test below keeps it.
  fake.state.initsPerMinute = Number.POSITIVE_INFINITY;
  adapter = make();
  const grant = await connect();
  account = { externalId: grant.context?.['openId'] ?? '', grant };
  const files = { '.jpg': testMedia('image'), '.mp4': testMedia('video') };
  photoHost = createServer((request, response) => {
    const file = Object.entries(files).find(([ending]) => request.url?.endsWith(ending))?.[1];
    if (!file) return response.writeHead(404).end();
    void (async () => {
      for await (const part of file.open()) response.write(part);
      response.end();
    })();
  });
  await new Promise<void>((resolve) => photoHost.listen(0, '127.0.0.1', resolve));
  photoBase = `http://127.0.0.1:${(photoHost.address() as AddressInfo).port}`;
});
afterEach(() => {
  fake.faults.clear();
  waits.length = 0;
});
afterAll(async () => {
  await fake.stop();
  await new Promise((resolve) => photoHost.close(resolve));
});

const connect = (answer: { userId?: string; untick?: string[] } = {}) =>
  connectByConsent(adapter, { answer });

const post = (text: string, media: PostInput['media'], key = `key-${text}`): PostInput => ({
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
const mp4 = (bytes: number) => {
  const data = new Uint8Array(bytes);
  data.set([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32]);
  return testMedia('video', 'big.mp4', data);
};
const photo = (name: string) => ({ ...testMedia('image', name), publicUrl: `${photoBase}/${name}` });
/** TikTok's options as a post carries them (PublishOptions reads `privacy` as YouTube's and TikTok's at once). */
const tiktok = (options: PublishOptionsOf<'tiktok'>) => options as PostInput['options'];
const initCalls = () => fake.state.calls.filter((c) => c.call.endsWith('/init/'));
/** What onProgress was told, merged as the pipeline stores it. */
function progressLog() {
  const told: Record<string, string>[] = [];
  return {
    told,
    onProgress: async (ids: Record<string, string>) => {
      told.push(ids);
    },
    merged: () => Object.assign({}, ...told) as Record<string, string>,
  };
}

describe('TikTok: connect', () => {
  it('builds the consent URL with client_key and comma-separated scopes', () => {
    const url = new URL(adapter.authorizationUrl?.({ state: 's', redirectUri: REDIRECT }) ?? '');
    expect(url.origin + url.pathname).toBe(`${fake.url}/v2/auth/authorize/`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_key: CLIENT.clientId,
      response_type: 'code',
      scope: 'user.info.basic,user.info.stats,video.publish,video.upload,video.list',
      redirect_uri: REDIRECT,
      state: 's',
    });
  });

  it('exchanges the code for a grant with both lifetimes, as TikTok answers them', () => {
    const creator = [...fake.state.creators.values()][0];
    expect(account.grant).toMatchObject({
      scopes: ['user.info.basic', 'user.info.stats', 'video.publish', 'video.upload', 'video.list'],
      expiresAt: new Date(clock.now().getTime() + 2 * 3600_000).toISOString(),
      refreshExpiresAt: new Date(clock.now().getTime() + 180 * 86400_000).toISOString(),
      context: { openId: creator?.openId },
    });
    expect(account.grant.refreshToken).toMatch(/^act\.rt-/);
  });

  it('brings back a denial with the state, and refuses a replayed code', async () => {
    const url = adapter.authorizationUrl?.({ state: 'd', redirectUri: REDIRECT }) ?? '';
    const denied = await submitConsent(url, { decision: 'deny' });
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('state')).toBe('d');
    const code = (await submitConsent(url, { decision: 'approve' })).searchParams.get('code') ?? '';
    await adapter.exchangeCode?.({ code, redirectUri: REDIRECT });
    const replayed = await failure(adapter.exchangeCode?.({ code, redirectUri: REDIRECT }));
    expect(replayed.kind).toBe('rejected');
    expect(replayed.detail.platformCode).toBe('invalid_grant');
  });

  it('lists the creator as the one target', async () => {
    expect(await adapter.targets(account.grant)).toEqual([
      {
        externalId: account.externalId,
        name: 'Postdeck Demo',
        handle: '@postdeck.demo',
        avatarUrl: `${fake.url}/avatars/postdeck.demo.svg`,
        profileUrl: `${fake.url}/@postdeck.demo`,
      },
    ]);
  });

  it('refreshes past expiry: the old token fails reauthorize, the refresh token rotates', async () => {
    const grant = await connect();
    clock.advance(2 * 3600_000 + 1000);
    try {
      const expired = await failure(adapter.targets(grant));
      expect(expired.kind).toBe('reauthorize');
      expect(expired.detail.platformCode).toBe('access_token_invalid');
      const renewed = await adapter.refresh?.(grant);
      expect(renewed?.refreshToken).not.toBe(grant.refreshToken);
      expect(await adapter.targets(renewed as Grant)).toHaveLength(1);
      const spent = await failure(adapter.refresh?.(grant));
      expect(spent.kind).toBe('reauthorize');
      expect(spent.detail.platformCode).toBe('invalid_grant');
    } finally {
      clock.advance(-(2 * 3600_000 + 1000));
    }
  });

  it('a token without video.publish → reauthorize (scope_not_authorized)', async () => {
    const grant = await connect({ untick: ['video.publish'] });
    expect(grant.scopes).not.toContain('video.publish');
    const error = await failure(adapter.targets(grant));
    expect(error.kind).toBe('reauthorize');
    expect(error.detail.platformCode).toBe('scope_not_authorized');
  });
});

describe('TikTok: publish and metrics', () => {
  it('posts a small video as one chunk, polls the publish, and keeps the 19-digit post id whole', async () => {
    fake.state.calls.length = 0;
    const published = await adapter.publish(account, {
      ...post('First clip', [testMedia('video')]),
      link: 'https://example.org',
    });
    expect(fake.state.calls.map((c) => c.call)).toEqual([
      'POST /v2/post/publish/creator_info/query/',
      'POST /v2/post/publish/video/init/',
      'PUT upload',
      'POST /v2/post/publish/status/fetch/',
      'POST /v2/post/publish/status/fetch/',
    ]);
    const size = testMedia('video').bytes;
    expect(fake.state.calls[1]?.body).toEqual({
      post_info: {
        title: 'First clip\n\nhttps://example.org',
        privacy_level: 'PUBLIC_TO_EVERYONE',
        disable_duet: false,
        disable_comment: false,
        disable_stitch: false,
        brand_content_toggle: false,
        brand_organic_toggle: false,
      },
      source_info: { source: 'FILE_UPLOAD', video_size: size, chunk_size: size, total_chunk_count: 1 },
    });
    expect(fake.state.calls[2]?.headers).toEqual({
      'content-type': 'video/mp4',
      'content-range': `bytes 0-${size - 1}/${size}`,
      'content-length': String(size),
    });
    expect(waits).toEqual([3000]);
    expect(published.externalId).toMatch(/^\d{19}$/);
    expect(fake.posts.get(published.externalId)?.text).toBe('First clip\n\nhttps://example.org');
    expect(published.url).toBe(`${fake.url}/@postdeck.demo/video/${published.externalId}`);
    expect(await (await fetch(published.url)).text()).toContain('First clip');
  });

  it('sends a 12 MB video in chunks of 5 MB and 7 MB (the remainder rides on the last)', async () => {
    fake.state.calls.length = 0;
    const size = 12 * MB;
    await adapter.publish(account, post('Big clip', [mp4(size)]));
    expect(fake.state.calls.find((c) => c.call.endsWith('video/init/'))?.body).toMatchObject({
      source_info: { video_size: size, chunk_size: 5 * MB, total_chunk_count: 2 },
    });
    expect(
      fake.state.calls.filter((c) => c.call === 'PUT upload').map((c) => c.headers?.['content-range']),
    ).toEqual([`bytes 0-${5 * MB - 1}/${size}`, `bytes ${5 * MB}-${size - 1}/${size}`]);
    expect(fake.posts.all().at(-1)?.media[0]?.bytes.byteLength).toBe(size);
  });

  it('posts photos TikTok pulls from their URLs, title cut to 90 characters', async () => {
    fake.state.calls.length = 0;
    const text = `${'Long title '.repeat(12)}\nand more`;
    const published = await adapter.publish(account, post(text, [photo('a.jpg'), photo('b.jpg')]));
    expect(fake.state.calls[1]?.body).toMatchObject({
      media_type: 'PHOTO',
      post_mode: 'DIRECT_POST',
      post_info: { title: 'Long title '.repeat(12).slice(0, 90), description: text },
      source_info: { source: 'PULL_FROM_URL', photo_images: [`${photoBase}/a.jpg`, `${photoBase}/b.jpg`] },
    });
    expect(published.url).toBe(`${fake.url}/@postdeck.demo/photo/${published.externalId}`);
    expect(fake.posts.get(published.externalId)?.media.map((m) => m.mime)).toEqual([
      'image/jpeg',
      'image/jpeg',
    ]);
  });

  it('a photo without a public URL → mediaInvalid, before any call', async () => {
    const error = await failure(adapter.publish(account, post('No URL', [testMedia('image')])));
    expect(error.kind).toBe('mediaInvalid');
  });

  it('a creator who may post only privately: SELF_ONLY, and the publish id stands for the post', async () => {
    const creator = fake.addCreator({ username: 'unaudited', privacyLevelOptions: ['SELF_ONLY'] });
    const grant = await connect({ userId: creator.openId });
    const published = await adapter.publish(
      { externalId: creator.openId, grant },
      post('Private', [testMedia('video')]),
    );
    expect(fake.state.calls.findLast((c) => c.call.endsWith('video/init/'))?.body).toMatchObject({
      post_info: { privacy_level: 'SELF_ONLY' },
    });
    expect(published).toEqual({
      externalId: expect.stringMatching(/^v_pub_file~/),
      url: `${fake.url}/@unaudited`,
    });
  });

  it('refuses a video longer than the creator may post, and a post without media', async () => {
    const long = { ...testMedia('video'), durationS: 601 };
    expect((await failure(adapter.publish(account, post('Long', [long])))).kind).toBe('mediaInvalid');
    expect((await failure(adapter.publish(account, post('Text only', [])))).kind).toBe('rejected');
  });

  it('sends the options as post_info names them; the fake keeps what it got', async () => {
    const published = await adapter.publish(account, {
      ...post('Options clip', [testMedia('video')]),
      options: tiktok({
        privacy: 'MUTUAL_FOLLOW_FRIENDS',
        disableComment: true,
        disableDuet: true,
        disableStitch: false,
        brandContent: true,
        brandOrganic: true,
      }),
    });
    const publish = [...fake.state.publishes.values()].find((p) => p.postId === published.externalId);
    expect(publish?.postInfo).toEqual({
      title: 'Options clip',
      privacy_level: 'MUTUAL_FOLLOW_FRIENDS',
      disable_comment: true,
      disable_duet: true,
      disable_stitch: false,
      brand_content_toggle: true,
      brand_organic_toggle: true,
    });
    const photos = await adapter.publish(account, {
      ...post('Options photos', [photo('o.jpg')]),
      options: { disableComment: true, brandOrganic: true },
    });
    expect(
      [...fake.state.publishes.values()].find((p) => p.postId === photos.externalId)?.postInfo,
    ).toMatchObject({ disable_comment: true, brand_content_toggle: false, brand_organic_toggle: true });
  });

  it('refuses branded content that would be private, and a privacy the creator lacks, before any init', async () => {
    fake.state.calls.length = 0;
    const branded = { ...post('Paid, private', [testMedia('video')]), options: { brandContent: true } };
    await expectFailure(
      adapter.publish(account, { ...branded, options: tiktok({ brandContent: true, privacy: 'SELF_ONLY' }) }),
      {
        kind: 'rejected',
      },
    );
    const unaudited = fake.addCreator({ username: 'private.only', privacyLevelOptions: ['SELF_ONLY'] });
    const grant = await connect({ userId: unaudited.openId });
    await expectFailure(adapter.publish({ externalId: unaudited.openId, grant }, branded), {
      kind: 'rejected',
    });
    await expectFailure(
      adapter.publish(
        { externalId: unaudited.openId, grant },
        { ...post('Public wish', [testMedia('video')]), options: tiktok({ privacy: 'PUBLIC_TO_EVERYONE' }) },
      ),
      { kind: 'rejected', platformCode: 'privacy_level_option_mismatch' },
    );
    expect(initCalls()).toEqual([]);
  });

  it('lets TikTok pull a video that has a public URL (PULL_FROM_URL): no bytes pass through', async () => {
    fake.state.calls.length = 0;
    const clip = { ...testMedia('video'), publicUrl: `${photoBase}/pulled.mp4` };
    const published = await adapter.publish(account, post('Pulled clip', [clip]));
    expect(initCalls()[0]?.body).toMatchObject({
      source_info: { source: 'PULL_FROM_URL', video_url: `${photoBase}/pulled.mp4` },
    });
    expect(fake.state.calls.some((c) => c.call === 'PUT upload')).toBe(false);
    expect(fake.posts.get(published.externalId)?.media[0]?.bytes.byteLength).toBe(clip.bytes);
  });

  it('tells the publish_id before the upload, and a later attempt asks about it instead of starting over', async () => {
    fake.state.calls.length = 0;
    const log = progressLog();
    const uploadsWhenTold: number[] = [];
    const onProgress = async (ids: Record<string, string>) => {
      uploadsWhenTold.push(fake.state.calls.filter((c) => c.call === 'PUT upload').length);
      await log.onProgress(ids);
    };
    fake.faults.set({ kind: 'acceptThenHang', call: 'PUT upload', times: 1 });
    const lost = await failure(
      make({ timeoutMs: 300 }).publish(account, {
        ...post('Resumed clip', [testMedia('video')]),
        onProgress,
      }),
    );
    expect(lost.kind).toBe('outcomeUnknown');
    expect(log.told).toEqual([{ publishId: expect.stringMatching(/^v_pub_file~/) as unknown }]);
    expect(uploadsWhenTold).toEqual([0]);
    const inits = initCalls().length;
    const resumed = await adapter.publish(account, {
      ...post('Resumed clip', [testMedia('video')]),
      progress: log.merged(),
    });
    expect(initCalls()).toHaveLength(inits);
    expect(fake.posts.get(resumed.externalId)?.text).toBe('Resumed clip');
  });

  it('starts over when the earlier publish never got its whole file, or failed', async () => {
    const log = progressLog();
    fake.faults.set({ kind: 'serverError', call: 'PUT upload', times: 1 });
    // A chunk refused before it was taken: TikTok holds a publish still waiting for its file.
    const refused = await failure(
      adapter.publish(account, {
        ...post('Restarted clip', [testMedia('video')]),
        onProgress: log.onProgress,
      }),
    );
    expect(refused.kind).toBe('outcomeUnknown');
    fake.state.calls.length = 0;
    const again = await adapter.publish(account, {
      ...post('Restarted clip', [testMedia('video')]),
      progress: log.merged(),
    });
    expect(initCalls()).toHaveLength(1);
    expect(fake.posts.get(again.externalId)?.text).toBe('Restarted clip');
  });

  itReadsMetrics(
    'reads metrics from video/query: views, likes, comments, shares',
    { views: 900, reactions: 80, shares: 7, comments: 5 },
    fixture,
  );

  it('leaves out what the video object does not give (reach, saves, link clicks, watch time)', async () => {
    const published = await adapter.publish(account, post('Partly counted', [testMedia('video')]));
    const stored = fake.posts.get(published.externalId);
    if (stored) stored.metrics = { views: 40, reach: 30, saves: 4, linkClicks: 2, watchTimeS: 300 };
    const metrics = await adapter.metrics?.(account, published.externalId);
    expect(metrics).toEqual({
      views: 40,
      reactions: 0,
      comments: 0,
      shares: 0,
      at: clock.now().toISOString(),
    });
    expect(fake.state.calls.at(-1)).toMatchObject({
      call: 'POST /v2/video/query/',
      body: { filters: { video_ids: [published.externalId] } },
    });
  });

  it("reads the creator's follower_count from user/info", async () => {
    const creator = fake.state.creators.get(account.externalId);
    if (creator) creator.followers = 12_500;
    expect(await adapter.accountMetrics?.(account)).toEqual({
      followers: 12_500,
      at: clock.now().toISOString(),
    });
    expect(fake.state.calls.at(-1)).toEqual({
      call: 'GET /v2/user/info/',
      body: { fields: 'follower_count' },
    });
  });

  it('a grant without user.info.stats leaves the followers absent and asks nothing', async () => {
    const older = await connect({ untick: ['user.info.stats'] });
    expect(older.scopes).not.toContain('user.info.stats');
    fake.state.calls.length = 0;
    expect(await adapter.accountMetrics?.({ ...account, grant: older })).toEqual({
      at: clock.now().toISOString(),
    });
    expect(fake.state.calls).toEqual([]);
  });

  it('cannot delete: the API has no such call', async () => {
    const error = await failure(adapter.remove(account, '7300000000000000001'));
    expect(error.kind).toBe('rejected');
  });
});

describe('TikTok: faults', () => {
  it('metrics: rate_limit_exceeded → rateLimited; user/info with an expired token → reauthorize', async () => {
    const published = await adapter.publish(account, post('Counted later', [testMedia('video')]));
    fake.faults.set({ kind: 'rateLimited', call: 'POST /v2/video/query/', times: 1 });
    await expectFailure(adapter.metrics?.(account, published.externalId), {
      kind: 'rateLimited',
      status: 429,
      platformCode: 'rate_limit_exceeded',
    });
    fake.faults.set({ kind: 'expiredToken', call: 'GET /v2/user/info/', times: 1 });
    await expectFailure(adapter.accountMetrics?.(account), {
      kind: 'reauthorize',
      status: 401,
      platformCode: 'access_token_invalid',
    });
  });

  itMapsAccountFaults(
    {
      expiredToken: { kind: 'reauthorize', status: 401, platformCode: 'access_token_invalid' },
      revokedGrant: { kind: 'reauthorize', status: 401, platformCode: 'access_token_invalid' },
      serverError: { kind: 'transient', status: 500, platformCode: 'internal_error' },
    },
    (kind) => {
      fake.faults.set({ kind, account: account.externalId, times: 1 });
      return adapter.publish(account, post(kind, [testMedia('video')]));
    },
  );

  it('429 on init → rateLimited, a minute to wait', async () => {
    fake.faults.set({ kind: 'rateLimited', call: 'POST /v2/post/publish/video/init/', times: 1 });
    await expectFailure(adapter.publish(account, post('Too fast', [testMedia('video')])), {
      kind: 'rateLimited',
      retryAfterMs: 60_000,
    });
  });

  it('the seventh init within a minute → rateLimited, as the fake counts them', async () => {
    fake.state.initsPerMinute = 0;
    try {
      const error = await failure(adapter.publish(account, post('Seventh', [testMedia('video')])));
      expect(error.kind).toBe('rateLimited');
      expect(error.detail.status).toBe(429);
      expect(error.detail.retryAfterMs).toBe(60_000);
    } finally {
      fake.state.initsPerMinute = Number.POSITIVE_INFINITY;
    }
  });

  it("content refused with HTTP 200 → rejected with TikTok's message", async () => {
    fake.faults.set({
      kind: 'contentRejected',
      message: 'The caption was flagged as spam.',
      call: 'POST /v2/post/publish/video/init/',
    });
    const error = await failure(adapter.publish(account, post('Spam', [testMedia('video')])));
    expect(error.kind).toBe('rejected');
    expect(error.detail.status).toBe(200);
    expect(error.detail.platformCode).toBe('spam_risk_text');
    expect(error.detail.platformMessage).toBe('The caption was flagged as spam.');
  });

  it('a file TikTok cannot read → the publish FAILS → mediaInvalid', async () => {
    const broken = testMedia('video', 'broken.mp4', new Uint8Array([1, 2, 3, 4]));
    const error = await failure(adapter.publish(account, post('Broken', [broken])));
    expect(error.kind).toBe('mediaInvalid');
    expect(error.detail.platformCode).toBe('file_format_check_failed');
  });

  it('slow processing: polls through the injected wait; past maxPolls the outcome is unknown (TikTok may still post it)', async () => {
    fake.faults.set({
      kind: 'slowProcessing',
      polls: 3,
      call: 'POST /v2/post/publish/video/init/',
      times: 1,
    });
    await adapter.publish(account, post('Slow clip', [testMedia('video')]));
    expect(waits).toEqual([3000, 3000, 3000]);
    waits.length = 0;
    fake.faults.set({
      kind: 'slowProcessing',
      polls: 50,
      call: 'POST /v2/post/publish/video/init/',
      times: 1,
    });
    const error = await failure(adapter.publish(account, post('Too slow', [testMedia('video')])));
    expect(error.kind).toBe('outcomeUnknown');
    expect(waits).toHaveLength(4);
    expect(error.detail.raw).toMatchObject({ publish_id: expect.stringMatching(/^v_pub_file~/) });
  });

  it('a 500 to an init → outcomeUnknown (TikTok may hold the publish); to a read → transient', async () => {
    fake.faults.set({ kind: 'serverError', call: 'POST /v2/post/publish/video/init/', times: 1 });
    await expectFailure(adapter.publish(account, post('Init failed', [testMedia('video')])), {
      kind: 'outcomeUnknown',
      status: 500,
      platformCode: 'internal_error',
    });
    fake.faults.set({ kind: 'serverError', call: 'POST /v2/post/publish/creator_info/query/', times: 1 });
    await expectFailure(adapter.targets(account.grant), { kind: 'transient', status: 500 });
  });

  for (const kind of ['acceptThenServerError', 'acceptThenMalformed'] as const)
    it(`${kind} on a photo init → outcomeUnknown; TikTok posts it and find brings it back from the list`, async () => {
      const since = clock.now().toISOString();
      fake.faults.set({ kind, call: 'POST /v2/post/publish/content/init/', times: 1 });
      const text = `Photos, answer lost: ${kind}`;
      const error = await failure(adapter.publish(account, post(text, [photo('l.jpg')])));
      expect(error.kind).toBe('outcomeUnknown');
      const stored = fake.posts.all().at(-1);
      // The page shows the photo post's title above its description: here both are the text.
      expect(stored?.text).toBe(`${text}\n\n${text}`);
      expect(await adapter.find?.(account, post(text, [photo('l.jpg')]), since)).toEqual({
        externalId: stored?.id,
        url: `${fake.url}/@postdeck.demo/photo/${stored?.id}`,
      });
    });

  it('find asks about the publish_id first: done → the post; still processing → throws; failed → null', async () => {
    const since = clock.now().toISOString();
    const log = progressLog();
    fake.faults.set({
      kind: 'slowProcessing',
      polls: 50,
      call: 'POST /v2/post/publish/video/init/',
      times: 1,
    });
    const slow = post('Found by its publish', [testMedia('video')]);
    expect((await failure(adapter.publish(account, { ...slow, onProgress: log.onProgress }))).kind).toBe(
      'outcomeUnknown',
    );
    const withId = { ...slow, progress: log.merged() };
    await expectFailure(adapter.find?.(account, withId, since), { kind: 'transient' });
    const publish = fake.state.publishes.get(log.merged()['publishId'] ?? '');
    if (publish) publish.processingPolls = 0;
    const found = await adapter.find?.(account, withId, since);
    expect(found?.externalId).toBe(publish?.postId);
    if (publish) Object.assign(publish, { status: 'FAILED', failReason: 'internal' });
    expect(await adapter.find?.(account, withId, since)).toBeNull();
  });

  it('find pages through the creator’s posts (20 a page) until past the attempt’s start', async () => {
    const since = clock.now().toISOString();
    clock.advance(1000);
    const wanted = await adapter.publish(account, post('Deep in the list', [testMedia('video')]));
    const fillers = Array.from({ length: 45 }, (_, i) => `74${String(i).padStart(17, '0')}`);
    for (const [i, id] of fillers.entries()) {
      clock.advance(1000);
      fake.posts.add({
        id,
        account: account.externalId,
        text: `Filler ${i}`,
        media: [],
        createdAt: clock.now(),
      });
    }
    expect(await adapter.find?.(account, post('Deep in the list', [testMedia('video')]), since)).toEqual(
      wanted,
    );
    expect(
      await adapter.find?.(
        account,
        post('Deep in the list', [testMedia('video')]),
        clock.now().toISOString(),
      ),
    ).toBeNull();
    for (const id of fillers) fake.posts.markDeleted(id, clock.now());
  });

  it('a lookup that cannot finish throws rather than answering "not there"', async () => {
    fake.faults.set({ kind: 'rateLimited', call: 'POST /v2/video/list/', times: 1 });
    await expectFailure(
      adapter.find?.(account, post('Anything', [testMedia('video')]), clock.now().toISOString()),
      {
        kind: 'rateLimited',
      },
    );
  });

  it('accept then hang on the last chunk → outcomeUnknown, and the post exists', async () => {
    const impatient = make({ timeoutMs: 300 });
    fake.faults.set({ kind: 'acceptThenHang', call: 'PUT upload', times: 1 });
    const error = await failure(impatient.publish(account, post('Lost answer', [testMedia('video')])));
    expect(error.kind).toBe('outcomeUnknown');
    expect(fake.posts.all().at(-1)?.text).toBe('Lost answer');
  });
});
