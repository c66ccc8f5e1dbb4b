import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications } from '../../db/schema.ts';
import { manualClock } from '../../lib/clock.ts';
import { ADMIN_PASSWORD, call, createTestApp, login, type TestApp } from '../../test/test-app.ts';

import { createUser } from '../users/user-repo.ts';
import { createNotifier } from './notifier.ts';
import { departmentTree } from '../../test/fixtures.ts';

const PASSWORD = 'Secr3t!pw';
const clock = manualClock(new Date('2026-03-01T08:00:00Z'));
/** The test's notifier runs on its own clock, so back-dating messages leaves sessions valid. */
const noteClock = manualClock();
let t: TestApp;
let notifier: ReturnType<typeof createNotifier>;
const dept: Record<string, number> = {};
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};

async function user(key: string, department: string, role: string, status: 'active' | 'disabled' = 'active') {
  ids[key] = await createUser(t.db, {
    account: `m_${key}`,
    name: `M ${key}`,
    password: PASSWORD,
    departmentId: dept[department] as number,
    roleCodes: [role],
    status,
  });
  if (status === 'active') tokens[key] = (await login(t.app, `m_${key}`, PASSWORD)).accessToken;
}

/** A notification for one user at a given time. */
async function note(key: string, at: string, type = 'publish_failure', title = 'Post') {
  noteClock.set(new Date(at));
  await notifier.notify(t.db, {
    userIds: [ids[key] as number],
    type,
    title,
    channelName: 'YouTube',
    oppId: 7,
  });
}

const get = (path: string, token: string | undefined, query?: Record<string, string>) =>
  call(t.app, 'GET', path, { ...(token ? { token } : {}), ...(query ? { query } : {}) });
const post = (path: string, token: string | undefined, body: unknown) =>
  call(t.app, 'POST', path, { ...(token ? { token } : {}), body });

const fields = (res: { body: { data: { errors?: { field: string }[] } | null } }) =>
  (res.body.data?.errors ?? []).map((e) => e.field);

beforeAll(async () => {
  t = await createTestApp({ clock });
  notifier = createNotifier({ clock: noteClock });
  Object.assign(dept, await departmentTree(t.db));
  await user('editor', 'video', 'editor');
  await user('lead', 'news', 'dept_admin');
  await user('newsViewer', 'news', 'viewer');
  await user('intl', 'intl', 'viewer');
  await user('gone', 'video', 'viewer', 'disabled');
  await user('quiet', 'video', 'viewer');
  tokens['admin'] = (await login(t.app, 'admin', ADMIN_PASSWORD)).accessToken;
});
afterAll(() => t.close());

