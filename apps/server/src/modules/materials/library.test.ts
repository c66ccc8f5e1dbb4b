import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Material, MaterialSettings } from '@postdeck/contract/materials';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contentMaterials, contents, materials, users } from '../../db/schema.ts';
import { manualClock } from '../../lib/clock.ts';
import { type FieldErrors, image, type LibraryApp, libraryApp, materialOf } from './test-support.ts';

const clock = manualClock(new Date('2026-03-01T09:00:00Z'));
let t: LibraryApp;
type Page = { items: Material[]; total: number; page: number; pageSize: number };

const add = async (who: string, name: string, extra: { departmentId?: number } = {}) =>
  materialOf(await t.add(who, await image(), name, extra));
const names = async (who: string, query: Record<string, string> = {}) =>
  (await t.get<Page>('/material/list', who, query)).body.data.items.map((m) => m.name);

beforeAll(async () => {
  t = await libraryApp({ clock });
});
afterAll(() => t.close());

describe('list and detail', () => {
  let harbour: Material;
  beforeAll(async () => {
    harbour = await add('news', 'harbour_100%.png');
    clock.advance(60_000);
    await add('news', 'harbour-night.png');
    clock.advance(60_000);
    await add('lead', 'clip.png', { departmentId: t.dept['video'] });
    await add('intl', 'foreign.png');
    await t.post('/material/tags', 'news', { id: harbour.id, tags: ['Sea', 'dawn'] });
  });

  it("lists the caller's data scope only, newest first", async () => {
    expect(await names('news')).toEqual(['harbour-night.png', 'harbour_100%.png']);
    expect(await names('lead')).toEqual(['clip.png', 'harbour-night.png', 'harbour_100%.png']);
    expect(await names('intl')).toEqual(['foreign.png']);
    expect((await names('admin')).length).toBe(4);
  });

  it('filters by name (% and _ literal), tag, uploader, department, kind and time; sorts and pages', async () => {
    expect(await names('lead', { name: 'HARBOUR' })).toHaveLength(2);
    expect(await names('lead', { name: '_100%' })).toEqual(['harbour_100%.png']);
    expect(await names('lead', { name: '%' })).toEqual(['harbour_100%.png']);
    expect(await names('lead', { tag: 'sea' })).toEqual(['harbour_100%.png']);
    expect(await names('lead', { uploaderId: String(t.users['lead']) })).toEqual(['clip.png']);
    expect(await names('lead', { departmentId: String(t.dept['video']) })).toEqual(['clip.png']);
    expect(await names('lead', { kind: 'video' })).toEqual([]);
    const from = new Date('2026-03-01T09:00:30Z').toISOString();
    const to = new Date('2026-03-01T09:01:30Z').toISOString();
    expect(await names('lead', { time: `${from},${to}` })).toEqual(['harbour-night.png']);
    expect(await names('lead', { sort: 'name', order: 'asc' })).toEqual([
      'clip.png',
      'harbour-night.png',
      'harbour_100%.png',
    ]);
    const page = await t.get<Page>('/material/list', 'lead', { pageSize: '2', page: '2' });
    expect(page.body.data).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.body.data.items.map((m) => m.name)).toEqual(['harbour_100%.png']);
    const bad: Record<string, string>[] = [
      { kind: 'audio' },
      { sort: 'size' },
      { time: 'yesterday' },
      { pageSize: '500' },
    ];
    for (const query of bad) {
      expect((await t.get('/material/list', 'lead', query)).status, JSON.stringify(query)).toBe(400);
    }
  });

  it('answers 404 for a material outside the scope: detail, rename, tags, delete, zip', async () => {
    const id = harbour.id;
    expect((await t.get('/material/detail', 'intl', { id: String(id) })).status).toBe(404);
    expect((await t.post('/material/rename', 'intl', { id, name: 'mine' })).status).toBe(404);
    expect((await t.post('/material/tags', 'intl', { id, tags: [] })).status).toBe(404);
    expect((await t.post('/material/delete', 'intl', { id })).status).toBe(404);
    expect((await t.post('/material/zipLink', 'intl', { ids: [id] })).status).toBe(404);
    expect((await t.get('/material/detail', 'news', { id: '999999' })).status).toBe(404);
    expect((await t.get('/material/detail', 'news', { id: String(id) })).body.data).toMatchObject({
      name: 'harbour_100%.png',
      tags: ['Sea', 'dawn'],
    });
  });

  it('renames and retags with an audit entry each; viewers may look but not change', async () => {
    const renamed = await t.post<Material>('/material/rename', 'news', {
      id: harbour.id,
      name: '  Harbour  ',
    });
    expect(renamed.body.data.name).toBe('Harbour');
    const tagged = await t.post<Material>('/material/tags', 'news', {
      id: harbour.id,
      tags: ['a', 'A', 'b'],
    });
    expect(tagged.body.data.tags).toEqual(['a', 'b']);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `material:${harbour.id}`));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['material.rename', 'material.tags']));
    expect((await t.get('/material/detail', 'viewer', { id: String(harbour.id) })).status).toBe(200);
    expect((await t.post('/material/rename', 'viewer', { id: harbour.id, name: 'x' })).status).toBe(403);
    const bad = await t.post<FieldErrors>('/material/rename', 'news', { id: harbour.id, name: ' ' });
    expect(bad.status).toBe(400);
    expect(bad.body.data?.errors?.[0]?.field).toBe('name');
  });

  it('tells the uploader about limits, types and video processing', async () => {
    const settings = (await t.get<MaterialSettings>('/material/settings', 'viewer')).body.data;
    expect(settings).toMatchObject({
      maxBytes: { image: 20 * 1024 * 1024, video: 2 * 1024 * 1024 * 1024 },
      uploadQuota: { open: 10, bytes: 4 * 1024 * 1024 * 1024 },
      uploadPath: '/material/upload',
    });
    expect(settings.types).toContain('video/quicktime');
    expect(settings.types).not.toContain('image/svg+xml');
    expect(typeof settings.videoProcessing).toBe('boolean');
  });

  it("pages the composer's image picker, newest first, by name", async () => {
    const res = await t.post<Page>('/content/publish/picUrlPage', 'lead', { pageSize: 2, name: 'harbour' });
    expect(res.body.data).toMatchObject({ total: 2, page: 1, pageSize: 2 });
    expect(res.body.data.items.every((m) => m.kind === 'image')).toBe(true);
  });
});

