import { seedGoogleSandbox } from '@postdeck/platform-fakes/google/seed';
import { type GoogleFake, startGoogleFake } from '@postdeck/platform-fakes/google/server';
import { submitConsent } from '@postdeck/platform-fakes/oauth/consent-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import type { DataSourceAdapter, Grant } from '../adapter.ts';
import { expectFailure, failure, itMapsAccountFaults } from '../adapter-testing.ts';
import { REDIRECT, allHostsAt, connectGoogle } from '../google/connect-testing.ts';
import { DEFAULT_GA4_HOSTS, createGa4Adapter } from './adapter.ts';

const CLIENT = { clientId: 'ga-client', clientSecret: 'ga-secret' };
const READONLY = 'https://www.googleapis.com/auth/analytics.readonly';
const clock = manualClock(new Date('2026-03-01T10:00:00Z'));
let fake: GoogleFake;
let adapter: DataSourceAdapter;
let sandbox: ReturnType<typeof seedGoogleSandbox>;
let grant: Grant;

beforeAll(async () => {
  fake = await startGoogleFake({ now: clock.now, clients: [CLIENT] });
  sandbox = seedGoogleSandbox(fake);
  // Someone else's account, which the demo user's grant must not reach.
  const stranger = fake.addUser({ name: 'Stranger' });
  fake.addProperty(fake.addAnalyticsAccount([stranger.id], 'Not ours').id, { displayName: 'Hidden' });
  adapter = createGa4Adapter({ ...CLIENT, hosts: allHostsAt(DEFAULT_GA4_HOSTS, fake.url), clock });
  grant = await connectGoogle(adapter, { userId: sandbox.user.id });
});
afterEach(() => fake.faults.clear());
afterAll(() => fake.stop());

describe('GA4: connect', () => {
  it('builds the consent URL for analytics.readonly with offline access and PKCE', () => {
    const url = new URL(
      adapter.authorizationUrl?.({ state: 's', redirectUri: REDIRECT, codeChallenge: 'c' }) ?? '',
    );
    expect(url.origin + url.pathname).toBe(`${fake.url}/o/oauth2/v2/auth`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: CLIENT.clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: READONLY,
      access_type: 'offline',
      prompt: 'consent',
      state: 's',
      code_challenge: 'c',
      code_challenge_method: 'S256',
    });
  });

  it('exchanges the code for a grant, and lists the GA4 properties it reaches by their numeric ids', async () => {
    expect(grant).toMatchObject({
      scopes: [READONLY],
      expiresAt: new Date(clock.now().getTime() + 3599_000).toISOString(),
    });
    expect(grant.refreshToken).toBeTruthy();
    const [web, shop] = sandbox.properties;
    expect(await adapter.targets(grant)).toEqual([
      {
        externalId: web?.id,
        name: 'Demo website',
        handle: `Postdeck Demo · ${web?.id}`,
        profileUrl: `${fake.url}/analytics/web/#/p${web?.id}/`,
      },
      {
        externalId: shop?.id,
        name: 'Demo shop',
        handle: `Postdeck Demo · ${shop?.id}`,
        profileUrl: `${fake.url}/analytics/web/#/p${shop?.id}/`,
      },
    ]);
  });

  it('pages through more accounts than one page holds, and skips accounts without properties', async () => {
    const user = fake.addUser({ name: 'Agency' });
    for (let i = 0; i < 205; i++) {
      const account = fake.addAnalyticsAccount([user.id], `Client ${i}`);
      if (i % 2 === 0) fake.addProperty(account.id, { displayName: `Site ${i}` });
    }
    const agency = await connectGoogle(adapter, { userId: user.id });
    const targets = await adapter.targets(agency);
    expect(targets).toHaveLength(103);
    expect(targets.at(-1)?.name).toBe('Site 204');
  });

  it('brings back a denial with the state, and refuses a replayed code', async () => {
    const url = adapter.authorizationUrl?.({ state: 'd', redirectUri: REDIRECT }) ?? '';
    const denied = await submitConsent(url, { decision: 'deny' });
    expect(Object.fromEntries(denied.searchParams)).toEqual({ error: 'access_denied', state: 'd' });
    const code = (await submitConsent(url, { decision: 'approve' })).searchParams.get('code') ?? '';
    await adapter.exchangeCode?.({ code, redirectUri: REDIRECT });
    const replayed = await failure(adapter.exchangeCode?.({ code, redirectUri: REDIRECT }));
    expect([replayed.kind, replayed.detail.platformCode]).toEqual(['rejected', 'invalid_grant']);
  });

  it('refreshes an expired token; revoked, the grant can neither list nor refresh', async () => {
    const own = await connectGoogle(adapter, { userId: sandbox.user.id });
    clock.advance(3600_000);
    const expired = await failure(adapter.targets(own));
    expect([expired.kind, expired.detail.platformCode]).toEqual(['reauthorize', 'ACCESS_TOKEN_EXPIRED']);
    const renewed = (await adapter.refresh?.(own)) ?? own;
    expect(await adapter.targets(renewed)).toHaveLength(2);
    await adapter.revoke?.(renewed);
    expect((await failure(adapter.targets(renewed))).kind).toBe('reauthorize');
    expect((await failure(adapter.refresh?.(renewed))).kind).toBe('reauthorize');
    // A second release finds the grant already gone: done all the same.
    await adapter.revoke?.(renewed);
    grant = (await adapter.refresh?.(grant)) ?? grant;
  });

  it('a grant without analytics.readonly (unticked) → reauthorize', async () => {
    const unticked = await connectGoogle(adapter, { userId: sandbox.user.id, untick: [READONLY] });
    expect(unticked.scopes).toEqual([]);
    const error = await failure(adapter.targets(unticked));
    expect([error.kind, error.detail.platformCode]).toEqual([
      'reauthorize',
      'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
    ]);
  });
});

describe('GA4: faults', () => {
  itMapsAccountFaults(
    {
      expiredToken: { kind: 'reauthorize', status: 401 },
      revokedGrant: { kind: 'reauthorize', status: 401 },
      serverError: { kind: 'transient', status: 503 },
    },
    (kind) => {
      fake.faults.set({ kind, account: sandbox.user.id, times: 1 });
      return adapter.targets(grant);
    },
  );

  it('429 → rateLimited with the wait from Retry-After', async () => {
    fake.faults.set({ kind: 'rateLimited', retryAfterS: 45, call: 'GET /v1beta/accountSummaries' });
    await expectFailure(adapter.targets(grant), {
      kind: 'rateLimited',
      retryAfterMs: 45_000,
      platformSubcode: 'RESOURCE_EXHAUSTED',
    });
  });

  it('no answer in time → transient (a read: safe to repeat)', async () => {
    const impatient = createGa4Adapter({
      ...CLIENT,
      hosts: allHostsAt(DEFAULT_GA4_HOSTS, fake.url),
      timeoutMs: 300,
    });
    fake.faults.set({ kind: 'acceptThenHang', call: 'GET /v1beta/accountSummaries', times: 1 });
    const error = await failure(impatient.targets(grant));
    expect([error.kind, error.detail.platformMessage]).toEqual(['transient', 'no answer in time']);
  });
});