describe('my messages', () => {
  beforeAll(async () => {
    await note('editor', '2026-01-10T10:00:00Z', 'publish_failure', 'A');
    await note('editor', '2026-01-20T10:00:00Z', 'publish_success', 'B');
    await note('editor', '2026-02-05T10:00:00Z', 'tip', 'C');
    await note('intl', '2026-01-15T10:00:00Z', 'publish_failure', 'Other');
  });

  it('pages own notifications newest first with the unread count', async () => {
    const res = await get('/infor/myInfor', tokens['editor'], { page: '1', pageSize: '2' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 3, page: 1, pageSize: 2, unread: 3 });
    expect(res.body.data.items.map((i: { title: string }) => i.title)).toEqual(['C', 'B']);
    expect(res.body.data.items[1]).toMatchObject({
      oppId: 7,
      channelName: 'YouTube',
      type: 'publish_success',
      readStatus: 1,
      content: '',
      time: '2026-01-20T10:00:00.000Z',
    });
    const page2 = await get('/infor/myInfor', tokens['editor'], { page: '2', pageSize: '2' });
    expect(page2.body.data.items.map((i: { title: string }) => i.title)).toEqual(['A']);
  });

  it('filters by time range and type, and navLink 1 keeps unread only', async () => {
    const range = await get('/infor/myInfor', tokens['editor'], {
      time: '2026-01-01T00:00:00Z,2026-01-31T23:59:59Z',
    });
    expect(range.body.data.items.map((i: { title: string }) => i.title)).toEqual(['B', 'A']);
    const typed = await get('/infor/myInfor', tokens['editor'], { type: 'tip' });
    expect(typed.body.data.items.map((i: { title: string }) => i.title)).toEqual(['C']);

    const [first] = await t.db.select().from(notifications).where(eq(notifications.title, 'A'));
    await get('/infor/read', tokens['editor'], { id: String(first?.id) });
    const unread = await get('/infor/myInfor', tokens['editor'], { navLink: '1' });
    expect(unread.body.data.items.map((i: { title: string }) => i.title)).toEqual(['C', 'B']);
    expect(unread.body.data.unread).toBe(2);
    const all = await get('/infor/myInfor', tokens['editor'], { navLink: '2' });
    expect(all.body.data.total).toBe(3);
  });

  it('refuses bad filters with 400 naming the field', async () => {
    for (const [query, field] of [
      [{ navLink: '3' }, 'navLink'],
      [{ time: '2026-01-01' }, 'time'],
      [{ time: '2026-02-01T00:00:00Z,2026-01-01T00:00:00Z' }, 'time'],
      [{ pageSize: '101' }, 'pageSize'],
      [{ type: 'nope' }, 'type'],
    ] as const) {
      const res = await get('/infor/myInfor', tokens['editor'], query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(fields(res)).toContain(field);
    }
    const zh = await call(t.app, 'GET', '/infor/myInfor', {
      token: tokens['editor'] as string,
      query: { time: 'x,y' },
      headers: { 'accept-language': 'zh' },
    });
    expect(zh.body.data.errors[0].message).toContain('时间范围');
  });

  it('needs a session', async () => {
    expect((await get('/infor/myInfor', undefined)).status).toBe(401);
  });
});

describe('marking read', () => {
  it('marks one, several or all of the caller own rows only, and audits', async () => {
    for (const title of ['r1', 'r2', 'r3', 'r4'])
      await note('newsViewer', '2026-03-01T09:00:00Z', 'tip', title);
    await note('intl', '2026-03-01T09:00:00Z', 'tip', 'foreign');
    const rows = await t.db.select().from(notifications);
    const idOf = (title: string) => String(rows.find((r) => r.title === title)?.id);
    const token = tokens['newsViewer'];

    expect((await get('/infor/read', token, { id: idOf('foreign') })).body.data).toEqual({ changed: 0 });
    expect((await get('/infor/read', token, { id: idOf('r1') })).body.data).toEqual({ changed: 1 });
    expect((await get('/infor/read', token, { id: idOf('r1') })).body.data).toEqual({ changed: 0 });
    const several = await get('/infor/read', token, {
      ids: `${idOf('r2')},${idOf('r3')},${idOf('foreign')}`,
    });
    expect(several.body.data).toEqual({ changed: 2 });
    expect((await get('/infor/read', token, { all: 'true' })).body.data).toEqual({ changed: 1 });

    const [foreign] = await t.db.select().from(notifications).where(eq(notifications.title, 'foreign'));
    expect(foreign?.readStatus).toBe(1);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'message.read'), eq(auditLog.actorId, ids['newsViewer'] as number)));
    expect(audits).toHaveLength(3);
  });

  it('needs exactly one of id, ids, all', async () => {
    for (const query of [{}, { ids: '1,x' }, { id: '1', all: 'true' }] as Record<string, string>[]) {
      const res = await get('/infor/read', tokens['editor'], query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(fields(res).some((f) => f === 'id' || f === 'ids')).toBe(true);
    }
  });
});

describe('unread list (bell polling)', () => {
  it('answers the newest unread failure and the badge count', async () => {
    await note('lead', '2026-03-02T09:00:00Z', 'publish_failure', 'old failure');
    await note('lead', '2026-03-02T10:00:00Z', 'publish_failure', 'new failure');
    await note('lead', '2026-03-02T11:00:00Z', 'tip', 'tip');
    const res = await post('/infor/notReadList', tokens['lead'], {
      readStatus: 1,
      page: 1,
      pageSize: 1,
      type: 'publish_failure',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 2, count: 3, page: 1, pageSize: 1 });
    expect(res.body.data.items).toHaveLength(1);
    expect(res.body.data.items[0]).toMatchObject({
      title: 'new failure',
      channelName: 'YouTube',
      readStatus: 1,
    });

    const all = await post('/infor/notReadList', tokens['lead'], { readStatus: 1 });
    expect(all.body.data).toMatchObject({ total: 3, count: 3, pageSize: 10 });
  });

  it('refuses another readStatus naming it', async () => {
    const res = await post('/infor/notReadList', tokens['lead'], { readStatus: 2 });
    expect(res.status).toBe(400);
    expect(fields(res)).toContain('readStatus');
  });
});

