import type { ChannelAccount, ConnectTargets } from '@postdeck/contract/channels';
import { ERROR_CODES } from '@postdeck/contract/error-codes';
import { submitConsent } from '@postdeck/platform-fakes/oauth/consent-client';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, channelAccounts } from '../../db/schema.ts';
import { manualClock } from '../../lib/clock.ts';
import { departmentTree } from '../../test/fixtures.ts';
import { ADMIN_PASSWORD, type TestApp, call, createTestApp, login } from '../../test/test-app.ts';
import { createUser } from '../users/user-repo.ts';

/**
 * Issue 19, items 2, 3, 4 and 7: an account belongs to one department, and connecting it again
 * from another never takes it; moving it is an action of its own. A callback that cannot be
 * processed keeps its state; the platforms send the browser back where the console was opened.
 */
const PASSWORD = 'Secr3t!pw';
const clock = manualClock(new Date('2026-03-01T09:00:00Z'));
let t: TestApp;
let dept: Awaited<ReturnType<typeof departmentTree>>;
const tokens: Record<string, string> = {};
const CONSOLE = { host: '127.0.0.1:8080', origin: 'http://127.0.0.1:8080' };

type Answer<T> = { status: number; body: { code: number; msg: string; data: T } };
const get = <T>(path: string, who: string, query: Record<string, string> = {}) =>
  call(t.app, 'GET', path, { token: tokens[who], query }) as Promise<Answer<T>>;
const post = <T>(path: string, who: string, body: unknown, headers: Record<string, string> = CONSOLE) =>
  call(t.app, 'POST', path, { token: tokens[who], body, headers }) as Promise<Answer<T>>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  dept = await departmentTree(t.db);
  const people: [string, number, string][] = [
    ['lead', dept.news, 'dept_admin'],
    ['intl', dept.intl, 'dept_admin'],
  ];
  for (const [key, departmentId, role] of people) {
    await createUser(t.db, {
      account: `o_${key}`,
      name: `Oz ${key}`,
      password: PASSWORD,
      departmentId,
      roleCodes: [role],
    });
    tokens[key] = (await login(t.app, `o_${key}`, PASSWORD)).accessToken;
  }
  tokens['admin'] = (await login(t.app, 'admin', ADMIN_PASSWORD)).accessToken;
});
afterAll(() => t.close());

/** Starts a connection as `who` into `departmentId` and answers the platform's consent page. */
async function consent(who: string, platform: string, departmentId: number, headers = CONSOLE) {
  const start = await post<{ authorizationUrl: string }>(
    '/channel/connect/start',
    who,
    { platform, departmentId },
    headers,
  );
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const back = await submitConsent(start.body.data.authorizationUrl, { decision: 'approve' });
  const answer = Object.fromEntries(
    [...back.searchParams].map(([name, value]) => [name === 'device_id' ? 'deviceId' : name, value]),
  ) as Record<string, string>;
  return { back, answer };
}

async function targetsOf(who: string, platform: string, departmentId: number) {
  const { answer } = await consent(who, platform, departmentId);
  const targets = await post<ConnectTargets>('/channel/connect/callback', who, answer);
  expect(targets.status, JSON.stringify(targets.body)).toBe(200);
  return targets.body.data;
}

const pick = (who: string, targets: ConnectTargets) =>
  post<{ accounts: ChannelAccount[] }>('/channel/connect/pick', who, {
    connectionId: targets.connectionId,
    externalIds: targets.targets.map((target) => target.externalId),
  });

const rowsOf = (platform: string) =>
  t.db
    .select({
      id: channelAccounts.id,
      departmentId: channelAccounts.departmentId,
      externalId: channelAccounts.externalId,
    })
    .from(channelAccounts)
    .where(eq(channelAccounts.platform, platform));

