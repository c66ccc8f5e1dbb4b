import type { ContentItem } from '@postdeck/contract/content';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contents, materials, notifications, users } from '../db/schema.ts';
import { manualClock } from '../lib/clock.ts';
import { createUser } from '../modules/users/user-repo.ts';
import { departmentTree } from './fixtures.ts';
import { ADMIN_PASSWORD, call, createTestApp, login, type TestApp } from './test-app.ts';

/**
 * Paging of every long list (issue 11): totals counted up to a bound (5 here, so a handful of
 * rows crosses it), numbered pages only within it, and keyset cursors that walk a list whose
 * sort key ties without skipping or repeating a row, forwards and backwards, filters applied.
 */
const BOUND = 5;
const PASSWORD = 'Secr3t!pw';
const clock = manualClock(new Date('2026-05-01T08:00:00Z'));
let t: TestApp;
const dept: Record<string, number> = {};
const tokens: Record<string, string> = {};
const userIds: Record<string, number> = {};

interface Page<T> {
  items: T[];
  total: number;
  totalExact: boolean;
  page: number;
  pageSize: number;
  next: string | null;
  prev: string | null;
}
type Answer<T> = { status: number; body: { code: number; data: T } };

const get = <T>(path: string, who: string, query: Record<string, string | number>) =>
  call(t.app, 'GET', path, {
    token: tokens[who] as string,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  }) as Promise<Answer<T>>;