describe("everyone's messages", () => {
  it('is for administrators only', async () => {
    expect((await get('/infor/allInfor', tokens['editor'])).status).toBe(403);
    expect((await get('/infor/allInfor', tokens['lead'])).status).toBe(403);
  });

  it('lists with the user and filters by account, readStatus and type', async () => {
    const res = await get('/infor/allInfor', tokens['admin'], { account: 'M_INTL', pageSize: '100' });
    expect(res.status).toBe(200);
    expect(res.body.data.items.length).toBeGreaterThan(0);
    for (const item of res.body.data.items) {
      expect(item.user).toEqual({ id: ids['intl'], account: 'm_intl', name: 'M intl' });
    }
    const unreadFailures = await get('/infor/allInfor', tokens['admin'], {
      readStatus: '1',
      type: 'publish_failure',
      time: '2026-01-15T00:00:00Z,2026-01-16T00:00:00Z',
    });
    expect(unreadFailures.body.data.items.map((i: { title: string }) => i.title)).toEqual(['Other']);
    const bad = await get('/infor/allInfor', tokens['admin'], { readStatus: '5' });
    expect(fields(bad)).toContain('readStatus');
  });
});

describe('tips and preferences', () => {
  it('reaches active users of the chosen departments and sub-departments, minus opted-out ones', async () => {
    expect((await get('/infor/preferences', tokens['quiet'])).body.data).toEqual({
      publishFailure: true,
      publishSuccess: true,
      tip: true,
      departmentFailures: false,
    });
    const saved = await post('/infor/preferences', tokens['quiet'], {
      publishFailure: true,
      publishSuccess: false,
      tip: false,
      departmentFailures: true,
    });
    expect(saved.body.data).toEqual({
      publishFailure: true,
      publishSuccess: false,
      tip: false,
      departmentFailures: true,
    });
    expect((await get('/infor/preferences', tokens['quiet'])).body.data.tip).toBe(false);

    const res = await post('/infor/tip/send', tokens['lead'], {
      title: ' Maintenance ',
      content: 'Tonight at 22:00',
      departmentIds: [dept['news']],
    });
    expect(res.status).toBe(200);
    // lead, newsViewer (Newsroom), editor (Video); not quiet (opted out), gone (disabled), intl.
    expect(res.body.data.recipients).toBe(3);
    const got = await t.db
      .select({ userId: notifications.userId, content: notifications.content })
      .from(notifications)
      .where(and(eq(notifications.type, 'tip'), eq(notifications.title, 'Maintenance')));
    expect(got.map((r) => r.userId).sort()).toEqual([ids['editor'], ids['lead'], ids['newsViewer']].sort());
    expect(got[0]?.content).toBe('Tonight at 22:00');

    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'message.tip.send'));
    expect(audit).toMatchObject({ actorId: ids['lead'], target: `tip:${res.body.data.id}` });
    const prefAudit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'message.preferences.update'));
    expect(prefAudit).toHaveLength(1);

    // Scoped by the sender's department: the Newsroom lead sees it, a Video-desk editor does not.
    expect((await get('/infor/tip/list', tokens['editor'])).body.data.total).toBe(0);
    const list = await get('/infor/tip/list', tokens['lead']);
    expect(list.status).toBe(200);
    expect(list.body.data.items[0]).toMatchObject({
      id: res.body.data.id,
      title: 'Maintenance',
      sender: { id: ids['lead'], account: 'm_lead' },
      departments: [{ id: dept['news'], name: 'Newsroom' }],
      recipients: 3,
      time: clock.now().toISOString(),
    });
  });

  it('refuses departments outside the sender scope, naming departmentIds', async () => {
    const res = await post('/infor/tip/send', tokens['lead'], {
      title: 'x',
      content: 'y',
      departmentIds: [dept['intl'], 999_999],
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(100306);
    expect(fields(res)).toEqual(['departmentIds']);
    expect(res.body.data.refused).toEqual([dept['intl'], 999_999]);
  });

  it('sends to everyone for an all-scope sender and needs the send permission', async () => {
    const res = await post('/infor/tip/send', tokens['admin'], { title: 'All hands', content: 'Hi' });
    // admin, editor, lead, newsViewer, intl (quiet opted out, gone disabled)
    expect(res.body.data.recipients).toBe(5);
    expect((await post('/infor/tip/send', tokens['editor'], { title: 'a', content: 'b' })).status).toBe(403);
    const bad = await post('/infor/tip/send', tokens['admin'], { title: '', content: 'x'.repeat(2001) });
    expect(bad.status).toBe(400);
    expect(fields(bad)).toEqual(expect.arrayContaining(['title', 'content']));
  });

  it('notify takes departments with their sub-departments unless told the list is exact', async () => {
    const withSubs = await notifier.notify(t.db, {
      departmentIds: [dept['news'] as number],
      type: 'x',
      title: 'x',
    });
    expect(withSubs.userIds).toEqual(expect.arrayContaining([ids['editor'], ids['quiet']]));
    const exact = await notifier.notify(t.db, {
      departmentIds: [dept['news'] as number],
      exactDepartments: true,
      type: 'x',
      title: 'x',
    });
    expect(exact.userIds.sort()).toEqual([ids['lead'], ids['newsViewer']].sort());
    expect((await notifier.notify(t.db, { userIds: [], type: 'x', title: 'x' })).userIds).toEqual([]);
  });

  it('notify skips users who turned a publishing type off', async () => {
    await post('/infor/preferences', tokens['intl'], {
      publishFailure: false,
      publishSuccess: true,
      tip: true,
      departmentFailures: false,
    });
    const { userIds } = await notifier.notify(t.db, {
      userIds: [ids['intl'] as number, ids['editor'] as number],
      type: 'publish_failure',
      title: 'F',
    });
    expect(userIds).toEqual([ids['editor']]);
    const bad = await post('/infor/preferences', tokens['intl'], { publishFailure: 'no', tip: true });
    expect(fields(bad)).toEqual(expect.arrayContaining(['publishFailure', 'publishSuccess']));
  });
});