describe('two departments tick one account at the same moment', () => {
  it('one gets it; the other a 409 naming it, and nothing of its pick is saved', async () => {
    const [news, intl] = await Promise.all([
      targetsOf('lead', 'facebook', dept.news),
      targetsOf('intl', 'facebook', dept.intl),
    ]);
    const answers = await Promise.all([pick('lead', news), pick('intl', intl)]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409]);
    const lost = answers.find((answer) => answer.status === 409);
    expect(lost?.body.code).toBe(102020);
    expect(lost?.body.msg).toMatch(/is connected in another department/);
    const winner = answers[0]?.status === 200 ? dept.news : dept.intl;
    const rows = await rowsOf('facebook');
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.departmentId === winner)).toBe(true);
    // The loser's answer never shows the account, or the department that has it.
    expect(JSON.stringify(lost?.body)).not.toMatch(/Newsroom|International|"accounts"/);
  });
});

describe('a reconnect from another department', () => {
  let pages: ChannelAccount[];
  beforeAll(async () => {
    // Whoever won above, the pages are the newsroom's from here on.
    const rows = await rowsOf('facebook');
    for (const row of rows)
      await t.db
        .update(channelAccounts)
        .set({ departmentId: dept.news })
        .where(eq(channelAccounts.id, row.id));
    pages = (
      await get<{ items: ChannelAccount[] }>('/channel/account/list', 'lead', { platform: 'facebook' })
    ).body.data.items;
    expect(pages).toHaveLength(2);
  });

  it('shows the accounts as connected elsewhere, without naming the department, and refuses the pick', async () => {
    const targets = await targetsOf('intl', 'facebook', dept.intl);
    expect(targets.targets.map((target) => target.existing)).toEqual([
      { scope: 'elsewhere' },
      { scope: 'elsewhere' },
    ]);
    expect(JSON.stringify(targets)).not.toContain('Newsroom');
    const refused = await pick('intl', targets);
    expect([refused.status, refused.body.code]).toEqual([409, 102020]);
    const rows = await rowsOf('facebook');
    expect(rows.every((row) => row.departmentId === dept.news)).toBe(true);
    // The newsroom still has them; the refused pick left the connection open, not used.
    const detail = await get<ChannelAccount>('/channel/account/detail', 'lead', { id: String(pages[0]?.id) });
    expect(detail.status).toBe(200);
    const again = await pick('intl', { ...targets, targets: targets.targets.slice(0, 1) });
    expect(again.body.code).toBe(102020);
  });

  it('renews within the scope and leaves the account where it is', async () => {
    const targets = await targetsOf('admin', 'facebook', dept.intl);
    expect(targets.targets.map((target) => target.existing)).toEqual([
      expect.objectContaining({ scope: 'yours', department: { id: dept.news, name: 'Newsroom' } }),
      expect.objectContaining({ scope: 'yours', department: { id: dept.news, name: 'Newsroom' } }),
    ]);
    const renewed = await pick('admin', targets);
    expect(renewed.status).toBe(200);
    expect(renewed.body.data.accounts.map((account) => account.department.id)).toEqual([
      dept.news,
      dept.news,
    ]);
  });

  it('a Telegram channel the same: refused to another department, kept where it is', async () => {
    const platforms = await get<{ platforms: { platform: string; sandboxHints?: Record<string, string> }[] }>(
      '/channel/platforms',
      'lead',
    );
    const hints = platforms.body.data.platforms.find((p) => p.platform === 'telegram')?.sandboxHints ?? {};
    const first = await post('/channel/connect/telegram', 'lead', { departmentId: dept.video, ...hints });
    expect(first.status).toBe(200);
    const taken = await post('/channel/connect/telegram', 'intl', { departmentId: dept.intl, ...hints });
    expect([taken.status, taken.body.code]).toEqual([409, 102020]);
    expect((await rowsOf('telegram')).map((row) => row.departmentId)).toEqual([dept.video]);
  });
});

