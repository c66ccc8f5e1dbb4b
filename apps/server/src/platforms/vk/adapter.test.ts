import { submitConsent } from '@postdeck/platform-fakes/oauth/consent-client';
import { type VkFake, seedVkSandbox, startVkFake } from '@postdeck/platform-fakes/vk/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import type { AccountAccess, Grant, PlatformAdapter, PostInput } from '../adapter.ts';
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
import { testMedia } from '../../test/media-files.ts';
import { createVkAdapter } from './adapter.ts';

const CLIENT = { clientId: '51900001', clientSecret: 'unused-secret' };
const clock = manualClock(new Date('2026-03-01T10:00:00Z'));
const waits: number[] = [];
let fake: VkFake;
let adapter: PlatformAdapter;
let account: AccountAccess;
let communities: { id: number; name: string; screenName: string }[];

const make = (extra: { timeoutMs?: number; fetch?: typeof fetch } = {}) =>
  createVkAdapter({
    clientId: CLIENT.clientId,
    hosts: { api: fake.url, authorize: fake.url, token: fake.url, web: fake.url },
    clock,
    pollIntervalMs: 2000,
    maxPolls: 4,
    wait: async (ms) => {
      waits.push(ms);
    },
    ...extra,
  });

beforeAll(async () => {
  fake = await startVkFake({ now: clock.now, clients: [CLIENT] });
  communities = seedVkSandbox(fake).communities;
  adapter = make();
  const grant = await connect();
  account = { externalId: String(communities[0]?.id), grant };
});
afterEach(() => {
  fake.faults.clear();
  waits.length = 0;
});
afterAll(() => fake.stop());

const connect = (untick: string[] = []) =>
  connectByConsent(adapter, {
    answer: { untick },
    pkce: true,
    context: (back) => ({ device_id: back.searchParams.get('device_id') ?? '' }),
  });

const post = (text: string, media: PostInput['media'] = [], key = `key-${text}`): PostInput => ({
  text,
  media,
  idempotencyKey: key,
});

/** The shared post tests' view of this suite. */
const fixture = (): PostsFixture => ({ adapter, account, posts: fake.posts, now: () => clock.now(), post });

