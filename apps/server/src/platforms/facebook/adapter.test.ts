import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import { type GraphFake, startGraphFake } from '@postdeck/platform-fakes/graph/server';
import { submitConsent } from '@postdeck/platform-fakes/oauth/consent-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { testMedia } from '../../test/media-files.ts';
import type { AccountAccess, Grant, PostInput } from '../adapter.ts';
import {
  REDIRECT,
  expectFailure,
  failure,
  itMapsAccountFaults,
  itReadsMetrics,
  itRemovesTwice,
  type PostsFixture,
} from '../adapter-testing.ts';
import { type FacebookAdapter, type FacebookAdapterSettings, createFacebookAdapter } from './adapter.ts';

const START = new Date('2026-03-01T10:00:00Z');
const clock = manualClock(START);
const waits: number[] = [];
const SCOPES = PLATFORM_CAPABILITIES.facebook.scopes;
let fake: GraphFake;
let adapter: FacebookAdapter;
let settings: FacebookAdapterSettings;
let userId: string;
let newsId: string;
let eventsId: string;
let grant: Grant;
let account: AccountAccess;

beforeAll(async () => {
  fake = await startGraphFake({
    now: clock.now,
    clients: [{ clientId: 'app-id', clientSecret: 'app-secret', redirectUris: [REDIRECT] }],
    videoChunkBytes: 32,
  });
  userId = fake.addUser({ name: 'Ada' }).id;
  const stranger = fake.addUser({ name: 'Grace' }).id;
  newsId = fake.addPage({ name: 'Daily News', username: 'dailynews', admins: [userId] }).id;
  eventsId = fake.addPage({ name: 'City Events', admins: [userId] }).id;
  fake.addPage({ name: 'Not Ours', admins: [stranger] });
  fake.linkInstagram(newsId, { username: 'dailynews.ig' });
  settings = {
    clientId: 'app-id',
    clientSecret: 'app-secret',
    dialogBase: fake.url,
    graphBase: fake.url,
    videoBase: fake.url,
    postUrlBase: fake.url,
    clock,
    pollIntervalMs: 1500,
    maxPolls: 5,
    wait: async (ms) => {
      waits.push(ms);
    },
  };
  adapter = createFacebookAdapter(settings);
  grant = await connect();
  const pages = await adapter.targets(grant);
  const news = pages.find((p) => p.externalId === newsId);
  account = { externalId: newsId, grant: news?.grant ?? grant };
});
afterEach(() => {
  fake.faults.clear();
  waits.length = 0;
  clock.set(START);
});
afterAll(() => fake.stop());

function consentUrl(state = 'state-1'): string {
  return adapter.authorizationUrl?.({ state, redirectUri: REDIRECT }) ?? '';
}

async function connect(untick: string[] = []): Promise<Grant> {
  const back = await submitConsent(consentUrl(), { decision: 'approve', userId, untick });
  expect(back.searchParams.get('state')).toBe('state-1');
  const exchange = adapter.exchangeCode?.({
    code: back.searchParams.get('code') ?? '',
    redirectUri: REDIRECT,
  });
  if (!exchange) throw new Error('no exchangeCode');
  return exchange;
}

let serial = 0;
const post = (text: string, media: PostInput['media'] = []): PostInput => ({
  text: `${text} #${++serial}`,
  media,
  idempotencyKey: `key-${serial}`,
});

/** The video a page post was made of. */
const videoOf = (postId: string) => [...fake.state.videos.values()].find((v) => v.postId === postId);

/** The shared post tests' view of this suite. */
const fixture = (): PostsFixture => ({ adapter, account, posts: fake.posts, now: () => clock.now(), post });