describe('moving an account', () => {
  it('is refused to a caller whose scope lacks either department, and audited with both', async () => {
    const [page] = (
      await get<{ items: ChannelAccount[] }>('/channel/account/list', 'lead', { platform: 'facebook' })
    ).body.data.items;
    const id = page?.id ?? 0;
    const fromOutside = await post('/channel/account/move', 'intl', { id, departmentId: dept.intl });
    expect(fromOutside.status).toBe(404);
    const toOutside = await post('/channel/account/move', 'lead', { id, departmentId: dept.intl });
    expect([toOutside.status, toOutside.body.code]).toEqual([400, ERROR_CODES.departmentNotAllowed.code]);
    const same = await post('/channel/account/move', 'admin', { id, departmentId: dept.news });
    expect([same.status, same.body.code]).toEqual([400, 102022]);
    const moved = await post<{ account: ChannelAccount }>('/channel/account/move', 'admin', {
      id,
      departmentId: dept.intl,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data.account.department).toEqual({ id: dept.intl, name: 'International' });
    expect((await get('/channel/account/detail', 'lead', { id: String(id) })).status).toBe(404);
    expect((await get('/channel/account/detail', 'intl', { id: String(id) })).status).toBe(200);
    const [entry] = await t.db
      .select({ action: auditLog.action, detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'channel.move'), eq(auditLog.target, `channel:${id}`)))
      .orderBy(desc(auditLog.id));
    expect(entry?.detail).toEqual({ fromDepartmentId: dept.news, toDepartmentId: dept.intl });
  });
});

describe('a callback that cannot be processed', () => {
  it('VK without device_id is a 400 in the user language, and the same link works once complete', async () => {
    const { answer } = await consent('lead', 'vk', dept.news);
    const { deviceId, ...withoutDevice } = answer;
    expect(deviceId).toBeTruthy();
    const incomplete = await call(t.app, 'POST', '/channel/connect/callback', {
      token: tokens['lead'],
      body: withoutDevice,
      headers: { 'accept-language': 'zh' },
    });
    expect([incomplete.status, incomplete.body.code]).toEqual([400, 102021]);
    expect(incomplete.body.msg).toContain('device_id');
    expect(incomplete.body.msg).toMatch(/请重新开始连接/);
    const complete = await post<ConnectTargets>('/channel/connect/callback', 'lead', answer);
    expect(complete.status, JSON.stringify(complete.body)).toBe(200);
  });

  it('a callback with neither code nor error keeps its state too', async () => {
    const { answer } = await consent('lead', 'x', dept.news);
    const { code, ...withoutCode } = answer;
    const incomplete = await post('/channel/connect/callback', 'lead', withoutCode);
    expect([incomplete.status, incomplete.body.code]).toEqual([400, 102021]);
    expect((await post('/channel/connect/callback', 'lead', { ...withoutCode, code })).status).toBe(200);
  });
});

describe('where the platform sends the browser back', () => {
  it('to the origin the console was opened at, and the code exchange names the same address', async () => {
    const { back, answer } = await consent('lead', 'linkedin', dept.news, {
      host: '127.0.0.1:8080',
      origin: 'http://127.0.0.1:8080',
    });
    expect(back.origin + back.pathname).toBe('http://127.0.0.1:8080/authOpen');
    expect((await post('/channel/connect/callback', 'lead', answer)).status).toBe(200);
    const local = await consent('lead', 'linkedin', dept.news, {
      host: 'localhost:8080',
      origin: 'http://localhost:8080',
    });
    expect(local.back.origin).toBe('http://localhost:8080');
  });

  it("never to an Origin that is not the request's own host", async () => {
    const { back } = await consent('lead', 'linkedin', dept.news, {
      host: '127.0.0.1:8080',
      origin: 'https://evil.example',
    });
    expect(back.origin).toBe('http://127.0.0.1:8080');
  });

  it('to PUBLIC_URL when it is set', async () => {
    const other = await createTestApp({
      clock,
      config: {
        channels: {
          sandbox: true,
          credentials: {},
          hosts: {},
          redirectUri: 'https://console.example.com/authOpen',
        },
      },
    });
    try {
      const token = (await login(other.app, 'admin', ADMIN_PASSWORD)).accessToken;
      const start = await call(other.app, 'POST', '/channel/connect/start', {
        token,
        body: { platform: 'linkedin', departmentId: dept.root },
        headers: CONSOLE,
      });
      expect(start.status).toBe(200);
      const url = new URL((start.body as Answer<{ authorizationUrl: string }>['body']).data.authorizationUrl);
      expect(url.searchParams.get('redirect_uri')).toBe('https://console.example.com/authOpen');
    } finally {
      await other.close();
    }
  });
});