describe('delete', () => {
  const useIn = async (materialId: number, title: string, as: 'attached' | 'cover', deleted = false) => {
    const [content] = await t.db
      .insert(contents)
      .values({
        departmentId: t.dept['news'] as number,
        authorId: t.users['news'] as number,
        updatedById: t.users['news'] as number,
        title,
        body: { type: 'doc', content: [] },
        bodyHtml: '',
        bodyText: '',
        coverMaterialId: as === 'cover' ? materialId : null,
        deletedAt: deleted ? clock.now() : null,
      })
      .returning({ id: contents.id });
    const id = (content as { id: number }).id;
    if (as === 'attached')
      await t.db.insert(contentMaterials).values({ contentId: id, materialId, position: 0 });
    return id;
  };

  it('removes an unused material, its row and its files', async () => {
    const material = await add('news', 'unused.png');
    await t.process(material.id);
    const [row] = await t.db.select().from(materials).where(eq(materials.id, material.id));
    expect((await t.post('/material/delete', 'news', { id: material.id })).status).toBe(200);
    expect(await t.db.select().from(materials).where(eq(materials.id, material.id))).toEqual([]);
    const storage = (key: string | null | undefined) => join(t.config.materials.filesDir, key ?? 'none');
    const { access } = await import('node:fs/promises');
    await expect(access(storage(row?.storageKey))).rejects.toThrow();
    await expect(access(storage(row?.thumbnailKey))).rejects.toThrow();
    expect((await t.fetchSigned(material.urls.original)).statusCode).toBe(404);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'material.delete'), eq(auditLog.target, `material:${material.id}`)));
    expect(audit).toBeDefined();
  });

  it('refuses while contents use it (deleted ones too), naming them; only an administrator may force', async () => {
    const material = await add('news', 'used.png');
    const a = await useIn(material.id, 'Attached here', 'attached');
    const b = await useIn(material.id, 'Cover there', 'cover', true);
    const refused = await t.post<{ contents: { id: number; title: string }[] }>('/material/delete', 'news', {
      id: material.id,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe(100501);
    expect(refused.body.msg).toContain('2');
    expect(refused.body.data.contents).toEqual([
      { id: a, title: 'Attached here' },
      { id: b, title: 'Cover there' },
    ]);
    // A department administrator is not an administrator: forcing is refused the same way.
    expect((await t.post('/material/delete', 'lead', { id: material.id, force: true })).status).toBe(409);
    expect((await t.post('/material/delete', 'admin', { id: material.id })).status).toBe(409);
    expect((await t.post('/material/delete', 'admin', { id: material.id, force: true })).status).toBe(200);
    expect(
      await t.db.select().from(contentMaterials).where(eq(contentMaterials.materialId, material.id)),
    ).toEqual([]);
    const [cover] = await t.db.select().from(contents).where(eq(contents.id, b));
    expect(cover?.coverMaterialId).toBeNull();
  });
});