describe("what's new", () => {
  it('records a read once and answers the status', async () => {
    const token = tokens['editor'];
    expect((await get('/guidehistory/status', token, { upgradeTime: '2026-11-21' })).body.data).toEqual({
      seen: false,
    });
    expect((await get('/guidehistory/read', token, { upgradeTime: '2026-11-21' })).body.data).toEqual({
      seen: true,
    });
    expect((await get('/guidehistory/read', token, { upgradeTime: '2026-11-21' })).body.data).toEqual({
      seen: true,
    });
    expect((await get('/guidehistory/status', token, { upgradeTime: '2026-11-21' })).body.data.seen).toBe(
      true,
    );
    expect(
      (await get('/guidehistory/status', tokens['lead'], { upgradeTime: '2026-11-21' })).body.data.seen,
    ).toBe(false);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'guide.read'));
    expect(audits).toHaveLength(1);
    for (const upgradeTime of ['2026-13-01', 'tomorrow', '2026-02-30']) {
      const res = await get('/guidehistory/read', token, { upgradeTime });
      expect(res.status, upgradeTime).toBe(400);
      expect(fields(res)).toEqual(['upgradeTime']);
    }
    expect(fields(await get('/guidehistory/status', token))).toEqual(['upgradeTime']);
  });
});

describe('profile', () => {
  it('updates name, avatar and introduction, visible at once in info, and audits', async () => {
    const token = tokens['newsViewer'] as string;
    expect((await get('/control/user/info', token)).body.data.name).toBe('M newsViewer');
    const res = await post('/control/user/profile', token, {
      name: '  Nadia News ',
      avatar: 'https://cdn.example.com/a.png',
      introduction: 'Night shift',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      name: 'Nadia News',
      avatar: 'https://cdn.example.com/a.png',
      introduction: 'Night shift',
    });
    const info = await get('/control/user/info', token);
    expect(info.body.data).toMatchObject({ name: 'Nadia News', avatar: 'https://cdn.example.com/a.png' });
    // Omitted fields stay as they are.
    await post('/control/user/profile', token, { name: 'Nadia' });
    expect((await get('/control/user/info', token)).body.data).toMatchObject({
      name: 'Nadia',
      introduction: 'Night shift',
    });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.profile.update'));
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({ actorId: ids['newsViewer'], target: `user:${ids['newsViewer']}` });
  });

  it('refuses bad input naming the fields', async () => {
    const token = tokens['newsViewer'];
    for (const [body, field] of [
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(51) }, 'name'],
      [{ name: 'ok', avatar: 'javascript:alert(1)' }, 'avatar'],
      [{ name: 'ok', avatar: '//evil.example/a.png' }, 'avatar'],
      [{ name: 'ok', introduction: 'x'.repeat(501) }, 'introduction'],
      [{}, 'name'],
    ] as const) {
      const res = await post('/control/user/profile', token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(fields(res)).toContain(field);
    }
    const ok = await post('/control/user/profile', token, { name: 'ok', avatar: '/uploads/a.png' });
    expect(ok.status).toBe(200);
    const cleared = await post('/control/user/profile', token, { name: 'ok', avatar: '' });
    expect(cleared.body.data.avatar).toBe('');
  });
});

describe('contract', () => {
  it('documents every new call in OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/prod-api/docs/json' });
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/infor/myInfor',
      '/infor/allInfor',
      '/infor/read',
      '/infor/notReadList',
      '/infor/tip/send',
      '/infor/tip/list',
      '/infor/preferences',
      '/guidehistory/read',
      '/guidehistory/status',
      '/control/user/profile',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