async function page<T>(path: string, who: string, query: Record<string, string | number>) {
  const res = await get<Page<T>>(path, who, query);
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Every id of the list, walked page by page through `next`, then back through `prev`. */
async function walk(path: string, who: string, query: Record<string, string | number>) {
  const forwards: number[] = [];
  let current = await page<{ id: number }>(path, who, query);
  const firstIds = current.items.map((i) => i.id);
  forwards.push(...firstIds);
  expect(current.prev).toBeNull();
  const seen = new Set<string>();
  while (current.next) {
    expect(seen.has(current.next)).toBe(false);
    seen.add(current.next);
    current = await page<{ id: number }>(path, who, { ...query, after: current.next });
    forwards.push(...current.items.map((i) => i.id));
  }
  // Back from the last page to the first: the same rows in reverse, ending on the first page.
  const backwards: number[][] = [current.items.map((i) => i.id)];
  while (current.prev) {
    current = await page<{ id: number }>(path, who, { ...query, before: current.prev });
    backwards.unshift(current.items.map((i) => i.id));
  }
  expect(backwards[0]).toEqual(firstIds);
  return { forwards, backwards: backwards.flat() };
}

/** The whole list in one page (every test list holds fewer than 100 rows). */
const everything = async <T>(path: string, who: string, query: Record<string, string | number>) =>
  (await page<T>(path, who, { ...query, pageSize: 100 })).items;

// Few distinct times, so the sort key ties often; two differ by a microsecond only.
const TIMES = [
  '2026-04-01 10:00:00+00',
  '2026-04-02 10:00:00+00',
  '2026-04-02 10:00:00.000001+00',
  '2026-04-03 10:00:00+00',
];
const TITLES = ['alpha', 'bravo', 'charlie'];
const STATUSES = ['draft', 'ready', 'archived'] as const;

beforeAll(async () => {
  t = await createTestApp({ clock, lists: { totalBound: BOUND } });
  Object.assign(dept, await departmentTree(t.db));
  for (const [key, department, role] of [
    ['video', 'video', 'editor'],
    ['intl', 'intl', 'editor'],
    ['lead', 'news', 'dept_admin'],
  ] as const) {
    userIds[key] = await createUser(t.db, {
      account: `p_${key}`,
      name: `Paula ${key}`,
      password: PASSWORD,
      departmentId: dept[department] as number,
      roleCodes: [role],
    });
    tokens[key] = (await login(t.app, `p_${key}`, PASSWORD)).accessToken;
  }
  tokens['admin'] = (await login(t.app, 'admin', ADMIN_PASSWORD)).accessToken;

  // 36 contents: 24 in Video, 12 in International; every third archived-or-not by status, two
  // deleted yesterday; times and titles repeat.
  await t.db.insert(contents).values(
    Array.from({ length: 36 }, (_, i) => ({
      departmentId: (i % 3 === 2 ? dept['intl'] : dept['video']) as number,
      authorId: (i % 2 === 0 ? userIds['video'] : userIds['intl']) as number,
      updatedById: userIds['video'] as number,
      title: TITLES[i % TITLES.length] as string,
      body: { type: 'doc' },
      bodyHtml: '',
      bodyText: '',
      tags: i % 4 === 0 ? ['launch'] : [],
      status: STATUSES[i % 5 === 0 ? 2 : i % 2] as string,
      createdAt: sql`${TIMES[i % 3]}::timestamptz`,
      updatedAt: sql`${TIMES[(i * 7) % 4]}::timestamptz`,
      deletedAt: i === 7 || i === 8 ? new Date('2026-04-30T08:00:00Z') : null,
    })),
  );
});
afterAll(() => t.close());

const DEPT_LIST = '/content/contentList/deplist';
const ADMIN_LIST = '/content/contentList/admlist';

describe('totals', () => {
  it('answers a total past the bound as the bound, flagged inexact; below it, exact', async () => {
    const all = await page<ContentItem>(DEPT_LIST, 'admin', {});
    expect(all).toMatchObject({ total: BOUND, totalExact: false, page: 1, pageSize: 10 });
    expect(all.items).toHaveLength(10);
    expect(all.next).not.toBeNull();
    // Two deleted contents, well under the bound.
    const deleted = await page<ContentItem>(ADMIN_LIST, 'admin', { deleted: 'true' });
    expect(deleted).toMatchObject({ total: 2, totalExact: true });
    const archived = await page<ContentItem>(DEPT_LIST, 'admin', {
      status: 'archived',
      departmentId: dept['intl'] as number,
      pageSize: 2,
    });
    expect(archived).toMatchObject({ total: 3, totalExact: true });
  });

  it('counts the last numbered page exactly from the page itself', async () => {
    const last = await page<ContentItem>(DEPT_LIST, 'admin', { page: 3, pageSize: 2 });
    expect(last.items).toHaveLength(2);
    expect(last.totalExact).toBe(false);
    // A page that holds the end of the list knows the total, past the bound or not.
    const intl = await page<ContentItem>(DEPT_LIST, 'intl', { pageSize: 100 });
    expect(intl).toMatchObject({ total: 8, totalExact: true, next: null, prev: null });
    expect(intl.items.every((c) => c.department.id === dept['intl'])).toBe(true);
  });

  it('refuses a numbered page that starts past the bound, and cursors that do not fit', async () => {
    expect((await get(DEPT_LIST, 'admin', { page: 3, pageSize: 2 })).status).toBe(200);
    const deep = await get<{ errors: { field: string }[] }>(DEPT_LIST, 'admin', { page: 4, pageSize: 2 });
    expect(deep.status).toBe(400);
    expect(deep.body.data.errors.map((e) => e.field)).toEqual(['page']);

    const first = await page<ContentItem>(DEPT_LIST, 'admin', { pageSize: 2 });
    const cursor = first.next as string;
    const unfit: Record<string, string>[] = [
      { after: 'not-a-cursor' },
      { after: Buffer.from('["updatedAt","desc","yesterday",1]').toString('base64url') },
      // A cursor of the newest-first order does not fit the title order.
      { after: cursor, sort: 'title' },
      { after: cursor, order: 'asc' },
    ];
    for (const query of unfit) {
      const res = await get<{ errors: { field: string }[] }>(DEPT_LIST, 'admin', query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.data.errors.map((e) => e.field)).toEqual(['after']);
    }
    const both = await get(DEPT_LIST, 'admin', { after: cursor, before: cursor });
    expect(both.status).toBe(400);
  });
});

describe('keyset paging of contents', () => {
  const filters = fc.oneof(
    fc.constant({}),
    fc.constant({ status: 'draft' }),
    fc.constant({ status: 'archived' }),
    fc.constant({ tag: 'launch' }),
    fc.constant({ mine: true }),
    fc.constant({ department: 'intl' }),
  );

  it('walks every row once in the sort, ties and microseconds included, both ways', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('updatedAt', 'createdAt', 'title'),
        fc.constantFrom('asc', 'desc'),
        fc.integer({ min: 1, max: 7 }),
        fc.constantFrom('admin', 'video', 'lead'),
        filters,
        fc.boolean(),
        async (sort, order, pageSize, who, filter, adminList) => {
          const query: Record<string, string | number> = { sort, order, pageSize };
          if ('status' in filter) query['status'] = filter.status;
          if ('tag' in filter) query['tag'] = filter.tag;
          if ('mine' in filter) query['authorId'] = (userIds[who] ?? 1) as number;
          if ('department' in filter) query['departmentId'] = dept['intl'] as number;
          const path = adminList && who === 'admin' ? ADMIN_LIST : DEPT_LIST;
          const all = await everything<ContentItem>(path, who, query);
          const { forwards, backwards } = await walk(path, who, query);
          expect(forwards).toEqual(all.map((c) => c.id));
          expect(backwards).toEqual(forwards);
          // The filters still apply on every page.
          for (const c of all) {
            if (query['status']) expect(c.status).toBe(query['status']);
            else expect(c.status).not.toBe('archived');
            if (query['tag']) expect(c.tags).toContain('launch');
            if (query['authorId']) expect(c.author.id).toBe(query['authorId']);
            if (query['departmentId']) expect(c.department.id).toBe(dept['intl']);
            if (who === 'video') expect(c.department.id).toBe(dept['video']);
          }
          // The rows come in the sort, the id breaking ties (times are answered to the
          // millisecond, so two a microsecond apart only show as not out of order).
          const key = (c: ContentItem) => (sort === 'title' ? c.title : c[sort]);
          const sign = order === 'asc' ? 1 : -1;
          for (let i = 1; i < all.length; i++) {
            const [a, b] = [all[i - 1] as ContentItem, all[i] as ContentItem];
            if (key(a) !== key(b)) expect(key(a) < key(b) ? sign : -sign).toBe(1);
            else if (sort === 'title') expect(Math.sign(b.id - a.id)).toBe(sign);
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('keeps a cursor usable after its row changes or goes', async () => {
    const first = await page<ContentItem>(DEPT_LIST, 'admin', { pageSize: 3 });
    const last = first.items.at(-1) as ContentItem;
    const expected = await page<ContentItem>(DEPT_LIST, 'admin', {
      pageSize: 3,
      after: first.next as string,
    });
    await t.db.execute(sql`update contents set deleted_at = now() where id = ${last.id}`);
    try {
      const after = await page<ContentItem>(DEPT_LIST, 'admin', { pageSize: 3, after: first.next as string });
      expect(after.items.map((c) => c.id)).toEqual(expected.items.map((c) => c.id));
    } finally {
      await t.db.execute(sql`update contents set deleted_at = null where id = ${last.id}`);
    }
  });
});

describe('the other long lists', () => {
  beforeAll(async () => {
    await t.db.insert(materials).values(
      Array.from({ length: 14 }, (_, i) => ({
        departmentId: (i % 2 ? dept['video'] : dept['intl']) as number,
        uploaderId: userIds['video'] as number,
        kind: i % 3 ? 'image' : 'video',
        name: TITLES[i % 3] as string,
        mime: i % 3 ? 'image/png' : 'video/mp4',
        bytes: 1000 * (i % 4),
        sha256: `sha-${i}`,
        storageKey: `k/${i}`,
        status: 'ready',
        createdAt: sql`${TIMES[i % 4]}::timestamptz`,
      })),
    );
    // Users created at the same instant, several of them.
    for (let i = 0; i < 9; i++) {
      const id = await createUser(t.db, {
        account: `tie_${i}`,
        name: `Tie ${i}`,
        password: PASSWORD,
        departmentId: (i % 2 ? dept['video'] : dept['news']) as number,
        roleCodes: ['viewer'],
      });
      await t.db.execute(sql`update ${users} set created_at = ${TIMES[i % 2]}::timestamptz where id = ${id}`);
    }
    await t.db.insert(auditLog).values(
      Array.from({ length: 13 }, (_, i) => ({
        actorId: (i % 2 ? userIds['video'] : userIds['intl']) as number,
        actorAccount: i % 2 ? 'p_video' : 'p_intl',
        action: 'test.tie',
        target: `thing:${i % 3}`,
        at: sql`${TIMES[i % 3]}::timestamptz`,
      })),
    );
    await t.db.insert(notifications).values(
      Array.from({ length: 12 }, (_, i) => ({
        userId: (i % 3 ? userIds['video'] : userIds['intl']) as number,
        title: `note ${i}`,
        type: i % 2 ? 'publish_failure' : 'tip',
        readStatus: i % 4 ? 1 : 2,
        createdAt: sql`${TIMES[i % 2]}::timestamptz`,
      })),
    );
  });

  const cases: [string, string, string, Record<string, string | number>][] = [
    ['materials', '/material/list', 'admin', {}],
    ['materials by name', '/material/list', 'admin', { sort: 'name', order: 'asc', kind: 'image' }],
    ['materials by size', '/material/list', 'video', { sort: 'bytes' }],
    ['users', '/control/user/userList', 'admin', {}],
    ['users of a department tree', '/control/user/userList', 'lead', {}],
    ['audit entries', '/log/audit/list', 'admin', { action: 'test.tie' }],
    ['audit entries by prefixes', '/log/audit/list', 'admin', { action: 'test.', target: 'thing:' }],
    ['own messages', '/infor/myInfor', 'video', {}],
    ['own unread messages', '/infor/myInfor', 'video', { navLink: 1 }],
    ['everyone messages', '/infor/allInfor', 'admin', {}],
  ];

  it.each(cases)('pages %s by cursor as one page shows them', async (_name, path, who, query) => {
    const all = await everything<{ id: number }>(path, who, query);
    expect(all.length).toBeGreaterThan(BOUND);
    for (const pageSize of [1, 2, 4]) {
      const { forwards, backwards } = await walk(path, who, { ...query, pageSize });
      expect(forwards).toEqual(all.map((row) => row.id));
      expect(backwards).toEqual(forwards);
    }
    const first = await page<{ id: number }>(path, who, { ...query, pageSize: 2 });
    expect(first).toMatchObject({ total: BOUND, totalExact: false });
  });

  it('keeps the bell badge within the bound', async () => {
    const res = await call(t.app, 'POST', '/infor/notReadList', {
      token: tokens['video'] as string,
      body: { readStatus: 1, page: 1, pageSize: 1 },
    });
    expect(res.body.data).toMatchObject({ total: BOUND, totalExact: false, count: BOUND });
  });
});