describe('Facebook: connect', () => {
  it('builds the dialog URL with comma-separated scopes and no PKCE', () => {
    const url = new URL(consentUrl('s'));
    expect(url.origin + url.pathname).toBe(`${fake.url}/v23.0/dialog/oauth`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'app-id',
      redirect_uri: REDIRECT,
      state: 's',
      scope: SCOPES.join(','),
      response_type: 'code',
    });
  });

  it('exchanges the code for a long-lived user token (about 60 days, no refresh token), with the scopes granted', () => {
    expect(grant).toEqual({
      accessToken: expect.any(String),
      expiresAt: new Date(START.getTime() + 5_183_944_000).toISOString(),
      scopes: [...SCOPES],
    });
    expect(fake.state.longLived.has(grant.accessToken)).toBe(true);
    expect(adapter.refresh).toBeUndefined();
    expect(adapter.revoke).toBeUndefined();
  });

  it('keeps what the user unticked out: a scope, a page', async () => {
    const partial = await connect(['read_insights', eventsId]);
    expect(partial.scopes).toEqual(SCOPES.filter((s) => s !== 'read_insights'));
    expect((await adapter.targets(partial)).map((t) => t.externalId)).toEqual([newsId]);
  });

  it('brings back a denial with the state, and refuses a replayed code', async () => {
    const denied = await submitConsent(consentUrl('d'), { decision: 'deny', userId });
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('state')).toBe('d');

    const back = await submitConsent(consentUrl(), { decision: 'approve', userId });
    const code = back.searchParams.get('code') ?? '';
    await adapter.exchangeCode?.({ code, redirectUri: REDIRECT });
    const replayed = await failure(adapter.exchangeCode?.({ code, redirectUri: REDIRECT }));
    expect(replayed.kind).toBe('rejected');
    expect(replayed.detail).toMatchObject({
      platformCode: '100',
      platformSubcode: '36009',
      platformMessage: 'This authorization code has been used.',
    });
  });

  it('a wrong app secret is refused, not retried as transient', async () => {
    const wrong = createFacebookAdapter({ ...settings, clientSecret: 'nope' });
    const back = await submitConsent(consentUrl(), { decision: 'approve', userId });
    const error = await failure(
      wrong.exchangeCode?.({ code: back.searchParams.get('code') ?? '', redirectUri: REDIRECT }),
    );
    expect(error.kind).toBe('rejected');
    expect(error.detail.platformMessage).toBe('Error validating client secret.');
  });

  it('past its 60 days the user token needs reauthorization (connecting again renews it); the page token taken with it does not end', async () => {
    clock.advance(5_183_944_000 + 1000);
    const error = await failure(adapter.targets(grant));
    expect(error.kind).toBe('reauthorize');
    expect(error.detail.platformCode).toBe('190');
    expect(error.detail.platformSubcode).toBe('463');
    await adapter.publish(account, post('Still here'));
    // No refresh: connecting again is the renewal, and its grant works.
    const renewed = await connect();
    expect(renewed.expiresAt).toBe(new Date(clock.now().getTime() + 5_183_944_000).toISOString());
    expect(await adapter.targets(renewed)).toHaveLength(2);
  });
});

describe('Facebook: targets and locations', () => {
  it('finds location keys for audience targeting', async () => {
    expect(await adapter.searchLocations(grant, { q: 'toronto', types: ['city'] })).toEqual([
      {
        key: '296875',
        name: 'Toronto',
        type: 'city',
        countryCode: 'CA',
        countryName: 'Canada',
        region: 'Ontario',
      },
    ]);
    expect((await adapter.searchLocations(grant, { q: '', countryCode: 'ES' })).map((l) => l.name)).toEqual([
      'Spain',
      'Community of Madrid',
      'Madrid',
    ]);
  });

  it('a page token without pages_manage_posts cannot publish: the grant must be renewed', async () => {
    const partial = await connect(['pages_manage_posts']);
    const page = (await adapter.targets(partial)).find((t) => t.externalId === newsId);
    const error = await failure(
      adapter.publish({ externalId: newsId, grant: page?.grant ?? partial }, post('Not allowed')),
    );
    expect(error.kind).toBe('reauthorize');
    expect(error.detail.platformCode).toBe('200');
  });

  it('lists every page the grant reaches, each with its own token', async () => {
    const pages = await adapter.targets(grant);
    expect(pages.map(({ grant: _grant, ...page }) => page)).toEqual([
      {
        externalId: newsId,
        name: 'Daily News',
        handle: '@dailynews',
        avatarUrl: `${fake.url}/avatars/${newsId}.png`,
        profileUrl: `${fake.url}/dailynews`,
      },
      {
        externalId: eventsId,
        name: 'City Events',
        handle: '@cityevents',
        avatarUrl: `${fake.url}/avatars/${eventsId}.png`,
        profileUrl: `${fake.url}/cityevents`,
      },
    ]);
    const newsGrant = pages[0]?.grant;
    expect(newsGrant).toEqual({
      accessToken: expect.any(String),
      scopes: grant.scopes,
      expiresAt: grant.expiresAt,
      context: { pageId: newsId },
    });
    expect(fake.state.oauth.tokens.get(newsGrant?.accessToken ?? '')?.choices).toEqual({ page: [newsId] });
  });
});

