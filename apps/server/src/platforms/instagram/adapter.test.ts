import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import { type FakeServer, startFakeServer } from '@postdeck/platform-fakes/fake-server';
import { type GraphFake, startGraphFake } from '@postdeck/platform-fakes/graph/server';
import { submitConsent } from '@postdeck/platform-fakes/oauth/consent-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { testMedia } from '../../test/media-files.ts';
import type { AccountAccess, Grant, MediaFile, PostInput } from '../adapter.ts';
import {
  REDIRECT,
  expectFailure,
  failure,
  itMapsAccountFaults,
  itReadsMetrics,
  type PostsFixture,
} from '../adapter-testing.ts';
import { type InstagramAdapter, type InstagramAdapterSettings, createInstagramAdapter } from './adapter.ts';

const START = new Date('2026-03-01T10:00:00Z');
const clock = manualClock(START);
const waits: number[] = [];
const SCOPES = PLATFORM_CAPABILITIES.instagram.scopes;
/** Where the media library would serve files publicly: Instagram fetches them from there. */
const served = new Map<string, Uint8Array>();
let files: FakeServer;
let fake: GraphFake;
let adapter: InstagramAdapter;
let settings: InstagramAdapterSettings;
let userId: string;
let newsId: string;
let igId: string;
let grant: Grant;
let account: AccountAccess;

beforeAll(async () => {
  files = await startFakeServer({
    platform: 'files',
    routes(app) {
      app.get<{ Params: { name: string } }>('/files/:name', async (request, reply) => {
        const bytes = served.get(request.params.name);
        if (!bytes) return reply.code(404).send('Not found');
        return reply.type('application/octet-stream').send(Buffer.from(bytes));
      });
    },
  });
  fake = await startGraphFake({
    now: clock.now,
    clients: [{ clientId: 'app-id', clientSecret: 'app-secret', redirectUris: [REDIRECT] }],
  });
  userId = fake.addUser({ name: 'Ada' }).id;
  newsId = fake.addPage({ name: 'Daily News', admins: [userId] }).id;
  fake.addPage({ name: 'City Events', admins: [userId] });
  igId = fake.linkInstagram(newsId, { username: 'dailynews.ig', name: 'Daily News IG' }).id;
  settings = {
    clientId: 'app-id',
    clientSecret: 'app-secret',
    dialogBase: fake.url,
    graphBase: fake.url,
    profileUrlBase: fake.url,
    clock,
    pollIntervalMs: 1500,
    maxPolls: 5,
    wait: async (ms) => {
      waits.push(ms);
    },
  };
  adapter = createInstagramAdapter(settings);
  grant = await connect();
  const [target] = await adapter.targets(grant);
  account = { externalId: target?.externalId ?? '', grant: target?.grant ?? grant };
});
afterEach(() => {
  fake.faults.clear();
  waits.length = 0;
  clock.set(START);
});
afterAll(async () => {
  await fake.stop();
  await files.stop();
});

async function connect(): Promise<Grant> {
  const url = adapter.authorizationUrl?.({ state: 'state-1', redirectUri: REDIRECT }) ?? '';
  const back = await submitConsent(url, { decision: 'approve', userId });
  const exchange = adapter.exchangeCode?.({
    code: back.searchParams.get('code') ?? '',
    redirectUri: REDIRECT,
  });
  if (!exchange) throw new Error('no exchangeCode');
  return exchange;
}

/** A test file, served at a public URL. */
async function hosted(kind: 'image' | 'video', name: string, bytes?: Uint8Array): Promise<MediaFile> {
  const file = testMedia(kind, name, bytes);
  const parts: Uint8Array[] = [];
  for await (const part of file.open()) parts.push(part);
  served.set(name, new Uint8Array(Buffer.concat(parts)));
  return { ...file, publicUrl: `${files.url}/files/${name}` };
}

let serial = 0;
const post = (text: string, media: PostInput['media']): PostInput => ({
  text: `${text} #${++serial}`,
  media,
  idempotencyKey: `key-${serial}`,
});

/** The shared post tests' view of this suite. */
const fixture = (): PostsFixture => ({
  adapter,
  account,
  posts: fake.posts,
  now: () => clock.now(),
  post: async (text) => post(text, [await hosted('image', 'm.jpg')]),
});

