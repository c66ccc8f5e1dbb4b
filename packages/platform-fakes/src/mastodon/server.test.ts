import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MastodonFake, startMastodonFake } from './server.ts';

let fake: MastodonFake;
let token: string;

beforeAll(async () => {
  fake = await startMastodonFake({ now: () => new Date('2026-03-01T10:01:00Z') });
  const user = fake.addUser({ username: 'probe' });
  token = 'probe-token';
  fake.state.tokens.set(token, {
    clientId: 'c',
    userId: user.id,
    scopes: ['profile'],
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
});
