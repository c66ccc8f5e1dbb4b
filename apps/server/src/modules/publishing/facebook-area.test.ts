import type { ChannelAccount, ConnectTargets } from '@postdeck/contract/channels';
import { submitConsent } from '@postdeck/platform-fakes/oauth/consent-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { departmentTree } from '../../test/fixtures.ts';
import { ADMIN_PASSWORD, type TestApp, call, createTestApp, login } from '../../test/test-app.ts';
import { createUser } from '../users/user-repo.ts';

/** queryFacebookArea (spec §7) against the sandbox's Graph server, with a page connected through its consent. */
const clock = manualClock(new Date('2026-06-01T08:00:00Z'));
let t: TestApp;
const tokens: Record<string, string> = {};
let page: ChannelAccount;

type Answer<T> = { status: number; body: { code: number; data: T } };
const get = <T>(who: string, query: Record<string, string>) =>
  call(t.app, 'GET', '/content/publish/queryFacebookArea', { token: tokens[who], query }) as Promise<
    Answer<T>
  >;

beforeAll(async () => {
  t = await createTestApp({ clock });
  const dept = await departmentTree(t.db);
  tokens['admin'] = (await login(t.app, 'admin', ADMIN_PASSWORD)).accessToken;
  await createUser(t.db, {
    account: 'fa_intl',
    name: 'Fay intl',
    password: 'Secr3t!pw',
    departmentId: dept.intl,
    roleCodes: ['dept_admin'],
  });
  tokens['intl'] = (await login(t.app, 'fa_intl', 'Secr3t!pw')).accessToken;
  const start = await call(t.app, 'POST', '/channel/connect/start', {
    token: tokens['admin'],
    body: { platform: 'facebook', departmentId: dept.news },
  });
  const back = await submitConsent(
    (start.body as Answer<{ authorizationUrl: string }>['body']).data.authorizationUrl,
    {
      decision: 'approve',
    },
  );
  const callback = (await call(t.app, 'POST', '/channel/connect/callback', {
    token: tokens['admin'],
    body: Object.fromEntries(back.searchParams),
  })) as Answer<ConnectTargets>;
  const picked = (await call(t.app, 'POST', '/channel/connect/pick', {
    token: tokens['admin'],
    body: {
      connectionId: callback.body.data.connectionId,
      externalIds: [callback.body.data.targets[0]?.externalId],
    },
  })) as Answer<{ accounts: ChannelAccount[] }>;
  const [account] = picked.body.data.accounts;
  if (!account) throw new Error('no page');
  page = account;
});
afterAll(() => t.close());

describe('queryFacebookArea', () => {
  it("finds places with the page's grant", async () => {
    const found = await get<{ items: { key: string; name: string; type: string }[] }>('admin', {
      accountId: String(page.id),
      q: 'toronto',
      type: 'city',
    });
    expect(found.status).toBe(200);
    expect(found.body.data.items).toEqual([
      { key: '296875', name: 'Toronto', type: 'city', countryCode: 'CA', region: 'Ontario' },
    ]);
  });

  it("is 404 for an account outside the caller's scope, or of another platform, and 400 for a bad query", async () => {
    expect((await get('intl', { accountId: String(page.id), q: 'toronto' })).status).toBe(404);
    expect((await get('admin', { accountId: '999999', q: 'x' })).status).toBe(404);
    expect((await get('admin', { accountId: String(page.id), countryCode: 'Spain' })).status).toBe(400);
  });
});