describe('Instagram: connect', () => {
  it('asks Facebook Login for the Instagram scopes, and keeps a long-lived token', () => {
    const url = new URL(adapter.authorizationUrl?.({ state: 's', redirectUri: REDIRECT }) ?? '');
    expect(url.origin + url.pathname).toBe(`${fake.url}/v23.0/dialog/oauth`);
    expect(url.searchParams.get('scope')).toBe(SCOPES.join(','));
    expect(grant.scopes).toEqual([...SCOPES]);
    expect(grant.expiresAt).toBe(new Date(START.getTime() + 5_183_944_000).toISOString());
    expect(grant.refreshToken).toBeUndefined();
  });

  it('lists the Instagram accounts linked to the granted pages, each with its page token', async () => {
    const targets = await adapter.targets(grant);
    expect(targets).toEqual([
      {
        externalId: igId,
        name: 'Daily News IG',
        handle: '@dailynews.ig',
        avatarUrl: `${fake.url}/avatars/${igId}.png`,
        profileUrl: `${fake.url}/dailynews.ig`,
        grant: {
          accessToken: expect.any(String),
          scopes: grant.scopes,
          expiresAt: grant.expiresAt,
          context: { pageId: newsId, username: 'dailynews.ig' },
        },
      },
    ]);
  });

  it('brings back a denial with the state, and refuses a replayed code', async () => {
    const url = adapter.authorizationUrl?.({ state: 'd', redirectUri: REDIRECT }) ?? '';
    const denied = await submitConsent(url, { decision: 'deny', userId });
    expect([denied.searchParams.get('error'), denied.searchParams.get('state')]).toEqual([
      'access_denied',
      'd',
    ]);
    const code = (await submitConsent(url, { decision: 'approve', userId })).searchParams.get('code') ?? '';
    await adapter.exchangeCode?.({ code, redirectUri: REDIRECT });
    const replayed = await failure(adapter.exchangeCode?.({ code, redirectUri: REDIRECT }));
    expect(replayed.kind).toBe('rejected');
    expect(replayed.detail.platformSubcode).toBe('36009');
  });

  it('past its 60 days the user token needs reauthorization', async () => {
    clock.advance(5_183_944_000 + 1000);
    expect((await failure(adapter.targets(grant))).kind).toBe('reauthorize');
  });
});

