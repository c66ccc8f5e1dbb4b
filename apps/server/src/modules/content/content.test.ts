import type { ContentDetail, ContentItem } from '@postdeck/contract/content';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contents, materials } from '../../db/schema.ts';
import { manualClock } from '../../lib/clock.ts';
import { ADMIN_PASSWORD, call, createTestApp, login, type TestApp } from '../../test/test-app.ts';

import { createUser } from '../users/user-repo.ts';
import { indexPendingContents } from './search-index.ts';
import { departmentTree } from '../../test/fixtures.ts';

const PASSWORD = 'Secr3t!pw';
const clock = manualClock(new Date('2026-05-01T08:00:00Z'));
let t: TestApp;
const dept: Record<string, number> = {};
const tokens: Record<string, string> = {};
const userIds: Record<string, number> = {};

const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const doc = (...texts: string[]) => ({ type: 'doc', content: texts.map(paragraph) });

type Envelope<T> = { code: number; msg: string; data: T };
type FieldErrors = { errors?: { field: string; message: string }[] } | null;

const get = <T>(path: string, who: string, query: Record<string, string> = {}) =>
  call(t.app, 'GET', path, { token: tokens[who] as string, query }) as Promise<{
    status: number;
    body: Envelope<T>;
  }>;
const post = <T>(path: string, who: string, body: unknown) =>
  call(t.app, 'POST', path, { token: tokens[who] as string, body }) as Promise<{
    status: number;
    body: Envelope<T>;
  }>;

const list = (who: string, query: Record<string, string> = {}, path = '/content/contentList/deplist') =>
  get<{ items: ContentItem[]; total: number }>(path, who, query);
const titles = async (who: string, query: Record<string, string> = {}, path?: string) =>
  (await list(who, query, path)).body.data.items.map((i) => i.title);

async function create(who: string, body: Record<string, unknown>) {
  const res = await post<ContentDetail>('/content/create', who, { body: doc('Text'), ...body });
  if (res.status !== 200) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

async function user(key: string, department: string, role: string) {
  userIds[key] = await createUser(t.db, {
    account: `c_${key}`,
    name: `Casey ${key}`,
    password: PASSWORD,
    departmentId: dept[department] as number,
    roleCodes: [role],
  });
  tokens[key] = (await login(t.app, `c_${key}`, PASSWORD)).accessToken;
}

/** Moves the clock on, then signs everyone in again (access tokens last 15 minutes). */
async function daysPass(days: number) {
  clock.advance(days * 24 * 3600_000);
  for (const key of Object.keys(userIds))
    tokens[key] = (await login(t.app, `c_${key}`, PASSWORD)).accessToken;
  tokens['admin'] = (await login(t.app, 'admin', ADMIN_PASSWORD)).accessToken;
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  Object.assign(dept, await departmentTree(t.db));
  await user('video', 'video', 'editor');
  await user('intl', 'intl', 'editor');
  await user('lead', 'news', 'dept_admin');
  await user('viewer', 'video', 'viewer');
  tokens['admin'] = (await login(t.app, 'admin', ADMIN_PASSWORD)).accessToken;
});
afterAll(() => t.close());

