import { createHash, randomBytes } from 'node:crypto';
import { type MastodonFake, startMastodonFake } from '@postdeck/platform-fakes/mastodon/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import type { AccountAccess, Grant, PostInput } from '../adapter.ts';
import {
  expectFailure,
  failure,
  itMapsAccountFaults,
  itReadsMetrics,
  itRemovesTwice,
  type PostsFixture,
  REDIRECT,
} from '../adapter-testing.ts';
import { testMedia } from '../../test/media-files.ts';
import { type MastodonAdapter, createMastodonAdapter } from './adapter.ts';
import { type MastodonApp, appContext } from './oauth.ts';

const clock = manualClock(new Date('2026-03-01T10:00:00Z'));
const waits: number[] = [];
let fake: MastodonFake;
let adapter: MastodonAdapter;
let app: MastodonApp;
let account: AccountAccess;

beforeAll(async () => {
  fake = await startMastodonFake({ now: clock.now });
  fake.addUser({ username: 'newsroom', displayName: 'The Newsroom' });
  adapter = createMastodonAdapter({
    clock,
    pollIntervalMs: 1500,
    maxPolls: 5,
    wait: async (ms) => {
      waits.push(ms);
    },
  });
  app = await adapter.registerApp(fake.url, REDIRECT);
  const grant = await connect();
  const [target] = await adapter.targets(grant);
  account = { externalId: target?.externalId ?? '', grant };
});
afterEach(() => {
  fake.faults.clear();
  waits.length = 0;
});
afterAll(() => fake.stop());