describe('Instagram: publish, metrics', () => {
  it('publishes an image: the container fetches it from its public URL, then media_publish', async () => {
    const published = await adapter.publish(account, {
      ...post('A photo', [await hosted('image', 'a.jpg')]),
      link: 'https://example.org',
    });
    const stored = fake.posts.get(published.externalId);
    expect(stored?.text).toMatch(/^A photo #\d+\n\nhttps:\/\/example.org$/);
    expect(stored?.media[0]?.bytes).toEqual(served.get('a.jpg'));
    expect([...fake.state.containers.values()].at(-1)?.sourceUrl).toBe(`${files.url}/files/a.jpg`);
    expect(published.url).toMatch(new RegExp(`^${fake.url}/p/[\\w-]+/$`));
    expect(await (await fetch(published.url)).text()).toContain('A photo');
    expect(waits).toEqual([]);
  });

  it('publishes a reel after its container finishes processing', async () => {
    const published = await adapter.publish(account, post('A reel', [await hosted('video', 'r.mp4')]));
    expect(fake.posts.get(published.externalId)?.media[0]?.mime).toBe('video/mp4');
    expect([...fake.state.containers.values()].at(-1)?.mediaType).toBe('REELS');
    expect(waits).toEqual([1500]);
  });

  it('publishes several files as a carousel of item containers', async () => {
    const published = await adapter.publish(
      account,
      post('A carousel', [await hosted('image', 'c1.jpg'), await hosted('video', 'c2.mp4')]),
    );
    expect(fake.posts.get(published.externalId)?.media.map((m) => m.mime)).toEqual([
      'image/jpeg',
      'video/mp4',
    ]);
    const parent = [...fake.state.containers.values()].at(-1);
    expect(parent?.mediaType).toBe('CAROUSEL');
    expect(parent?.children.map((id) => fake.state.containers.get(id)?.isCarouselItem)).toEqual([true, true]);
  });

  itReadsMetrics(
    'reads metrics from insights: views, reach, likes, comments, shares, saved',
    { views: 300, reach: 210, reactions: 20, comments: 5, shares: 2, saves: 6 },
    fixture,
  );

  it('leaves out what Instagram does not give on a post (link clicks, video views, watch time)', async () => {
    const published = await adapter.publish(
      account,
      post('Partly counted', [await hosted('image', 'm1.jpg')]),
    );
    const stored = fake.posts.get(published.externalId);
    if (stored) stored.metrics = { views: 10, linkClicks: 3, videoViews: 8, watchTimeS: 40 };
    const metrics = await adapter.metrics?.(account, published.externalId);
    expect(metrics).toMatchObject({ views: 10, reach: 0, reactions: 0, saves: 0 });
    for (const absent of ['linkClicks', 'videoViews', 'watchTimeS'] as const)
      expect(metrics?.[absent], absent).toBeUndefined();
  });

  it("reads the IG user's followers_count as the account's followers", async () => {
    const instagram = fake.state.instagram.get(igId);
    if (instagram) instagram.followers = 5_400;
    expect(await adapter.accountMetrics?.(account)).toEqual({ followers: 5_400, at: START.toISOString() });
  });

  it('insights throttled → rateLimited; an expired token on the account read → reauthorize', async () => {
    const published = await adapter.publish(account, post('Throttled', [await hosted('image', 'm2.jpg')]));
    fake.faults.set({ kind: 'rateLimited', retryAfterS: 120, call: 'GET /{post-id}/insights', times: 1 });
    await expectFailure(adapter.metrics?.(account, published.externalId), {
      kind: 'rateLimited',
      retryAfterMs: 120_000,
    });
    fake.faults.set({ kind: 'expiredToken', call: 'GET /{id}', times: 1 });
    await expectFailure(adapter.accountMetrics?.(account), { kind: 'reauthorize', platformCode: '190' });
  });

  it("finds a post among the account's media, page after page until past the attempt's start", async () => {
    const since = clock.now().toISOString();
    const input = post('Find me', [await hosted('image', 'f1.jpg')]);
    const published = await adapter.publish(account, input);
    for (let i = 0; i < 3; i++)
      await adapter.publish(account, post('Later', [await hosted('image', 'f2.jpg')]));
    const asked: string[] = [];
    const paging = createInstagramAdapter({
      ...settings,
      fetch: (url, init) => {
        const target = new URL(String(url));
        if (target.pathname.endsWith(`/${igId}/media`) && init?.method === 'GET') {
          if (!target.searchParams.has('after')) target.searchParams.set('limit', '1');
          asked.push(target.searchParams.get('after') ?? 'first');
        }
        return fetch(target, init);
      },
    });
    expect(await paging.find?.(account, input, since)).toEqual(published);
    expect(asked).toHaveLength(4);
    expect(await adapter.find?.(account, post('Never sent', []), since)).toBeNull();
    clock.advance(60_000);
    asked.length = 0;
    expect(await paging.find?.(account, input, clock.now().toISOString())).toBeNull();
    expect(asked).toEqual(['first']);
  });

  it('a lookup that cannot finish throws instead of answering "not there"', async () => {
    fake.faults.set({ kind: 'serverError', call: 'GET /{ig-user-id}/media', times: 1 });
    const error = await failure(adapter.find?.(account, post('Lookup', []), START.toISOString()));
    expect(error.kind).toBe('transient');
  });

  it("tells each container as it is made, and publishes an earlier attempt's container instead of making another", async () => {
    const told: Record<string, string>[] = [];
    const onProgress = async (ids: Record<string, string>) => void told.push(ids);
    fake.faults.set({ kind: 'rateLimited', call: 'POST /{ig-user-id}/media_publish', times: 1 });
    const input = {
      ...post('Resumed', [await hosted('image', 'r1.jpg'), await hosted('image', 'r2.jpg')]),
      onProgress,
    };
    expect((await failure(adapter.publish(account, input))).kind).toBe('rateLimited');
    const [item0, item1, parent] = told;
    expect(Object.keys({ ...item0, ...item1, ...parent })).toEqual(['item0', 'item1', 'container']);
    const containers = fake.state.containers.size;
    const published = await adapter.publish(account, {
      ...input,
      progress: { ...item0, ...item1, ...parent },
    });
    expect(fake.state.containers.size).toBe(containers);
    expect(fake.state.containers.get(parent?.['container'] ?? '')?.mediaId).toBe(published.externalId);
    // Published once: a further attempt does not post it twice, reconciling settles it.
    const again = await failure(adapter.publish(account, { ...input, progress: parent }));
    expect(again.kind).toBe('outcomeUnknown');
    expect(fake.posts.all().filter((p) => p.text === input.text)).toHaveLength(1);
  });

  it('makes a new container when the earlier one expired or is unknown', async () => {
    const told: Record<string, string>[] = [];
    const input = {
      ...post('Expired', [await hosted('image', 'e.jpg')]),
      onProgress: async (ids: Record<string, string>) => void told.push(ids),
    };
    fake.faults.set({ kind: 'rateLimited', call: 'POST /{ig-user-id}/media_publish', times: 1 });
    await failure(adapter.publish(account, input));
    clock.advance(25 * 3600_000);
    const published = await adapter.publish(account, { ...input, progress: told[0] });
    expect(told.at(-1)?.['container']).not.toBe(told[0]?.['container']);
    expect(fake.posts.get(published.externalId)?.text).toBe(input.text);
    const unknown = await adapter.publish(account, {
      ...post('Unknown', [await hosted('image', 'u.jpg')]),
      progress: { container: '42' },
    });
    expect(fake.posts.get(unknown.externalId)).toBeDefined();
  });

  it('reads the publishing limit of the moving 24 hours', async () => {
    const published = fake.posts.all().filter((p) => p.account === igId).length;
    expect(await adapter.publishingLimit(account)).toEqual({ used: published, total: 50 });
  });

  it('refuses what Instagram cannot do: a post without media, a removal', async () => {
    expect((await failure(adapter.publish(account, post('Text only', [])))).kind).toBe('rejected');
    expect((await failure(adapter.remove(account, '1'))).kind).toBe('rejected');
  });
});

describe('Instagram: faults', () => {
  itMapsAccountFaults(
    {
      expiredToken: { kind: 'reauthorize' },
      revokedGrant: { kind: 'reauthorize' },
      serverError: { kind: 'transient' },
    },
    async (kind) => {
      const image = await hosted('image', 'f.jpg');
      fake.faults.set({ kind, account: igId, times: 1 });
      return adapter.publish(account, post(kind, [image]));
    },
  );

  it('throttled → rateLimited with the wait from X-Business-Use-Case-Usage', async () => {
    fake.faults.set({ kind: 'rateLimited', retryAfterS: 120, call: 'POST /{ig-user-id}/media_publish' });
    await expectFailure(adapter.publish(account, post('Too fast', [await hosted('image', 'f.jpg')])), {
      kind: 'rateLimited',
      platformCode: '4',
      retryAfterMs: 120_000,
    });
  });

  it("content rejected → rejected with Instagram's message", async () => {
    fake.faults.set({ kind: 'contentRejected', message: 'This post goes against our guidelines' });
    const error = await failure(adapter.publish(account, post('Bad', [await hosted('image', 'f.jpg')])));
    expect(error.kind).toBe('rejected');
    expect(error.detail.platformMessage).toBe('This post goes against our guidelines');
  });

  it('media Instagram cannot fetch or take → mediaInvalid with its words', async () => {
    const png = await hosted('image', 'p.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
    const notJpeg = await failure(adapter.publish(account, post('PNG', [png])));
    expect(notJpeg.kind).toBe('mediaInvalid');
    expect(notJpeg.detail.platformSubcode).toBe('2207005');
    const missing = { ...testMedia('image'), publicUrl: `${files.url}/files/missing.jpg` };
    const unreachable = await failure(adapter.publish(account, post('Missing', [missing])));
    expect(unreachable.kind).toBe('mediaInvalid');
    expect(unreachable.detail.platformMessage).toBe(
      `The media could not be fetched from this uri: ${missing.publicUrl}`,
    );
    const notVideo = await hosted('video', 'bad.mp4', new Uint8Array(30).fill(1));
    const processing = await failure(adapter.publish(account, post('Bad video', [notVideo])));
    expect(processing.kind).toBe('mediaInvalid');
    expect(processing.detail.platformSubcode).toBe('2207026');
    const local = await failure(adapter.publish(account, post('No URL', [testMedia('image')])));
    expect(local.kind).toBe('mediaInvalid');
  });

  it('slow processing: polls until FINISHED, or gives up (transient) past maxPolls with nothing published', async () => {
    fake.faults.set({ kind: 'slowProcessing', polls: 4, call: 'POST /{ig-user-id}/media', times: 1 });
    await adapter.publish(account, post('Slow', [await hosted('image', 's.jpg')]));
    expect(waits).toHaveLength(4);
    waits.length = 0;
    fake.faults.set({ kind: 'slowProcessing', polls: 50, call: 'POST /{ig-user-id}/media', times: 1 });
    const before = fake.posts.all().length;
    const error = await failure(adapter.publish(account, post('Too slow', [await hosted('image', 's.jpg')])));
    expect(error.kind).toBe('transient');
    expect(waits).toHaveLength(5);
    expect(fake.posts.all()).toHaveLength(before);
  });

  it('accept then hang on media_publish → outcomeUnknown, the post exists, and find settles it', async () => {
    const impatient = createInstagramAdapter({ ...settings, timeoutMs: 300 });
    fake.faults.set({ kind: 'acceptThenHang', call: 'POST /{ig-user-id}/media_publish', times: 1 });
    const since = clock.now().toISOString();
    const input = post('Lost answer', [await hosted('image', 'l.jpg')]);
    const error = await failure(impatient.publish(account, input));
    expect(error.kind).toBe('outcomeUnknown');
    const stored = fake.posts.all().at(-1);
    expect(stored?.text).toBe(input.text);
    expect((await adapter.find?.(account, input, since))?.externalId).toBe(stored?.id);
  });

  it.each(['acceptThenServerError', 'acceptThenMalformed'] as const)(
    '%s on media_publish → outcomeUnknown; the post exists and find settles it',
    async (kind) => {
      fake.faults.set({ kind, call: 'POST /{ig-user-id}/media_publish', times: 1 });
      const since = clock.now().toISOString();
      const input = {
        ...post('Answer garbled', [await hosted('image', 'g.jpg')]),
        link: 'https://example.org/x',
      };
      expect((await failure(adapter.publish(account, input))).kind).toBe('outcomeUnknown');
      const stored = fake.posts.all().at(-1);
      expect(stored?.text).toBe(`${input.text}\n\nhttps://example.org/x`);
      const found = await adapter.find?.(account, input, since);
      expect(found).toEqual({
        externalId: stored?.id,
        url: expect.stringMatching(new RegExp(`^${fake.url}/p/`)),
      });
    },
  );

  it.each(['acceptThenServerError', 'acceptThenMalformed'] as const)(
    '%s on a container → transient: a container publishes nothing',
    async (kind) => {
      fake.faults.set({ kind, call: 'POST /{ig-user-id}/media', times: 1 });
      const before = fake.posts.all().length;
      expect(
        (await failure(adapter.publish(account, post('Container', [await hosted('image', 'k.jpg')])))).kind,
      ).toBe('transient');
      expect(fake.posts.all()).toHaveLength(before);
    },
  );

  it("a 2xx whose JSON is not Graph's answer to media_publish → outcomeUnknown, never a TypeError", async () => {
    const odd = createInstagramAdapter({
      ...settings,
      fetch: async (url, init) => {
        const answer = await fetch(url, init);
        if (!String(url).includes('/media_publish')) return answer;
        return new Response('{"data":[]}', { status: 200, headers: { 'content-type': 'application/json' } });
      },
    });
    const error = await failure(odd.publish(account, post('Odd answer', [await hosted('image', 'o.jpg')])));
    expect(error.kind).toBe('outcomeUnknown');
  });
});