describe('create and detail', () => {
  it('stores the document with sanitised HTML and plain text, in the author department', async () => {
    const created = await create('video', {
      title: '  Spring launch  ',
      summary: 'Teaser',
      tags: ['launch', 'Launch', 'video'],
      body: {
        type: 'doc',
        content: [
          { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Launch 🎉' }] },
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'Read ' },
              {
                type: 'text',
                text: 'more',
                marks: [{ type: 'link', attrs: { href: 'https://example.com/a' } }],
              },
            ],
          },
        ],
      },
    });
    expect(created).toMatchObject({
      title: 'Spring launch',
      summary: 'Teaser',
      tags: ['launch', 'video'],
      status: 'draft',
      version: 1,
      department: { id: dept['video'], name: 'Video' },
      author: { id: userIds['video'], name: 'Casey video' },
      updatedBy: { id: userIds['video'] },
      deletedAt: null,
    });
    expect(created.bodyHtml).toContain('<h2>Launch 🎉</h2>');
    expect(created.bodyHtml).toMatch(/<a [^>]*href="https:\/\/example.com\/a"/);
    expect(created.bodyText).toBe('Launch 🎉\n\nRead more');
    const detail = await get<ContentDetail>('/content/detail', 'video', { id: String(created.id) });
    expect(detail.body.data).toEqual(created);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'content.create'), eq(auditLog.target, `content:${created.id}`)));
    expect(audit).toHaveLength(1);
  });

  it('never stores script: a javascript: link is refused or dropped', async () => {
    const res = await post<ContentDetail & FieldErrors>('/content/create', 'video', {
      title: 'XSS',
      body: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: '<script>alert(1)</script>' },
              { type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] },
            ],
          },
        ],
      },
    });
    if (res.status === 200) {
      expect(res.body.data.bodyHtml).not.toMatch(/javascript:|<script/i);
      expect(res.body.data.bodyHtml).toContain('&lt;script&gt;');
    } else {
      expect(res.status).toBe(400);
      expect(res.body.data?.errors?.map((e) => e.field)).toContain('body');
    }
  });

  it('answers bad input with 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ body: doc('x') }, 'title'],
      [{ title: '', body: doc('x') }, 'title'],
      [{ title: 'x'.repeat(201), body: doc('x') }, 'title'],
      [{ title: 'x' }, 'body'],
      [{ title: 'x', body: 'plain' }, 'body'],
      [{ title: 'x', body: { type: 'doc', content: [{ type: 'script', text: 'x' }] } }, 'body'],
      [
        {
          title: 'x',
          body: { type: 'doc', content: [paragraph('a'), { type: 'paragraph', content: [paragraph('b')] }] },
        },
        'body',
      ],
      [{ title: 'x', body: doc('x'), tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags'],
      [{ title: 'x', body: doc('x'), tags: ['x'.repeat(31)] }, 'tags.0'],
      [{ title: 'x', body: doc('x'), status: 'archived' }, 'status'],
      [{ title: 'x', body: doc('x'), departmentId: 'two' }, 'departmentId'],
      [{ title: 'x', body: doc('x'), summary: 's'.repeat(501) }, 'summary'],
    ];
    for (const [body, field] of cases) {
      const res = await post<FieldErrors>('/content/create', 'video', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.data?.errors?.map((e) => e.field)).toContain(field);
    }
  });

  it('never answers 500, whatever JSON arrives', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          { title: fc.anything(), body: fc.anything(), tags: fc.anything(), status: fc.anything() },
          { requiredKeys: [] },
        ),
        async (body) => {
          const res = await post('/content/create', 'video', body);
          expect([200, 400]).toContain(res.status);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses a department outside the writer scope and a viewer', async () => {
    const outside = await post<FieldErrors>('/content/create', 'video', {
      title: 'x',
      body: doc('x'),
      departmentId: dept['intl'],
    });
    expect(outside.status).toBe(400);
    expect(outside.body.data?.errors?.map((e) => e.field)).toEqual(['departmentId']);
    expect((await post('/content/create', 'viewer', { title: 'x', body: doc('x') })).status).toBe(403);
  });
});

describe('department scope', () => {
  let videoId: number;
  let newsId: number;
  let intlId: number;

  beforeAll(async () => {
    videoId = (await create('video', { title: 'Scope video' })).id;
    newsId = (await create('lead', { title: 'Scope news' })).id;
    intlId = (await create('intl', { title: 'Scope intl' })).id;
  });

  it('lists each user their data scope: own department, its tree, or all', async () => {
    const scoped = { keyword: 'Scope' };
    expect(await titles('video', scoped)).toEqual(['Scope video']);
    expect(await titles('viewer', scoped)).toEqual(['Scope video']);
    expect((await titles('lead', scoped)).sort()).toEqual(['Scope news', 'Scope video']);
    expect((await titles('admin', scoped)).sort()).toEqual(['Scope intl', 'Scope news', 'Scope video']);
  });

  it('answers 404 for another department content by id, for every call', async () => {
    expect((await get('/content/detail', 'intl', { id: String(videoId) })).status).toBe(404);
    const update = await post('/content/update', 'intl', {
      id: videoId,
      version: 1,
      title: 'x',
      body: doc('x'),
    });
    expect(update.status).toBe(404);
    expect((await post('/content/archive', 'intl', { id: videoId, version: 1 })).status).toBe(404);
    expect((await post('/content/delete', 'intl', { id: videoId })).status).toBe(404);
    expect((await get('/content/detail', 'video', { id: String(newsId) })).status).toBe(404);
    expect((await get('/content/detail', 'lead', { id: String(videoId) })).status).toBe(200);
    expect((await get('/content/detail', 'lead', { id: String(intlId) })).status).toBe(404);
  });

  it('keeps the admin list for administrators, with a department column and filter', async () => {
    expect((await list('video', {}, '/content/contentList/admlist')).status).toBe(403);
    const res = await list(
      'admin',
      { keyword: 'Scope', departmentId: String(dept['intl']) },
      '/content/contentList/admlist',
    );
    expect(res.body.data.items.map((i) => [i.title, i.department.name])).toEqual([
      ['Scope intl', 'International'],
    ]);
  });
});