describe('signed file addresses', () => {
  let material: Material;
  beforeAll(async () => {
    material = await add('news', 'signed photo');
    await t.process(material.id);
    material = (await t.get<Material>('/material/detail', 'news', { id: String(material.id) })).body.data;
  });

  it('serves the original inline, the download as an attachment with its extension, the thumbnail', async () => {
    const original = await t.fetchSigned(material.urls.original);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.headers['x-content-type-options']).toBe('nosniff');
    expect(original.headers['etag']).toBe(`"${material.sha256}"`);
    const download = await t.fetchSigned(material.urls.download);
    expect(download.headers['content-disposition']).toBe('attachment; filename="signed photo.png"');
    expect((await t.fetchSigned(material.urls.thumbnail as string)).headers['content-type']).toBe(
      'image/webp',
    );
    expect(material.urls.poster).toBeNull();
  });

  it('answers a byte range with 206', async () => {
    const res = await t.fetchSigned(material.urls.original, { range: 'bytes=0-7' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 0-7/${material.bytes}`);
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('sends files as stored to browsers that accept compression: ranges and lengths intact', async () => {
    const acceptEncoding = 'gzip, deflate, br, zstd';
    const whole = await t.fetchSigned(material.urls.download, { 'accept-encoding': acceptEncoding });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.headers['content-length']).toBe(String(material.bytes));
    expect(whole.rawPayload.length).toBe(material.bytes);
    const part = await t.fetchSigned(material.urls.original, {
      'accept-encoding': acceptEncoding,
      range: 'bytes=1-3',
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe(`bytes 1-3/${material.bytes}`);
    expect(part.headers['content-length']).toBe('3');
    expect(part.rawPayload.toString()).toBe('PNG');
  });

  it('answers 404 to any tampering: other id, other variant, other user, bad or missing signature', async () => {
    const url = new URL(material.urls.original, 'http://x');
    const variants = [
      url.pathname.replace(`/${material.id}/`, `/${material.id + 1}/`) + url.search,
      url.pathname.replace('/original', '/download') + url.search,
      url.pathname + url.search.replace(/uid=\d+/, `uid=${t.users['intl']}`),
      url.pathname + url.search.replace(/sig=[^&]+/, `sig=${'A'.repeat(43)}`),
      url.pathname + url.search.replace(/&sig=[^&]+/, ''),
      url.pathname + url.search.replace(/exp=\d+/, 'exp=99999999999'),
      `${url.pathname}${url.search}&sig=again`,
      url.pathname.replace('/original', '/secret') + url.search,
      '/prod-api/material/file/abc/original' + url.search,
    ];
    for (const variant of variants) {
      const res = await t.fetchSigned(variant);
      expect(res.statusCode, variant).toBe(404);
      expect(res.json()).toMatchObject({ code: 404 });
    }
  });

  it('expires: valid for at least an hour, then 404', async () => {
    clock.advance(59 * 60_000);
    expect((await t.fetchSigned(material.urls.original)).statusCode).toBe(200);
    clock.advance(2 * 60 * 60_000);
    expect((await t.fetchSigned(material.urls.original)).statusCode).toBe(404);
    await t.signIn();
  });

  it('stops serving the URLs of a user disabled since they were signed', async () => {
    const seen = await t.get<Material>('/material/detail', 'viewer', { id: String(material.id) });
    const zip = await t.post<{ url: string }>('/material/zipLink', 'viewer', { ids: [material.id] });
    const urls = [seen.body.data.urls.original, zip.body.data.url];
    for (const url of urls) expect((await t.fetchSigned(url)).statusCode).toBe(200);

    const viewer = t.users['viewer'] as number;
    const setStatus = async (status: 'active' | 'disabled') => {
      await t.db.update(users).set({ status }).where(eq(users.id, viewer));
      // What the user administration does on every change of status.
      await t.app.principals.invalidate(viewer);
    };
    await setStatus('disabled');
    for (const url of urls) expect((await t.fetchSigned(url)).statusCode).toBe(404);
    await setStatus('active');
    expect((await t.fetchSigned(urls[0] as string)).statusCode).toBe(200);
  });
});

describe('zip', () => {
  it('streams the chosen materials as one zip, names made unique', async () => {
    const a = await add('news', 'same.png');
    const b = await add('news', 'same.png');
    const c = await add('news', 'Same.PNG');
    const res = await t.post<{ url: string }>('/material/zipLink', 'news', { ids: [c.id, a.id, b.id] });
    expect(res.status).toBe(200);
    const zip = await t.fetchSigned(res.body.data.url);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toBe('attachment; filename="materials.zip"');
    const file = join(t.root, 'out.zip');
    await writeFile(file, zip.rawPayload);
    const listing = await promisify(execFile)('unzip', ['-Z1', file]).catch(() => undefined);
    const entries = listing ? listing.stdout.trim().split('\n') : centralDirectoryNames(zip.rawPayload);
    expect(entries).toEqual(['same.png', 'same (2).png', 'Same (3).PNG']);
    if (listing) {
      const tested = await promisify(execFile)('unzip', ['-t', file]);
      expect(tested.stdout).toContain('No errors detected');
    }
  });

  it('refuses a selection with anything outside the scope or unknown, and a tampered link', async () => {
    const mine = await add('news', 'mine-zip.png');
    const theirs = await add('intl', 'theirs-zip.png');
    expect((await t.post('/material/zipLink', 'news', { ids: [mine.id, theirs.id] })).status).toBe(404);
    expect((await t.post('/material/zipLink', 'news', { ids: [mine.id, 999999] })).status).toBe(404);
    expect((await t.post('/material/zipLink', 'news', { ids: [] })).status).toBe(400);
    const link = (await t.post<{ url: string }>('/material/zipLink', 'news', { ids: [mine.id] })).body.data
      .url;
    const widened = link.replace(`ids=${mine.id}`, `ids=${mine.id},${theirs.id}`);
    expect((await t.fetchSigned(widened)).statusCode).toBe(404);
  });
});

describe('bad input', () => {
  it('refuses ids beyond what PostgreSQL integers hold as bad input (found by the property below)', async () => {
    const res = await t.post('/material/delete', 'news', { id: 2_147_483_648 });
    expect([res.status, res.body.code]).toEqual([400, 400]);
    expect((await t.get('/material/detail', 'news', { id: '99999999999' })).status).toBe(400);
  });

  it('never answers 500 to a body of the wrong shape', async () => {
    const paths = [
      '/material/rename',
      '/material/tags',
      '/material/delete',
      '/material/zipLink',
      '/material/uploadComplete',
      '/content/publish/picUrlPage',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.record(
          {
            id: fc.oneof(fc.anything(), fc.integer({ min: 1_000_000 })),
            ids: fc.anything(),
            name: fc.anything(),
            tags: fc.anything(),
            force: fc.anything(),
            uploadId: fc.oneof(fc.string(), fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/)),
            page: fc.anything(),
          },
          { requiredKeys: [] },
        ),
        async (path, body) => {
          const res = await t.post(path, 'news', body);
          expect(res.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 120 },
    );
  });

  it('answers 404 to any made-up file address', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string(),
        fc.string(),
        fc.dictionary(fc.constantFrom('exp', 'uid', 'sig', 'ids', 'x'), fc.string()),
        async (id, variant, query) => {
          const path = `/prod-api/material/file/${encodeURIComponent(id)}/${encodeURIComponent(variant)}`;
          expect((await t.app.inject({ url: path, query })).statusCode).toBe(404);
          expect((await t.app.inject({ url: '/prod-api/material/zip', query })).statusCode).toBe(404);
        },
      ),
      { numRuns: 100 },
    );
  });
});

/** Entry names from a zip's central directory (when `unzip` is not installed). */
function centralDirectoryNames(zip: Buffer): string[] {
  const names: string[] = [];
  for (let i = zip.indexOf('PK\x01\x02'); i !== -1; i = zip.indexOf('PK\x01\x02', i + 4)) {
    const length = zip.readUInt16LE(i + 28);
    names.push(zip.subarray(i + 46, i + 46 + length).toString('utf8'));
  }
  return names;
}