describe('Facebook: publish, find, metrics, remove', () => {
  it('publishes text with its link, and the URL opens the post', async () => {
    const input = { ...post('Hello pages'), link: 'https://example.org/story' };
    const published = await adapter.publish(account, input);
    expect(published.externalId).toMatch(new RegExp(`^${newsId}_\\d+$`));
    expect(published.url).toBe(`${fake.url}/${published.externalId}`);
    expect(fake.state.pagePosts.get(published.externalId)).toMatchObject({
      message: input.text,
      link: input.link,
    });
    const page = await (await fetch(published.url)).text();
    expect(page).toContain(`${input.text}\n\nhttps://example.org/story`);
  });

  it('publishes one photo with its caption, and several as one post of unpublished photos', async () => {
    const one = await adapter.publish(account, post('One photo', [testMedia('image')]));
    expect(fake.posts.get(one.externalId)?.media.map((m) => m.mime)).toEqual(['image/jpeg']);
    const many = await adapter.publish(
      account,
      post('Two photos', [testMedia('image'), testMedia('image', 'b.jpg')]),
    );
    expect(fake.posts.get(many.externalId)?.media).toHaveLength(2);
    expect(fake.state.photos.size).toBe(0);
    expect(await (await fetch(many.url)).text()).toContain('/media/1');
  });

  it('publishes a video through start, transfer chunks at the offsets given, finish, then polls until ready', async () => {
    const clip = testMedia('video');
    const told: Record<string, string>[] = [];
    const input = {
      ...post('A clip', [clip]),
      onProgress: async (ids: Record<string, string>) => void told.push(ids),
    };
    const published = await adapter.publish(account, input);
    // The post is the feed's (`<page>_<post>`), which find and remove name too.
    expect(published.externalId).toMatch(new RegExp(`^${newsId}_\\d+$`));
    const video = videoOf(published.externalId);
    expect(published.url).toBe(`${fake.url}/${newsId}/videos/${video?.id}`);
    const session = [...fake.state.videoSessions.values()].find((s) => s.videoId === video?.id);
    expect(told).toEqual([{ videoId: video?.id, uploadSessionId: session?.id }]);
    expect(session?.chunks).toEqual([32, 32, clip.bytes - 64]);
    expect(fake.posts.get(published.externalId)?.media[0]?.bytes.byteLength).toBe(clip.bytes);
    // One check while it processes, then ready.
    expect(waits).toEqual([1500]);
    expect((await fetch(published.url)).status).toBe(200);
    const since = START.toISOString();
    expect(await adapter.find?.(account, input, since)).toEqual(published);
    expect(
      await adapter.find?.(account, { ...input, progress: { videoId: video?.id ?? '' } }, since),
    ).toEqual(published);
    await adapter.remove(account, published.externalId);
    expect(fake.posts.get(published.externalId)?.deletedAt).toBeDefined();
  });

  it('a video with a public address is fetched by Graph (file_url), not uploaded', async () => {
    const first = await adapter.publish(account, post('Source clip', [testMedia('video')]));
    const publicUrl = `${fake.url}/__fake/posts/${first.externalId}/media/0`;
    const sessions = fake.state.videoSessions.size;
    const told: Record<string, string>[] = [];
    const published = await adapter.publish(account, {
      ...post('By URL', [{ ...testMedia('video'), publicUrl }]),
      onProgress: async (ids) => void told.push(ids),
    });
    expect(fake.state.videoSessions.size).toBe(sessions);
    expect(told).toEqual([{ videoId: videoOf(published.externalId)?.id }]);
    expect(fake.posts.get(published.externalId)?.media[0]?.bytes).toEqual(
      fake.posts.get(first.externalId)?.media[0]?.bytes,
    );
  });

  it("an earlier attempt's published video is followed, not uploaded again; an unfinished one is started over", async () => {
    const input = post('Once only', [testMedia('video')]);
    const published = await adapter.publish(account, input);
    const videoId = videoOf(published.externalId)?.id ?? '';
    const sessions = fake.state.videoSessions.size;
    expect(await adapter.publish(account, { ...input, progress: { videoId } })).toEqual(published);
    expect(fake.state.videoSessions.size).toBe(sessions);
    // A session started but never finished published nothing: a new upload.
    fake.faults.set({ kind: 'serverError', call: 'POST /{page-id}/videos:transfer', times: 6 });
    const told: Record<string, string>[] = [];
    const unfinished = {
      ...post('Unfinished', [testMedia('video')]),
      onProgress: async (ids: Record<string, string>) => void told.push(ids),
    };
    expect((await failure(adapter.publish(account, unfinished))).kind).toBe('transient');
    fake.faults.clear();
    const again = await adapter.publish(account, { ...unfinished, progress: told[0] });
    expect(videoOf(again.externalId)?.id).not.toBe(told[0]?.['videoId']);
  });

  it('aims text, photo, multi-photo and video posts at the audience chosen (Graph targeting)', async () => {
    const options = {
      audience: {
        countries: ['ES'],
        regions: [{ key: '528', name: 'Ontario' }],
        cities: [{ key: '2459115', name: 'Tokyo' }],
      },
    };
    const sent = {
      geo_locations: { countries: ['ES'], regions: [{ key: '528' }], cities: [{ key: '2459115' }] },
    };
    const text = await adapter.publish(account, { ...post('Here'), options });
    const photo = await adapter.publish(account, { ...post('There', [testMedia('image')]), options });
    const photos = await adapter.publish(account, {
      ...post('Both', [testMedia('image'), testMedia('image', 'b.jpg')]),
      options,
    });
    const clip = await adapter.publish(account, { ...post('A clip', [testMedia('video')]), options });
    for (const published of [text, photo, photos, clip])
      expect(fake.state.pagePosts.get(published.externalId)?.targeting).toEqual(sent);
    expect(await (await fetch(text.url)).text()).toContain(
      'Shown only to people in: Spain (country), Ontario (region), Tokyo (city)',
    );
    // Only the kinds chosen are sent; without an audience, no targeting at all.
    const cityOnly = {
      audience: { countries: [], regions: [], cities: [{ key: '296875', name: 'Toronto' }] },
    };
    const toronto = await adapter.publish(account, { ...post('Toronto only'), options: cityOnly });
    expect(fake.state.pagePosts.get(toronto.externalId)?.targeting).toEqual({
      geo_locations: { cities: [{ key: '296875' }] },
    });
    const everyone = await adapter.publish(account, post('Everyone'));
    expect(fake.state.pagePosts.get(everyone.externalId)?.targeting).toBeUndefined();
  });

  it('a video fetched by Graph (file_url) carries the audience too', async () => {
    const first = await adapter.publish(account, post('Source clip', [testMedia('video')]));
    const publicUrl = `${fake.url}/__fake/posts/${first.externalId}/media/0`;
    const options = { audience: { countries: ['JP'], regions: [], cities: [] } };
    const published = await adapter.publish(account, {
      ...post('By URL, for Japan', [{ ...testMedia('video'), publicUrl }]),
      options,
    });
    expect(fake.state.pagePosts.get(published.externalId)?.targeting).toEqual({
      geo_locations: { countries: ['JP'] },
    });
  });

  it('an audience the contract refuses is not sent; one Graph refuses (places overlap) is rejected', async () => {
    const posts = fake.posts.all().length;
    const empty = await failure(
      adapter.publish(account, {
        ...post('Nobody'),
        options: { audience: { countries: [], regions: [], cities: [] } },
      }),
    );
    expect(empty.kind).toBe('rejected');
    const lowerCase = await failure(
      adapter.publish(account, {
        ...post('Lower case'),
        options: { audience: { countries: ['ca'], regions: [], cities: [] } },
      }),
    );
    expect(lowerCase.kind).toBe('rejected');
    const overlap = await failure(
      adapter.publish(account, {
        ...post('Canada and Toronto'),
        options: {
          audience: { countries: ['CA'], regions: [], cities: [{ key: '296875', name: 'Toronto' }] },
        },
      }),
    );
    expect(overlap.kind).toBe('rejected');
    expect(overlap.detail).toMatchObject({
      platformCode: '100',
      platformMessage: 'Some of your locations overlap. Try removing a location.',
    });
    expect(fake.posts.all()).toHaveLength(posts);
  });

  it('a photo with a public address is fetched by Graph (url), not sent', async () => {
    const first = await adapter.publish(account, post('Source photo', [testMedia('image')]));
    const publicUrl = `${fake.url}/__fake/posts/${first.externalId}/media/0`;
    const published = await adapter.publish(account, post('By URL', [{ ...testMedia('image'), publicUrl }]));
    expect(fake.posts.get(published.externalId)?.media[0]?.bytes).toEqual(
      fake.posts.get(first.externalId)?.media[0]?.bytes,
    );
  });

  it('finds a post whose answer was lost, by its text, in the page feed', async () => {
    const since = clock.now().toISOString();
    const input = post('Find me');
    const published = await adapter.publish(account, input);
    expect(await adapter.find?.(account, input, since)).toEqual(published);
    expect(await adapter.find?.(account, post('Never sent'), since)).toBeNull();
  });

  it("pages through the feed until past the attempt's start", async () => {
    const since = clock.now().toISOString();
    const input = post('Deep in the feed');
    const published = await adapter.publish(account, input);
    for (let i = 0; i < 5; i++) await adapter.publish(account, post('Later'));
    const asked: string[] = [];
    // Two posts a page, so the post is on the third.
    const paging = createFacebookAdapter({
      ...settings,
      fetch: (url, init) => {
        const target = new URL(String(url));
        if (target.pathname.endsWith('/feed')) {
          if (!target.searchParams.has('after')) target.searchParams.set('limit', '2');
          asked.push(target.searchParams.get('after') ?? 'first');
        }
        return fetch(target, init);
      },
    });
    expect(await paging.find?.(account, input, since)).toEqual(published);
    expect(asked).toHaveLength(3);
    // Older posts than the attempt end the search: nothing before it is read.
    clock.advance(60_000);
    asked.length = 0;
    expect(await paging.find?.(account, input, clock.now().toISOString())).toBeNull();
    expect(asked).toEqual(['first']);
  });

  itReadsMetrics(
    'reads metrics from insights and the post counts',
    { views: 120, reach: 80, reactions: 12, comments: 4, shares: 3, linkClicks: 7 },
    fixture,
  );

  it('leaves out what Facebook does not count (saves, video views, watch time), and link clicks not given', async () => {
    const published = await adapter.publish(account, post('Not everything is counted'));
    const stored = fake.posts.get(published.externalId);
    if (stored) stored.metrics = { views: 9, saves: 4, videoViews: 3, watchTimeS: 60 };
    const metrics = await adapter.metrics?.(account, published.externalId);
    expect(metrics).toMatchObject({ views: 9, reach: 0, reactions: 0, comments: 0, shares: 0 });
    for (const absent of ['saves', 'videoViews', 'watchTimeS', 'linkClicks'] as const)
      expect(metrics?.[absent], absent).toBeUndefined();
  });

  it('asks insights only for the metrics platforms.md documents', async () => {
    const asked: string[] = [];
    const watching = createFacebookAdapter({
      ...settings,
      fetch: (url, init) => {
        const target = new URL(String(url));
        if (target.pathname.endsWith('/insights')) asked.push(target.searchParams.get('metric') ?? '');
        return fetch(url, init);
      },
    });
    const published = await adapter.publish(account, post('Asked'));
    await watching.metrics?.(account, published.externalId);
    expect(asked).toEqual([
      'post_media_view,post_total_media_view_unique,post_reactions_by_type_total,post_clicks_by_type',
    ]);
  });

  it("reads the page's followers_count as its followers", async () => {
    const page = fake.state.pages.get(newsId);
    if (page) Object.assign(page, { followers: 1_234, fans: 1_000 });
    expect(await adapter.accountMetrics?.(account)).toEqual({ followers: 1_234, at: START.toISOString() });
  });

  it('a throttled insights call → rateLimited; an expired page token on the page counts → reauthorize', async () => {
    const published = await adapter.publish(account, post('Throttled counts'));
    fake.faults.set({ kind: 'rateLimited', retryAfterS: 60, call: 'GET /{post-id}/insights', times: 1 });
    await expectFailure(adapter.metrics?.(account, published.externalId), {
      kind: 'rateLimited',
      retryAfterMs: 60_000,
    });
    fake.faults.set({ kind: 'expiredToken', account: newsId, call: 'GET /{id}', times: 1 });
    await expectFailure(adapter.accountMetrics?.(account), { kind: 'reauthorize', platformCode: '190' });
  });

  it('a removed post has no insights: rejected', async () => {
    const published = await adapter.publish(account, post('Removed before counted'));
    await adapter.remove(account, published.externalId);
    expect((await failure(adapter.metrics?.(account, published.externalId))).kind).toBe('rejected');
  });

  itRemovesTwice('removes a post, and takes a second removal as done', fixture);
});