describe('saving', () => {
  it('answers a stale version with 409 naming who saved last and when', async () => {
    const content = await create('video', { title: 'Shared draft' });
    clock.advance(60_000);
    const first = await post<ContentDetail>('/content/update', 'lead', {
      id: content.id,
      version: 1,
      title: 'Lead edit',
      body: doc('Lead'),
      status: 'ready',
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ version: 2, status: 'ready', updatedBy: { name: 'Casey lead' } });
    const stale = await post<{ updatedBy: { name: string }; updatedAt: string; version: number }>(
      '/content/update',
      'video',
      { id: content.id, version: 1, title: 'My edit', body: doc('Mine') },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe(100401);
    expect(stale.body.msg).toContain('Casey lead saved this content at 2026-05-01');
    expect(stale.body.data).toMatchObject({ updatedBy: { name: 'Casey lead' }, version: 2 });
    expect(stale.body.data.updatedAt).toBe(first.body.data.updatedAt);
  });

  it('archives out of the default list and keeps it under the archived filter', async () => {
    const content = await create('video', { title: 'Old news piece' });
    const archived = await post<ContentDetail>('/content/archive', 'video', { id: content.id, version: 1 });
    expect(archived.body.data.status).toBe('archived');
    expect(await titles('video', { keyword: 'Old news piece' })).toEqual([]);
    expect(await titles('video', { keyword: 'Old news piece', status: 'archived' })).toEqual([
      'Old news piece',
    ]);
  });

  it('deletes softly; an administrator restores within 30 days, not after', async () => {
    const kept = await create('video', { title: 'Restorable piece' });
    const lost = await create('video', { title: 'Forgotten piece' });
    expect((await post('/content/delete', 'video', { id: lost.id })).status).toBe(200);
    await daysPass(10);
    expect((await post('/content/delete', 'video', { id: kept.id })).status).toBe(200);
    expect(await titles('video', { keyword: 'piece' })).not.toContain('Restorable piece');
    expect((await get('/content/detail', 'video', { id: String(kept.id) })).status).toBe(404);

    await daysPass(21);
    const trash = await titles(
      'admin',
      { keyword: 'piece', deleted: 'true' },
      '/content/contentList/admlist',
    );
    expect(trash).toEqual(['Restorable piece']);
    expect((await post('/content/restore', 'video', { id: kept.id })).status).toBe(403);
    const tooLate = await post('/content/restore', 'admin', { id: lost.id });
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.code).toBe(100403);
    const restored = await post<ContentDetail>('/content/restore', 'admin', { id: kept.id });
    expect(restored.body.data).toMatchObject({ title: 'Restorable piece', deletedAt: null });
    expect(await titles('video', { keyword: 'Restorable' })).toEqual(['Restorable piece']);
  });
});