/** The consent page as a browser meets it: read its form, submit it with the button pressed. */
async function consent(url: string, decision: 'approve' | 'deny'): Promise<URL> {
  const page = await (await fetch(url)).text();
  const form = new URLSearchParams();
  for (const [, name, value] of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    form.append(unescape(name ?? ''), unescape(value ?? ''));
  form.append('user_id', /<option value="([^"]+)"/.exec(page)?.[1] ?? '');
  form.append('decision', decision);
  const answer = await fetch(new URL('/oauth/authorize', url), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location') ?? '');
}

const unescape = (html: string) =>
  html.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

async function connect(): Promise<Grant> {
  const verifier = randomBytes(32).toString('base64url');
  const url = adapter.authorizationUrl?.({
    state: 'state-1',
    redirectUri: REDIRECT,
    codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
    context: appContext(app),
  });
  const back = await consent(url ?? '', 'approve');
  expect(back.searchParams.get('state')).toBe('state-1');
  return (
    adapter.exchangeCode?.({
      code: back.searchParams.get('code') ?? '',
      redirectUri: REDIRECT,
      codeVerifier: verifier,
      context: appContext(app),
    }) ?? Promise.reject(new Error('no exchangeCode'))
  );
}

const post = (text: string, media: PostInput['media'] = [], key = `key-${text}`): PostInput => ({
  text,
  media,
  idempotencyKey: key,
});

/** The shared post tests' view of this suite. */
const fixture = (): PostsFixture => ({ adapter, account, posts: fake.posts, now: () => clock.now(), post });

describe('Mastodon: connect', () => {
  it('registers the app on the instance with our scopes and redirect', () => {
    expect(app.instance).toBe(fake.url);
    expect(fake.state.apps.get(app.clientId)).toMatchObject({
      name: 'Postdeck',
      redirectUris: [REDIRECT],
      scopes: ['write:statuses', 'write:media', 'profile'],
    });
  });

  it('builds the consent URL with PKCE, and exchanges the approved code for a grant', async () => {
    const url = new URL(
      adapter.authorizationUrl?.({
        state: 's',
        redirectUri: REDIRECT,
        codeChallenge: 'c',
        context: appContext(app),
      }) ?? '',
    );
    expect(url.origin + url.pathname).toBe(`${fake.url}/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: app.clientId,
      redirect_uri: REDIRECT,
      scope: 'write:statuses write:media profile',
      state: 's',
      code_challenge: 'c',
      code_challenge_method: 'S256',
    });
    expect(account.grant).toMatchObject({
      scopes: ['write:statuses', 'write:media', 'profile'],
      context: { instance: fake.url, clientId: app.clientId, clientSecret: app.clientSecret },
    });
    expect(account.grant.expiresAt).toBeUndefined();
    expect(account.grant.refreshToken).toBeUndefined();
  });

  it('lists the account as its target', async () => {
    expect(await adapter.targets(account.grant)).toEqual([
      {
        externalId: account.externalId,
        name: 'The Newsroom',
        handle: `@newsroom@${new URL(fake.url).host}`,
        avatarUrl: `${fake.url}/avatars/${account.externalId}.png`,
        profileUrl: `${fake.url}/@newsroom`,
      },
    ]);
  });

  it('brings back a denial, and refuses a wrong verifier and a replayed code', async () => {
    const url =
      adapter.authorizationUrl?.({ state: 'd', redirectUri: REDIRECT, context: appContext(app) }) ?? '';
    const denied = await consent(url, 'deny');
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('state')).toBe('d');

    const challenged =
      adapter.authorizationUrl?.({
        state: 'p',
        redirectUri: REDIRECT,
        codeChallenge: 'x'.repeat(43),
        context: appContext(app),
      }) ?? '';
    const code = (await consent(challenged, 'approve')).searchParams.get('code') ?? '';
    const exchange = { code, redirectUri: REDIRECT, codeVerifier: 'wrong', context: appContext(app) };
    const wrong = await failure(adapter.exchangeCode?.(exchange) ?? Promise.resolve());
    expect(wrong.kind).toBe('rejected');
    expect(wrong.detail.platformCode).toBe('invalid_grant');

    const plain = (await consent(url, 'approve')).searchParams.get('code') ?? '';
    await adapter.exchangeCode?.({ code: plain, redirectUri: REDIRECT, context: appContext(app) });
    const replayed = await failure(
      adapter.exchangeCode?.({ code: plain, redirectUri: REDIRECT, context: appContext(app) }) ??
        Promise.resolve(),
    );
    expect(replayed.detail.platformCode).toBe('invalid_grant');
  });

  it('revokes a grant: the token stops working', async () => {
    const grant = await connect();
    await adapter.revoke?.(grant);
    const error = await failure(adapter.targets(grant));
    expect(error.kind).toBe('reauthorize');
    expect(error.detail.platformMessage).toBe('The access token was revoked');
  });
});

describe('Mastodon: publish, metrics, remove', () => {
  it('publishes text with its link, once per idempotency key', async () => {
    const input = { ...post('Hello fediverse'), link: 'https://example.org/story' };
    const first = await adapter.publish(account, input);
    const again = await adapter.publish(account, input);
    expect(again).toEqual(first);
    expect(first.url).toBe(`${fake.url}/@newsroom/${first.externalId}`);
    expect(fake.posts.live().filter((p) => p.text.startsWith('Hello fediverse'))).toHaveLength(1);
    const page = await fetch(first.url);
    expect(await page.text()).toContain('Hello fediverse\n\nhttps://example.org/story');
  });

  it('publishes an image at once and a video after it is processed, polling through the injected wait', async () => {
    const image = { ...testMedia('image'), altText: 'A cat' };
    await adapter.publish(account, post('Image', [image]));
    expect(waits).toEqual([]);
    await adapter.publish(account, post('Video', [testMedia('video')]));
    // 202 on upload, one 206 while it processes, then 200.
    expect(waits).toEqual([1500, 1500]);
    expect(
      fake.posts
        .all()
        .slice(-2)
        .map((p) => [p.text, p.media.map((m) => m.mime)]),
    ).toEqual([
      ['Image', ['image/jpeg']],
      ['Video', ['video/mp4']],
    ]);
    expect([...fake.state.uploads.values()].find((u) => u.file.mime === 'image/jpeg')?.description).toBe(
      'A cat',
    );
  });

  itReadsMetrics(
    'reads favourites (reactions), boosts (shares) and replies (comments) from GET /api/v1/statuses/:id',
    { reactions: 12, shares: 3, comments: 4 },
    fixture,
  );

  it('leaves out what a status does not count (views, reach, saves, link clicks)', async () => {
    const published = await adapter.publish(account, post('Partly counted'));
    const stored = fake.posts.get(published.externalId);
    if (stored) stored.metrics = { views: 40, reach: 30, saves: 4, linkClicks: 2, reactions: 5 };
    expect(await adapter.metrics?.(account, published.externalId)).toEqual({
      reactions: 5,
      shares: 0,
      comments: 0,
      at: clock.now().toISOString(),
    });
  });

  it("counts quotes (Mastodon 4.5's quotes_count) with boosts as shares", async () => {
    const published = await adapter.publish(account, post('Quoted'));
    const stored = fake.posts.get(published.externalId);
    if (stored) stored.metrics = { shares: 3 };
    const quoted: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      if (!String(input).endsWith(`/api/v1/statuses/${published.externalId}`)) return answer;
      return Response.json({ ...((await answer.json()) as object), quotes_count: 2 });
    };
    const metrics = await createMastodonAdapter({ clock, fetch: quoted }).metrics?.(
      account,
      published.externalId,
    );
    expect(metrics).toMatchObject({ shares: 5 });
  });

  it("reads the account's followers_count from verify_credentials", async () => {
    const user = fake.state.users.get(account.externalId);
    if (user) user.followers = 4_321;
    expect(await adapter.accountMetrics?.(account)).toEqual({
      followers: 4_321,
      at: clock.now().toISOString(),
    });
  });

  itRemovesTwice('removes a status, and takes a second removal as done', fixture);
});

describe('Mastodon: faults', () => {
  itMapsAccountFaults(
    {
      expiredToken: { kind: 'reauthorize', platformMessage: 'The access token is invalid' },
      revokedGrant: { kind: 'reauthorize', platformMessage: 'The access token was revoked' },
      // A 500 to POST /api/v1/statuses says nothing of whether the status was made (platforms.md §8).
      serverError: {
        kind: 'outcomeUnknown',
        status: 500,
        platformMessage: "We're sorry, but something went wrong on our end.",
      },
    },
    (kind) => {
      fake.faults.set({ kind, account: account.externalId, times: 1 });
      return adapter.publish(account, post(kind));
    },
  );

  it('a 500 to a call that may be repeated → transient', async () => {
    fake.faults.set({ kind: 'serverError', call: 'GET /api/v1/accounts/verify_credentials', times: 1 });
    await expectFailure(adapter.targets(account.grant), { kind: 'transient', status: 500 });
  });

  it('429 → rateLimited with the wait from X-RateLimit-Reset', async () => {
    fake.faults.set({ kind: 'rateLimited', retryAfterS: 90, call: 'POST /api/v1/statuses' });
    await expectFailure(adapter.publish(account, post('Too fast')), {
      kind: 'rateLimited',
      retryAfterMs: 90_000,
      platformMessage: 'Too many requests',
    });
  });

  it('metrics and followers: 429 → rateLimited, a revoked token → reauthorize', async () => {
    const published = await adapter.publish(account, post('Counted later'));
    fake.faults.set({ kind: 'rateLimited', retryAfterS: 30, call: 'GET /api/v1/statuses/:id', times: 1 });
    await expectFailure(adapter.metrics?.(account, published.externalId), {
      kind: 'rateLimited',
      status: 429,
      retryAfterMs: 30_000,
    });
    fake.faults.set({
      kind: 'rateLimited',
      retryAfterS: 30,
      call: 'GET /api/v1/accounts/verify_credentials',
      times: 1,
    });
    await expectFailure(adapter.accountMetrics?.(account), { kind: 'rateLimited', status: 429 });
    fake.faults.set({ kind: 'revokedGrant', call: 'GET /api/v1/accounts/verify_credentials', times: 1 });
    await expectFailure(adapter.accountMetrics?.(account), {
      kind: 'reauthorize',
      status: 401,
      platformMessage: 'The access token was revoked',
    });
  });

  it("content rejected → rejected with the instance's message", async () => {
    fake.faults.set({ kind: 'contentRejected', message: 'Text contains a forbidden word' });
    const error = await failure(adapter.publish(account, post('Bad word')));
    expect(error.kind).toBe('rejected');
    expect(error.detail.platformMessage).toBe('Validation failed: Text contains a forbidden word');
  });

  it('a file the instance cannot read → mediaInvalid', async () => {
    const broken = testMedia('image', 'broken.jpg', new Uint8Array([1, 2, 3, 4]));
    const error = await failure(adapter.publish(account, post('Broken', [broken])));
    expect(error.kind).toBe('mediaInvalid');
    expect(error.detail.platformMessage).toBe(
      'Validation failed: File content type is invalid, File is invalid',
    );
  });

  it('slow processing: polls until ready, or gives up (transient) past maxPolls', async () => {
    fake.faults.set({ kind: 'slowProcessing', polls: 4, call: 'POST /api/v2/media', times: 1 });
    await adapter.publish(account, post('Slow image', [testMedia('image')]));
    expect(waits).toHaveLength(5);
    waits.length = 0;
    fake.faults.set({ kind: 'slowProcessing', polls: 50, call: 'POST /api/v2/media', times: 1 });
    const before = fake.posts.all().length;
    const error = await failure(adapter.publish(account, post('Too slow', [testMedia('image')])));
    expect(error.kind).toBe('transient');
    expect(waits).toHaveLength(5);
    expect(fake.posts.all()).toHaveLength(before);
  });

  it('accept then hang → outcomeUnknown, the status exists, and a retry with the same key finds it', async () => {
    const impatient = createMastodonAdapter({ timeoutMs: 300 });
    fake.faults.set({ kind: 'acceptThenHang', call: 'POST /api/v1/statuses', times: 1 });
    const error = await failure(impatient.publish(account, post('Lost answer')));
    expect(error.kind).toBe('outcomeUnknown');
    const stored = fake.posts.all().at(-1);
    expect(stored?.text).toBe('Lost answer');
    expect((await adapter.publish(account, post('Lost answer'))).externalId).toBe(stored?.id);
  });

  it.each(['acceptThenServerError', 'acceptThenMalformed'] as const)(
    '%s → outcomeUnknown; find() gets the status, and a retry with the same key gets it back',
    async (kind) => {
      const since = clock.now().toISOString();
      fake.faults.set({ kind, call: 'POST /api/v1/statuses', times: 1 });
      const input = { ...post(`Answer lost to ${kind}`), link: 'https://example.org/a?b=1&c=2' };
      const error = await failure(adapter.publish(account, input));
      expect(error.kind).toBe('outcomeUnknown');
      const stored = fake.posts.all().at(-1);
      expect(stored?.text).toBe(`${input.text}\n\n${input.link}`);
      const found = await adapter.find?.(account, input, since);
      expect(found).toEqual({ externalId: stored?.id, url: `${fake.url}/@newsroom/${stored?.id}` });
      expect(await adapter.publish(account, input)).toEqual(found);
    },
  );

  it('a 200 that is not a status → outcomeUnknown, never a TypeError', async () => {
    const garbling: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      return init?.method === 'POST' && String(input).endsWith('/api/v1/statuses')
        ? new Response('{"id":12}', { status: 200, headers: { 'content-type': 'application/json' } })
        : answer;
    };
    const error = await failure(
      createMastodonAdapter({ clock, fetch: garbling }).publish(account, post('Garbled')),
    );
    expect(error.kind).toBe('outcomeUnknown');
    expect(error.detail.platformMessage).toBe('POST /api/v1/statuses answered what is not its answer');
    expect(fake.posts.all().at(-1)?.text).toBe('Garbled');
  });
});

describe('Mastodon: progress, find', () => {
  it('tells onProgress each media id, and a later attempt uses them while the instance has them', async () => {
    const told: Record<string, string>[] = [];
    const input = {
      ...post('Resumed', [testMedia('image'), testMedia('video')]),
      onProgress: async (ids: Record<string, string>) => {
        told.push(ids);
      },
    };
    fake.faults.set({ kind: 'rateLimited', retryAfterS: 5, call: 'POST /api/v1/statuses', times: 1 });
    expect((await failure(adapter.publish(account, input))).kind).toBe('rateLimited');
    expect(told).toEqual([{ 'media.0': expect.any(String) }, { 'media.1': expect.any(String) }]);
    const progress = Object.assign({}, ...told) as Record<string, string>;
    const uploads = fake.state.uploads.size;
    told.length = 0;
    const published = await adapter.publish(account, { ...input, progress });
    expect(fake.state.uploads.size).toBe(uploads);
    expect(told).toEqual([]);
    expect(fake.state.statusMedia.get(published.externalId)).toEqual([
      progress['media.0'],
      progress['media.1'],
    ]);

    const gone = await adapter.publish(account, {
      ...post('Media gone', [testMedia('image')]),
      progress: { 'media.0': '999999' },
      onProgress: async (ids) => {
        told.push(ids);
      },
    });
    expect(fake.state.uploads.size).toBe(uploads + 1);
    expect(told).toEqual([{ 'media.0': fake.state.statusMedia.get(gone.externalId)?.[0] }]);
  });

  it("finds a status among the account's own by its text, paging with max_id past the attempt's start", async () => {
    const start = clock.now();
    const pages: (string | null)[] = [];
    const watching: typeof fetch = async (input, init) => {
      const url = new URL(String(input));
      if (url.pathname.endsWith('/statuses') && url.pathname.includes('/accounts/'))
        pages.push(url.searchParams.get('max_id'));
      return fetch(input, init);
    };
    const looking = createMastodonAdapter({ clock, fetch: watching });
    try {
      // A window of its own: the many posts below stay within 300 calls per 5 minutes.
      clock.advance(6 * 60_000);
      await adapter.publish(account, post('Looked for & found'));
      clock.advance(60_000);
      const since = clock.now().toISOString();
      clock.advance(1000);
      const wanted = await adapter.publish(account, post('Looked for & found', [], 'key-again'));
      for (let i = 0; i < 45; i++) await adapter.publish(account, post(`Newer ${i}`));
      expect(await looking.find?.(account, post('Looked for & found'), since)).toEqual(wanted);
      expect(pages).toHaveLength(2);
      expect(pages[0]).toBeNull();
      pages.length = 0;
      expect(await looking.find?.(account, post('Never sent'), since)).toBeNull();
      expect(pages).toHaveLength(2);
    } finally {
      clock.set(start);
    }
  });

  it('a lookup that cannot finish throws (the publication stays publishing), it does not say "not there"', async () => {
    fake.faults.set({
      kind: 'rateLimited',
      retryAfterS: 30,
      call: 'GET /api/v1/accounts/:id/statuses',
      times: 1,
    });
    await expectFailure(adapter.find?.(account, post('Anything'), clock.now().toISOString()), {
      kind: 'rateLimited',
      retryAfterMs: 30_000,
    });
  });
});