describe('VK: connect', () => {
  it("builds VK ID's consent URL with PKCE (s256) and the scopes space-separated", () => {
    const url = new URL(
      adapter.authorizationUrl?.({ state: 's', redirectUri: REDIRECT, codeChallenge: 'c' }) ?? '',
    );
    expect(url.origin + url.pathname).toBe(`${fake.url}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: CLIENT.clientId,
      redirect_uri: REDIRECT,
      state: 's',
      code_challenge: 'c',
      code_challenge_method: 's256',
      scope: 'vkid.personal_info wall photos video groups',
    });
    expect(() => adapter.authorizationUrl?.({ state: 's', redirectUri: REDIRECT })).toThrow(/PKCE/);
  });

  it('exchanges the code with the device_id for a one-hour grant with a refresh token', () => {
    expect(account.grant).toMatchObject({
      scopes: ['vkid.personal_info', 'wall', 'photos', 'video', 'groups'],
      expiresAt: new Date(clock.now().getTime() + 3600_000).toISOString(),
      context: { deviceId: expect.any(String), userId: String(fake.state.users.keys().next().value) },
    });
    expect(account.grant.refreshToken).toMatch(/^vk1\.a\.rt-/);
  });

  it('keeps the scopes as granted when the user unticks one', async () => {
    const grant = await connect(['video']);
    expect(grant.scopes).toEqual(['vkid.personal_info', 'wall', 'photos', 'groups']);
  });

  it('brings back a denial with the state, and refuses a replayed code or a wrong device_id', async () => {
    const { verifier, challenge } = pkce();
    const url =
      adapter.authorizationUrl?.({ state: 'd', redirectUri: REDIRECT, codeChallenge: challenge }) ?? '';
    const denied = await submitConsent(url, { decision: 'deny' });
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('state')).toBe('d');
    expect(denied.searchParams.get('code')).toBeNull();

    const back = await submitConsent(url, { decision: 'approve' });
    const exchange = {
      code: back.searchParams.get('code') ?? '',
      redirectUri: REDIRECT,
      codeVerifier: verifier,
      context: { device_id: 'another-device' },
    };
    const wrongDevice = await failure(adapter.exchangeCode?.(exchange));
    expect(wrongDevice.kind).toBe('rejected');
    expect(wrongDevice.detail.platformCode).toBe('invalid_grant');
    const device = { device_id: back.searchParams.get('device_id') ?? '' };
    await adapter.exchangeCode?.({ ...exchange, context: device });
    const replayed = await failure(adapter.exchangeCode?.({ ...exchange, context: device }));
    expect(replayed.kind).toBe('rejected');
    expect(replayed.detail.platformCode).toBe('invalid_grant');
  });

  it('lists the communities the user administers, with handle, avatar and profile', async () => {
    const targets = await adapter.targets(account.grant);
    expect(targets).toEqual(
      communities.map((c) => ({
        externalId: String(c.id),
        name: c.name,
        handle: c.screenName,
        avatarUrl: `${fake.url}/avatars/club${c.id}.svg`,
        profileUrl: `${fake.url}/${c.screenName}`,
      })),
    );
    const picture = await fetch(targets[0]?.avatarUrl ?? '');
    expect([picture.status, picture.headers.get('content-type')]).toEqual([200, 'image/svg+xml']);
    expect(fake.state.calls.at(-1)).toMatchObject({
      method: 'groups.get',
      params: { filter: 'admin', extended: '1', v: '5.199' },
    });
  });

  it('refreshes past expiry: the old token fails reauthorize, the new one works, the old refresh token is spent', async () => {
    const grant = await connect();
    clock.advance(3601_000);
    try {
      const expired = await failure(adapter.targets(grant));
      expect(expired.kind).toBe('reauthorize');
      expect(expired.detail.platformMessage).toBe('User authorization failed: access_token has expired.');
      const renewed = await adapter.refresh?.(grant);
      expect(renewed?.refreshToken).not.toBe(grant.refreshToken);
      expect(renewed?.context).toEqual(grant.context);
      expect(await adapter.targets(renewed as Grant)).toHaveLength(2);
      const spent = await failure(adapter.refresh?.(grant));
      expect(spent.kind).toBe('reauthorize');
      expect(spent.detail.platformCode).toBe('invalid_grant');
    } finally {
      clock.advance(-3601_000);
    }
  });
});

describe('VK: publish, metrics, remove', () => {
  it('posts text with a link to the community wall, as the community, once per guid', async () => {
    const input = { ...post('Hello VK'), link: 'https://example.org/story' };
    const first = await adapter.publish(account, input);
    expect(await adapter.publish(account, input)).toEqual(first);
    const owner = -Number(account.externalId);
    expect(first.externalId).toMatch(new RegExp(`^${owner}_\\d+$`));
    expect(first.url).toBe(`${fake.url}/wall${first.externalId}`);
    expect(fake.state.calls.find((c) => c.method === 'wall.post')?.params).toMatchObject({
      owner_id: String(owner),
      from_group: '1',
      message: 'Hello VK',
      attachments: 'https://example.org/story',
      guid: 'key-Hello VK',
    });
    expect(fake.posts.live().filter((p) => p.text.startsWith('Hello VK'))).toHaveLength(1);
    expect(await (await fetch(first.url)).text()).toContain('Hello VK\n\nhttps://example.org/story');
  });

  it('uploads photos (upload server, upload, save) and attaches them', async () => {
    const image = { ...testMedia('image'), altText: 'A cat' };
    fake.state.calls.length = 0;
    const published = await adapter.publish(
      account,
      post('Two photos', [image, testMedia('image', 'b.jpg')]),
    );
    expect(fake.state.calls.map((c) => c.method)).toEqual([
      'photos.getWallUploadServer',
      'photos.saveWallPhoto',
      'photos.getWallUploadServer',
      'photos.saveWallPhoto',
      'wall.post',
    ]);
    expect(fake.state.calls[1]?.params).toMatchObject({ group_id: account.externalId, caption: 'A cat' });
    expect(fake.state.calls.at(-1)?.params['attachments']).toMatch(/^photo-\d+_\d+,photo-\d+_\d+$/);
    expect(fake.posts.get(published.externalId)?.media.map((m) => m.mime)).toEqual([
      'image/jpeg',
      'image/jpeg',
    ]);
  });

  it('uploads a video (video.save, video_file), waits while it processes, and attaches it', async () => {
    const published = await adapter.publish(account, post('A clip', [testMedia('video')]));
    expect(waits).toEqual([2000]);
    expect(fake.state.calls.find((c) => c.method === 'video.save')?.params).toMatchObject({
      group_id: account.externalId,
      name: 'clip.mp4',
      wallpost: '0',
    });
    expect(fake.posts.get(published.externalId)?.media.map((m) => [m.name, m.mime])).toEqual([
      ['clip.mp4', 'video/mp4'],
    ]);
  });

  itReadsMetrics(
    'reads views, likes (reactions), reposts (shares) and comments from wall.getById',
    { views: 120, reactions: 12, shares: 3, comments: 4 },
    fixture,
  );

  it('leaves out what wall.getById does not give (reach, saves, link clicks, watch time)', async () => {
    const published = await adapter.publish(account, post('Partly counted'));
    const stored = fake.posts.get(published.externalId);
    if (stored) stored.metrics = { views: 40, reach: 30, saves: 4, linkClicks: 2, watchTimeS: 300 };
    expect(await adapter.metrics?.(account, published.externalId)).toEqual({
      views: 40,
      reactions: 0,
      comments: 0,
      shares: 0,
      at: clock.now().toISOString(),
    });
    expect(fake.state.calls.at(-1)).toMatchObject({
      method: 'wall.getById',
      params: { posts: published.externalId },
    });
  });

  it('a counter VK leaves out (views on an older post) stays absent, not 0', async () => {
    const published = await adapter.publish(account, post('No views counter'));
    const stored = fake.posts.get(published.externalId);
    if (stored) stored.metrics = { views: 9, reactions: 2 };
    const withoutViews: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      if (!String(input).endsWith('/method/wall.getById')) return answer;
      const body = (await answer.json()) as { response: { items: Record<string, unknown>[] } };
      for (const item of body.response.items) delete item['views'];
      return Response.json(body);
    };
    const metrics = await make({ fetch: withoutViews }).metrics?.(account, published.externalId);
    expect(metrics).toEqual({ reactions: 2, comments: 0, shares: 0, at: clock.now().toISOString() });
    expect(metrics && 'views' in metrics && metrics.views !== undefined).toBe(false);
  });

  it("reads the community's members_count from groups.getById as its followers", async () => {
    const community = fake.state.communities.get(Number(account.externalId));
    if (community) community.members = 12_345;
    expect(await adapter.accountMetrics?.(account)).toEqual({
      followers: 12_345,
      at: clock.now().toISOString(),
    });
    expect(fake.state.calls.at(-1)).toMatchObject({
      method: 'groups.getById',
      params: { group_id: account.externalId, fields: 'members_count' },
    });
  });

  it('a community VK does not know → rejected with error 100', async () => {
    await expectFailure(adapter.accountMetrics?.({ ...account, externalId: '999999999' }), {
      kind: 'rejected',
      platformCode: '100',
    });
  });

  itRemovesTwice('removes a post, and takes a second removal as done', fixture);

  it('refuses a community the user does not run', async () => {
    const other = [...fake.state.communities.values()].find((c) => c.admins.size === 0);
    const error = await failure(
      adapter.publish({ ...account, externalId: String(other?.id) }, post('Not mine')),
    );
    expect(error.kind).toBe('rejected');
    expect(error.detail.platformCode).toBe('15');
  });
});

describe('VK: faults (errors come with HTTP 200)', () => {
  const vkError = (kind: 'reauthorize' | 'outcomeUnknown', code: number, message: string) =>
    ({ kind, status: 200, platformCode: String(code), platformMessage: message }) as const;
  itMapsAccountFaults(
    {
      expiredToken: vkError('reauthorize', 5, 'User authorization failed: access_token has expired.'),
      revokedGrant: vkError('reauthorize', 5, 'User authorization failed: invalid session.'),
      // VK's server error to wall.post says nothing of whether the post was made.
      serverError: vkError('outcomeUnknown', 10, 'Internal server error'),
    },
    (kind) => {
      fake.faults.set({ kind, account: account.externalId, times: 1 });
      return adapter.publish(account, post(kind));
    },
  );

  it('a server error (10) to a call that may be repeated → transient', async () => {
    fake.faults.set({ kind: 'serverError', call: 'groups.get', times: 1 });
    await expectFailure(adapter.targets(account.grant), {
      kind: 'transient',
      platformCode: '10',
    });
  });

  it('6 too many requests → rateLimited, a second to wait', async () => {
    fake.faults.set({ kind: 'rateLimited', call: 'wall.post', times: 1 });
    await expectFailure(adapter.publish(account, post('Too fast')), {
      kind: 'rateLimited',
      retryAfterMs: 1000,
      platformCode: '6',
    });
  });

  it('metrics and followers: 6 → rateLimited, a revoked grant (5) → reauthorize', async () => {
    const published = await adapter.publish(account, post('Counted later'));
    fake.faults.set({ kind: 'rateLimited', call: 'wall.getById', times: 1 });
    await expectFailure(adapter.metrics?.(account, published.externalId), {
      kind: 'rateLimited',
      retryAfterMs: 1000,
      platformCode: '6',
    });
    fake.faults.set({ kind: 'rateLimited', call: 'groups.getById', times: 1 });
    await expectFailure(adapter.accountMetrics?.(account), { kind: 'rateLimited', platformCode: '6' });
    fake.faults.set({ kind: 'revokedGrant', call: 'groups.getById', times: 1 });
    await expectFailure(adapter.accountMetrics?.(account), {
      kind: 'reauthorize',
      platformCode: '5',
      platformMessage: 'User authorization failed: invalid session.',
    });
  });

  it("214 posting denied → rejected with VK's message", async () => {
    fake.faults.set({
      kind: 'contentRejected',
      message: 'you can only add 50 posts a day',
      call: 'wall.post',
    });
    const error = await failure(adapter.publish(account, post('Too many')));
    expect(error.kind).toBe('rejected');
    expect(error.detail.platformCode).toBe('214');
    expect(error.detail.platformMessage).toBe(
      'Access to adding post denied: you can only add 50 posts a day',
    );
  });

  it('refuses a video over the cap before reading it (the upload holds it in memory whole)', async () => {
    fake.state.calls.length = 0;
    const huge = { ...testMedia('video', 'huge.mp4'), bytes: 256 * 1024 * 1024 + 1 };
    await expectFailure(adapter.publish(account, post('Huge', [huge])), {
      kind: 'mediaInvalid',
      platformMessage: `huge.mp4: ${256 * 1024 * 1024 + 1} bytes, over ${256 * 1024 * 1024}`,
    });
    expect(fake.state.calls).toEqual([]);
  });

  it('a file that is no picture → mediaInvalid, nothing posted', async () => {
    const before = fake.posts.all().length;
    const broken = testMedia('image', 'broken.jpg', new Uint8Array([1, 2, 3, 4]));
    const error = await failure(adapter.publish(account, post('Broken', [broken])));
    expect(error.kind).toBe('mediaInvalid');
    expect(error.detail.platformMessage).toBe(
      'One of the parameters specified was missing or invalid: photos_list is invalid',
    );
    expect(fake.posts.all()).toHaveLength(before);
  });

  it('slow processing: polls until the video plays, or gives up (transient) past maxPolls', async () => {
    fake.faults.set({ kind: 'slowProcessing', polls: 3, call: 'video.save', times: 1 });
    await adapter.publish(account, post('Slow clip', [testMedia('video')]));
    expect(waits).toEqual([2000, 2000, 2000]);
    waits.length = 0;
    fake.faults.set({ kind: 'slowProcessing', polls: 50, call: 'video.save', times: 1 });
    const before = fake.posts.all().length;
    const error = await failure(adapter.publish(account, post('Too slow', [testMedia('video')])));
    expect(error.kind).toBe('transient');
    expect(waits).toHaveLength(4);
    expect(fake.posts.all()).toHaveLength(before);
  });

  it('accept then hang → outcomeUnknown; the post exists, and a retry with the same guid gets it back', async () => {
    const impatient = make({ timeoutMs: 300 });
    fake.faults.set({ kind: 'acceptThenHang', call: 'wall.post', times: 1 });
    const error = await failure(impatient.publish(account, post('Lost answer')));
    expect(error.kind).toBe('outcomeUnknown');
    const stored = fake.posts.all().at(-1);
    expect(stored?.text).toBe('Lost answer');
    expect((await adapter.publish(account, post('Lost answer'))).externalId).toBe(stored?.id);
    expect(fake.posts.all().filter((p) => p.text === 'Lost answer')).toHaveLength(1);
  });

  it.each(['acceptThenServerError', 'acceptThenMalformed'] as const)(
    '%s → outcomeUnknown; find() gets the post, and a retry with the same guid gets it back',
    async (kind) => {
      const since = clock.now().toISOString();
      fake.faults.set({ kind, call: 'wall.post', times: 1 });
      const input = post(`Answer lost to ${kind}`);
      const error = await failure(adapter.publish(account, input));
      expect(error.kind).toBe('outcomeUnknown');
      const stored = fake.posts.all().at(-1);
      expect(stored?.text).toBe(input.text);
      const found = await adapter.find?.(account, input, since);
      expect(found).toEqual({ externalId: stored?.id, url: `${fake.url}/wall${stored?.id}` });
      expect(await adapter.publish(account, input)).toEqual(found);
      expect(fake.posts.all().filter((p) => p.text === input.text)).toHaveLength(1);
    },
  );

  it("a 200 that is not wall.post's answer → outcomeUnknown, never a TypeError", async () => {
    // VK's envelope with something else inside, as a proxy or a changed API could send.
    const garbling: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      return String(input).endsWith('/method/wall.post')
        ? new Response('{"response":{"id":"12"}}', { status: 200 })
        : answer;
    };
    const error = await failure(make({ fetch: garbling }).publish(account, post('Garbled')));
    expect(error.kind).toBe('outcomeUnknown');
    expect(error.detail.platformMessage).toBe('wall.post answered what is not its answer');
    expect(fake.posts.all().at(-1)?.text).toBe('Garbled');
  });
});

describe('VK: options, progress, find', () => {
  it('posts as the user or signed, as the options say', async () => {
    fake.state.calls.length = 0;
    const asUser = await adapter.publish(account, { ...post('As me'), options: { fromGroup: false } });
    const signed = await adapter.publish(account, { ...post('Signed'), options: { signed: true } });
    expect(fake.state.calls.filter((c) => c.method === 'wall.post').map((c) => c.params)).toMatchObject([
      { from_group: '0', message: 'As me' },
      { from_group: '1', signed: '1', message: 'Signed' },
    ]);
    const userId = Number(account.grant.context?.['userId']);
    expect(fake.state.wall.get(asUser.externalId)).toMatchObject({ fromId: userId });
    expect(fake.state.wall.get(signed.externalId)).toMatchObject({
      fromId: -Number(account.externalId),
      signerId: userId,
    });
  });

  it('tells onProgress each saved attachment, and a later attempt reuses them instead of uploading again', async () => {
    const told: Record<string, string>[] = [];
    const input = {
      ...post('Resumed', [testMedia('image'), testMedia('video')]),
      onProgress: async (ids: Record<string, string>) => {
        told.push(ids);
      },
    };
    fake.faults.set({ kind: 'rateLimited', call: 'wall.post', times: 1 });
    expect((await failure(adapter.publish(account, input))).kind).toBe('rateLimited');
    expect(told).toEqual([
      { 'media.0': expect.stringMatching(/^photo-\d+_\d+$/) },
      { 'media.1': expect.stringMatching(/^video-\d+_\d+$/) },
    ]);
    const progress = Object.assign({}, ...told) as Record<string, string>;
    fake.state.calls.length = 0;
    told.length = 0;
    const published = await adapter.publish(account, { ...input, progress });
    expect(fake.state.calls.map((c) => c.method)).toEqual(['video.get', 'wall.post']);
    expect(fake.state.calls.at(-1)?.params['attachments']).toBe(
      `${progress['media.0']},${progress['media.1']}`,
    );
    expect(told).toEqual([]);
    expect(fake.posts.get(published.externalId)?.media).toHaveLength(2);
  });

  it('uploads again a video an earlier attempt named that VK does not have', async () => {
    const told: Record<string, string>[] = [];
    fake.state.calls.length = 0;
    await adapter.publish(account, {
      ...post('Lost video', [testMedia('video')]),
      progress: { 'media.0': `video-${account.externalId}_1` },
      onProgress: async (ids) => {
        told.push(ids);
      },
    });
    expect(fake.state.calls.map((c) => c.method)).toEqual([
      'video.get',
      'video.save',
      'video.get',
      'video.get',
      'wall.post',
    ]);
    expect(told).toEqual([{ 'media.0': expect.stringMatching(/^video-\d+_\d+$/) }]);
  });

  it("finds a post on the wall by its text, paging past the attempt's start (a pinned older post first)", async () => {
    const owner = -Number(account.externalId);
    const community = fake.state.communities.get(Number(account.externalId));
    const start = clock.now();
    try {
      const old = await adapter.publish(account, post('Looked for'));
      if (community) community.pinnedPostId = Number(old.externalId.split('_')[1]);
      clock.advance(10 * 60_000);
      const since = clock.now().toISOString();
      clock.advance(1000);
      const wanted = await adapter.publish(account, post('Looked for', [], 'key-looked-for-again'));
      clock.advance(1000);
      for (let i = 0; i < 120; i++) await adapter.publish(account, post(`Newer ${i}`));
      fake.state.calls.length = 0;
      expect(await adapter.find?.(account, post('Looked for'), since)).toEqual(wanted);
      expect(fake.state.calls.map((c) => [c.method, c.params['offset'], c.params['owner_id']])).toEqual([
        ['wall.get', '0', String(owner)],
        ['wall.get', '100', String(owner)],
      ]);
      fake.state.calls.length = 0;
      expect(await adapter.find?.(account, post('Never sent'), since)).toBeNull();
      // The second page reaches back before the start: no third is asked for.
      expect(fake.state.calls).toHaveLength(2);
    } finally {
      if (community) community.pinnedPostId = undefined;
      clock.set(start);
    }
  });

  it('a lookup that cannot finish throws (the publication stays publishing), it does not say "not there"', async () => {
    fake.faults.set({ kind: 'rateLimited', call: 'wall.get', times: 1 });
    await expectFailure(adapter.find?.(account, post('Anything'), clock.now().toISOString()), {
      kind: 'rateLimited',
      platformCode: '6',
    });
  });
});