describe('list filters', () => {
  beforeAll(async () => {
    await create('intl', { title: 'Budget 100% approved', tags: ['finance'], body: doc('Numbers') });
    await create('intl', { title: 'Weather', tags: ['daily'], body: doc('全球社交媒体内容运营平台 launch') });
    await create('intl', { title: 'Another budget', tags: ['finance', 'daily'], body: doc('More') });
    await create('intl', { title: 'Canción del día', tags: [], body: doc('記者会見は明日です') });
  });

  it('matches the keyword in title or body, in any script, with % taken literally', async () => {
    expect(await titles('intl', { keyword: 'budget', sort: 'title', order: 'asc' })).toEqual([
      'Another budget',
      'Budget 100% approved',
    ]);
    expect(await titles('intl', { keyword: '社交媒体' })).toEqual(['Weather']);
    expect(await titles('intl', { keyword: '100%' })).toEqual(['Budget 100% approved']);
    expect(await titles('intl', { keyword: '1_0' })).toEqual([]);
    expect(await titles('intl', { keyword: '!!' })).toEqual([]);
  });

  it('finds any stretch of Chinese or Japanese text, and Latin words from their start, accents folded', async () => {
    for (const keyword of ['社', '台', '媒体内容', '全球社交媒体内容运营平台 launch', '平台launch', 'laun']) {
      expect(await titles('intl', { keyword }), keyword).toEqual(['Weather']);
    }
    for (const keyword of [
      '会見',
      '見',
      'す',
      '記者会見は明日です',
      'CANCION DEL',
      'canción',
      'ｃａｎｃｉｏｎ',
    ]) {
      expect(await titles('intl', { keyword }), keyword).toEqual(['Canción del día']);
    }
    // Words must follow one another, and a word is matched from its start.
    for (const keyword of ['体媒', 'launch 平台', 'udget', '会議']) {
      expect(await titles('intl', { keyword }), keyword).toEqual([]);
    }
  });

  it('indexes contents written without a search vector (older rows, bulk loads)', async () => {
    const { id } = await create('intl', { title: 'Backfilled piece', body: doc('移行されたデータ') });
    await t.db.update(contents).set({ searchVector: null }).where(eq(contents.id, id));
    expect(await titles('intl', { keyword: '移行' })).toEqual([]);
    expect(await indexPendingContents(t.db, 1)).toBe(1);
    expect(await titles('intl', { keyword: '移行' })).toEqual(['Backfilled piece']);
    expect(await indexPendingContents(t.db)).toBe(0);
  });

  it('filters by tag, author and time, and pages with a total', async () => {
    expect((await titles('intl', { tag: 'finance' })).sort()).toEqual([
      'Another budget',
      'Budget 100% approved',
    ]);
    const mine = await titles('intl', { authorId: String(userIds['intl']) });
    expect(mine).toContain('Weather');
    const now = clock.now().toISOString();
    expect(await titles('intl', { time: `2020-01-01T00:00:00Z,2020-02-01T00:00:00Z` })).toEqual([]);
    expect((await titles('intl', { time: `2020-01-01T00:00:00Z,${now}` })).length).toBeGreaterThan(2);
    const page = await list('intl', { pageSize: '2', page: '2', sort: 'title', order: 'asc' });
    expect(page.body.data).toMatchObject({ page: 2, pageSize: 2 });
    expect(page.body.data.total).toBeGreaterThanOrEqual(4);
    const bad = await list('intl', { pageSize: '101', sort: 'nope' });
    expect(bad.status).toBe(400);
  });
});

describe('attached materials', () => {
  const material = async (department: string, kind: 'image' | 'video', name: string) => {
    const [row] = await t.db
      .insert(materials)
      .values({
        departmentId: dept[department] as number,
        uploaderId: userIds['video'] as number,
        kind,
        name,
        mime: kind === 'image' ? 'image/png' : 'video/mp4',
        bytes: 10,
        sha256: name,
        storageKey: `materials/test/${name}`,
        status: 'ready',
      })
      .returning({ id: materials.id });
    return (row as { id: number }).id;
  };

  it('keeps the cover and the materials in order, resolved in the detail', async () => {
    const cover = await material('video', 'image', 'cover.png');
    const clip = await material('video', 'video', 'clip.mp4');
    const still = await material('video', 'image', 'still.png');
    const created = await create('video', {
      title: 'With media',
      coverMaterialId: cover,
      materialIds: [clip, still],
    });
    expect(created.cover?.name).toBe('cover.png');
    expect(created.materials.map((m) => m.name)).toEqual(['clip.mp4', 'still.png']);
    const updated = await post<ContentDetail>('/content/update', 'video', {
      id: created.id,
      version: 1,
      title: 'With media',
      body: doc('x'),
      coverMaterialId: null,
      materialIds: [still, clip],
    });
    expect(updated.body.data.cover).toBeNull();
    expect(updated.body.data.materials.map((m) => m.name)).toEqual(['still.png', 'clip.mp4']);
  });

  it("refuses another department's material, a video cover and a material twice", async () => {
    const foreign = await material('intl', 'image', 'foreign.png');
    const clip = await material('video', 'video', 'clip2.mp4');
    const cases: [Record<string, unknown>, string][] = [
      [{ materialIds: [foreign] }, 'materialIds'],
      [{ coverMaterialId: foreign }, 'coverMaterialId'],
      [{ coverMaterialId: clip }, 'coverMaterialId'],
      [{ materialIds: [clip, clip] }, 'materialIds'],
      [{ materialIds: [999999] }, 'materialIds'],
    ];
    for (const [extra, field] of cases) {
      const res = await post<FieldErrors>('/content/create', 'video', {
        title: 'x',
        body: doc('x'),
        ...extra,
      });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body.data?.errors?.map((e) => e.field)).toEqual([field]);
    }
  });
});