describe('Facebook: faults', () => {
  itMapsAccountFaults(
    {
      expiredToken: {
        kind: 'reauthorize',
        platformMessage: expect.stringMatching(/^Error validating access token: Session has expired/),
      },
      revokedGrant: {
        kind: 'reauthorize',
        platformMessage: expect.stringMatching(/The user has not authorized application/),
      },
      // Graph's generic code 2 on a write says nothing of whether the post was made.
      serverError: {
        kind: 'outcomeUnknown',
        platformCode: '2',
        platformMessage: expect.stringMatching(/^An unexpected error has occurred/),
      },
    },
    (kind) => {
      fake.faults.set({ kind, account: newsId, times: 1 });
      return adapter.publish(account, post(kind));
    },
  );

  it('throttled → rateLimited with the wait from X-Business-Use-Case-Usage', async () => {
    fake.faults.set({ kind: 'rateLimited', retryAfterS: 120, call: 'POST /{page-id}/feed' });
    await expectFailure(adapter.publish(account, post('Too fast')), {
      kind: 'rateLimited',
      platformCode: '32',
      retryAfterMs: 120_000,
    });
  });

  it("content rejected → rejected with Facebook's message", async () => {
    fake.faults.set({ kind: 'contentRejected', message: 'Your post goes against our Community Standards' });
    const error = await failure(adapter.publish(account, post('Bad')));
    expect(error.kind).toBe('rejected');
    expect(error.detail.platformMessage).toBe('Your post goes against our Community Standards');
    expect(error.detail.platformCode).toBe('368');
  });

  it('the same status twice in a row → rejected (506 duplicate)', async () => {
    const input = post('Twice');
    await adapter.publish(account, input);
    const error = await failure(adapter.publish(account, input));
    expect(error.kind).toBe('rejected');
    expect(error.detail.platformCode).toBe('506');
  });

  it('a photo or a video Facebook cannot read → mediaInvalid', async () => {
    const broken = testMedia('image', 'broken.jpg', new Uint8Array([1, 2, 3, 4]));
    const photo = await failure(adapter.publish(account, post('Broken', [broken])));
    expect(photo.kind).toBe('mediaInvalid');
    expect(photo.detail.platformMessage).toMatch(/^Your photos couldn't be uploaded/);
    const notVideo = testMedia('video', 'broken.mp4', new Uint8Array(40).fill(9));
    const video = await failure(adapter.publish(account, post('Broken video', [notVideo])));
    expect(video.kind).toBe('mediaInvalid');
    expect(video.detail.platformCode).toBe('6000');
  });

  it('slow processing: polls until ready, or withdraws the video and gives up (transient) past maxPolls', async () => {
    fake.faults.set({ kind: 'slowProcessing', polls: 4, call: 'POST /{page-id}/videos:finish', times: 1 });
    await adapter.publish(account, post('Slow', [testMedia('video')]));
    expect(waits).toHaveLength(4);
    waits.length = 0;
    fake.faults.set({ kind: 'slowProcessing', polls: 50, call: 'POST /{page-id}/videos:finish', times: 1 });
    const error = await failure(adapter.publish(account, post('Too slow', [testMedia('video')])));
    expect(error.kind).toBe('transient');
    expect(waits).toHaveLength(5);
    expect(fake.posts.all().at(-1)?.deletedAt).toBeDefined();
  });

  it('a server error on a read is transient, and a lookup that cannot finish throws', async () => {
    fake.faults.set({ kind: 'serverError', call: 'POST /{page-id}/videos:start', times: 1 });
    expect((await failure(adapter.publish(account, post('Start', [testMedia('video')])))).kind).toBe(
      'transient',
    );
    fake.faults.set({ kind: 'rateLimited', call: 'GET /{page-id}/feed', times: 1 });
    expect((await failure(adapter.find?.(account, post('Lookup'), START.toISOString()))).kind).toBe(
      'rateLimited',
    );
    fake.faults.set({ kind: 'serverError', call: 'GET /{page-id}/feed', times: 1 });
    expect((await failure(adapter.find?.(account, post('Lookup'), START.toISOString()))).kind).toBe(
      'transient',
    );
  });

  it.each([
    ['acceptThenServerError', 'POST /{page-id}/feed', () => post('Server failed after')],
    ['acceptThenMalformed', 'POST /{page-id}/feed', () => post('Cut off')],
    [
      'acceptThenServerError',
      'POST /{page-id}/photos',
      () => post('Photo, server failed', [testMedia('image')]),
    ],
    ['acceptThenMalformed', 'POST /{page-id}/photos', () => post('Photo, cut off', [testMedia('image')])],
    [
      'acceptThenServerError',
      'POST /{page-id}/videos:finish',
      () => post('Video, server failed', [testMedia('video')]),
    ],
    [
      'acceptThenMalformed',
      'POST /{page-id}/videos:finish',
      () => post('Video, cut off', [testMedia('video')]),
    ],
  ] as const)('%s on %s → outcomeUnknown; the post exists and find settles it', async (kind, call, make) => {
    fake.faults.set({ kind, call, times: 1 });
    const since = clock.now().toISOString();
    const input = make();
    expect((await failure(adapter.publish(account, input))).kind).toBe('outcomeUnknown');
    const stored = fake.posts.all().at(-1);
    expect(stored?.text).toBe(input.text);
    expect((await adapter.find?.(account, input, since))?.externalId).toBe(stored?.id);
  });

  it("a 2xx whose JSON is not Graph's answer → outcomeUnknown, never a TypeError", async () => {
    const odd = createFacebookAdapter({
      ...settings,
      fetch: async (url, init) => {
        const answer = await fetch(url, init);
        if (init?.method !== 'POST') return answer;
        return new Response(JSON.stringify({ ok: true }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    const error = await failure(odd.publish(account, post('Odd answer')));
    expect(error.kind).toBe('outcomeUnknown');
    expect(error.detail.raw).toEqual({ ok: true });
  });

  it('accept then hang → outcomeUnknown; the post exists and find settles it', async () => {
    const impatient = createFacebookAdapter({ ...settings, timeoutMs: 300 });
    fake.faults.set({ kind: 'acceptThenHang', call: 'POST /{page-id}/feed', times: 1 });
    const since = clock.now().toISOString();
    const input = post('Lost answer');
    const error = await failure(impatient.publish(account, input));
    expect(error.kind).toBe('outcomeUnknown');
    const stored = fake.posts.all().at(-1);
    expect(stored?.text).toBe(input.text);
    expect((await adapter.find?.(account, input, since))?.externalId).toBe(stored?.id);
  });
});
