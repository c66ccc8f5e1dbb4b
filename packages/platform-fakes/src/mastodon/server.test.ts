import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MastodonFake, startMastodonFake } from './server.ts';

let fake: MastodonFake;
let token: string;
let now = new Date('2026-03-01T10:01:00Z');

beforeAll(async () => {
  fake = await startMastodonFake({ now: () => now });
  const user = fake.addUser({ username: 'probe' });
  token = 'probe-token';
  fake.state.tokens.set(token, {
    clientId: 'c',
    userId: user.id,
    scopes: ['profile', 'write:statuses'],
    revoked: false,
    createdAt: new Date(),
  });
});
afterAll(() => fake.stop());

const call = (path: string, init: RequestInit = {}) =>
  fetch(`${fake.url}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });

describe('Mastodon fake', () => {
  it('sends the X-RateLimit headers on every call, the reset as an ISO time', async () => {
    const answer = await call('/api/v1/accounts/verify_credentials');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-ratelimit-limit')).toBe('300');
    expect(answer.headers.get('x-ratelimit-remaining')).toBe('299');
    expect(answer.headers.get('x-ratelimit-reset')).toBe('2026-03-01T10:05:00.000Z');
  });

  it("answers with Mastodon's error bodies", async () => {
    const blank = await call('/api/v1/statuses', {
      method: 'POST',
      body: new URLSearchParams({ status: ' ' }),
    });
    expect([blank.status, await blank.json()]).toEqual([
      422,
      { error: "Validation failed: Text can't be blank" },
    ]);
    const missing = await call('/api/v1/statuses/1', { method: 'DELETE' });
    expect([missing.status, await missing.json()]).toEqual([404, { error: 'Record not found' }]);
    const anonymous = await fetch(`${fake.url}/api/v1/accounts/verify_credentials`);
    expect([anonymous.status, await anonymous.json()]).toEqual([
      401,
      { error: 'The access token is invalid' },
    ]);
    fake.faults.set({ kind: 'rateLimited', retryAfterS: 30, times: 1 });
    const limited = await call('/api/v1/accounts/verify_credentials');
    expect([limited.status, await limited.json()]).toEqual([429, { error: 'Too many requests' }]);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(limited.headers.get('x-ratelimit-reset')).toBe('2026-03-01T10:01:30.000Z');
  });

  it('reports the default limits at /api/v2/instance', async () => {
    const instance = (await (await fetch(`${fake.url}/api/v2/instance`)).json()) as {
      configuration: { statuses: { max_characters: number } };
    };
    expect(instance.configuration.statuses.max_characters).toBe(500);
  });

  it('answers the same status for an Idempotency-Key within the hour, and makes a new one after it', async () => {
    const send = () =>
      call('/api/v1/statuses', {
        method: 'POST',
        headers: { 'idempotency-key': 'k1' },
        body: new URLSearchParams({ status: 'Once an hour' }),
      }).then(async (answer) => ((await answer.json()) as { id: string }).id);
    const first = await send();
    now = new Date(now.getTime() + 59 * 60_000);
    expect(await send()).toBe(first);
    now = new Date(now.getTime() + 2 * 60_000);
    expect(await send()).not.toBe(first);
  });

  it("lists an account's statuses newest first, by max_id pages", async () => {
    const user = fake.state.tokens.get(token)?.userId ?? '';
    const made: string[] = [];
    for (const status of ['l1', 'l2', 'l3']) {
      const answer = await call('/api/v1/statuses', {
        method: 'POST',
        body: new URLSearchParams({ status }),
      });
      made.push(((await answer.json()) as { id: string }).id);
    }
    const first = (await (await call(`/api/v1/accounts/${user}/statuses?limit=2`)).json()) as {
      id: string;
    }[];
    expect(first.map((s) => s.id)).toEqual([made[2], made[1]]);
    const next = (await (
      await call(`/api/v1/accounts/${user}/statuses?limit=2&max_id=${made[1]}`)
    ).json()) as {
      id: string;
    }[];
    expect(next[0]?.id).toBe(made[0]);
  });

  it('counts 300 calls per 5-minute window, then 429 until the next window starts afresh', async () => {
    now = new Date('2026-03-02T09:00:00Z');
    let last = 0;
    for (let i = 0; i < 300; i++) last = (await call('/api/v1/accounts/verify_credentials')).status;
    expect(last).toBe(200);
    const limited = await call('/api/v1/accounts/verify_credentials');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-ratelimit-reset')).toBe('2026-03-02T09:05:00.000Z');
    expect(fake.limitsExceeded()).toEqual([
      { account: expect.any(String), limit: 'calls per 5 minutes', exceeded: 1 },
    ]);
    now = new Date('2026-03-02T09:05:00Z');
    const fresh = await call('/api/v1/accounts/verify_credentials');
    expect([fresh.status, fresh.headers.get('x-ratelimit-remaining')]).toEqual([200, '299']);
  });

  it('makes the status, then answers a 500 for acceptThenServerError', async () => {
    const before = fake.posts.all().length;
    fake.faults.set({ kind: 'acceptThenServerError', call: 'POST /api/v1/statuses', times: 1 });
    const answer = await call('/api/v1/statuses', {
      method: 'POST',
      body: new URLSearchParams({ status: 'Made anyway' }),
    });
    expect([answer.status, await answer.json()]).toEqual([
      500,
      { error: "We're sorry, but something went wrong on our end." },
    ]);
    expect(
      fake.posts
        .all()
        .slice(before)
        .map((p) => p.text),
    ).toEqual(['Made anyway']);
  });
});

describe('Mastodon fake: counts', () => {
  it("answers the account's followers_count and a status's counts as Mastodon names them", async () => {
    const user = fake.state.users.values().next().value;
    if (user) user.followers = 77;
    const me = (await (await call('/api/v1/accounts/verify_credentials')).json()) as Record<string, unknown>;
    expect(me).toMatchObject({ followers_count: 77, following_count: 0, statuses_count: 0 });
    const made = (await (
      await call('/api/v1/statuses', { method: 'POST', body: new URLSearchParams({ status: 'Counted' }) })
    ).json()) as { id: string };
    const stored = fake.posts.get(made.id);
    if (stored) stored.metrics = { reactions: 5, shares: 2, comments: 1 };
    const status = (await (await call(`/api/v1/statuses/${made.id}`)).json()) as Record<string, unknown>;
    expect(status).toMatchObject({
      favourites_count: 5,
      reblogs_count: 2,
      replies_count: 1,
      quotes_count: 0,
    });
  });
});
