import { readdir } from 'node:fs/promises';
import type { Material, UploadComplete } from '@postdeck/contract/materials';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { auditLog, materials } from '../../db/schema.ts';
import { testConfig } from '../../test/test-app.ts';
import {
  type Envelope,
  type FieldErrors,
  image,
  type LibraryApp,
  libraryApp,
  materialOf,
  noisyImage,
  tusClient,
} from './test-support.ts';

let t: LibraryApp;
beforeAll(async () => {
  t = await libraryApp({ materials: { maxBytes: { image: 4096, video: 64 * 1024 } } });
});
afterAll(() => t.close());

const complete = (who: string, uploadId: string, extra: Record<string, unknown> = {}) =>
  t.post<UploadComplete & FieldErrors>('/material/uploadComplete', who, { uploadId, ...extra });

describe('tus upload and completion', () => {
  it('takes an upload in two PATCHes, files it, and processes it into a ready image with a thumbnail', async () => {
    const bytes = await image(120, 80);
    const created = await t.tus.create(t.token('news'), bytes.length, {
      filename: 'Harbour at dawn.png',
      filetype: 'image/png',
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location') as string;
    // Random, behind the owner's id (the quota check finds a user's uploads by it).
    expect(location).toMatch(new RegExp(`^/prod-api/material/upload/${t.users['news']}-[0-9a-f]{32}$`));
    const id = t.tus.idOf(location);

    const half = Math.floor(bytes.length / 2);
    expect((await t.tus.patch(t.token('news'), id, 0, bytes.subarray(0, half))).status).toBe(204);
    const head = await t.tus.head(t.token('news'), id);
    expect(head.headers.get('upload-offset')).toBe(String(half));
    // Not finished yet: nothing to file.
    expect((await complete('news', id)).status).toBe(404);
    const last = await t.tus.patch(t.token('news'), id, half, bytes.subarray(half));
    expect(last.status).toBe(204);
    expect(last.headers.get('upload-offset')).toBe(String(bytes.length));

    const res = await complete('news', id);
    const material = materialOf(res);
    expect(res.body.data.duplicate).toBe(false);
    expect(material).toMatchObject({
      kind: 'image',
      name: 'Harbour at dawn.png',
      mime: 'image/png',
      bytes: bytes.length,
      status: 'processing',
      width: null,
      department: { id: t.dept['news'], name: 'Newsroom' },
      uploader: { id: t.users['news'], name: 'Mo news' },
      urls: { thumbnail: null, poster: null },
    });
    // The upload is gone from the uploads directory once filed.
    expect((await readdir(t.config.materials.uploadsDir)).filter((f) => f.startsWith(id))).toEqual([]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'material.create'), eq(auditLog.target, `material:${material.id}`)));
    expect(audit).toHaveLength(1);

    await t.process(material.id);
    const detail = await t.get<Material>('/material/detail', 'news', { id: String(material.id) });
    expect(detail.body.data).toMatchObject({ status: 'ready', width: 120, height: 80, note: null });
    const thumbnail = await t.fetchSigned(detail.body.data.urls.thumbnail as string);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(thumbnail.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    const original = await t.fetchSigned(detail.body.data.urls.original);
    expect(original.rawPayload.equals(bytes)).toBe(true);
    expect(original.headers['content-disposition']).toMatch(/^inline; filename="Harbour at dawn.png"/);
  });

  it('survives a restart: an upload begun before continues on a new app over the same directories', async () => {
    const bytes = await image(90, 60);
    const created = await t.tus.create(t.token('news'), bytes.length, { filename: 'resumed.png' });
    const uploadId = t.tus.idOf(created.headers.get('location'));
    await t.tus.patch(t.token('news'), uploadId, 0, bytes.subarray(0, 100));

    const second = await buildApp({
      config: testConfig(t.config),
      database: t.database,
      masterSecret: t.masterSecret,
      clock: t.clock,
    });
    await second.listen({ port: 0, host: '127.0.0.1' });
    try {
      const tus = tusClient(`http://127.0.0.1:${(second.server.address() as { port: number }).port}`);
      const head = await tus.head(t.token('news'), uploadId);
      expect(head.status).toBe(200);
      expect(head.headers.get('upload-offset')).toBe('100');
      expect((await tus.patch(t.token('news'), uploadId, 100, bytes.subarray(100))).status).toBe(204);
      const res = await second.inject({
        method: 'POST',
        url: '/prod-api/material/uploadComplete',
        headers: { authorization: `Bearer ${t.token('news')}` },
        payload: { uploadId },
      });
      expect(res.statusCode).toBe(200);
      expect((res.json() as Envelope<UploadComplete>).data.material).toMatchObject({
        name: 'resumed.png',
        bytes: bytes.length,
      });
    } finally {
      await second.close();
    }
  });

  it("keeps someone else's upload out of reach: no HEAD, PATCH, DELETE or completion", async () => {
    const bytes = await image();
    const created = await t.tus.create(t.token('news'), bytes.length, { filename: 'mine.png' });
    const id = t.tus.idOf(created.headers.get('location'));
    expect((await t.tus.head(t.token('lead'), id)).status).toBe(404);
    expect((await t.tus.patch(t.token('lead'), id, 0, bytes)).status).toBe(404);
    const del = await fetch(`${t.base}/prod-api/material/upload/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${t.token('lead')}`, 'tus-resumable': '1.0.0' },
    });
    expect(del.status).toBe(404);
    expect((await t.tus.patch(t.token('news'), id, 0, bytes)).status).toBe(204);
    const stolen = await complete('lead', id);
    expect(stolen.status).toBe(404);
    expect(stolen.body.data?.errors?.[0]?.field).toBe('uploadId');
    expect(materialOf(await complete('news', id)).name).toBe('mine.png');
    // Filed once: the id is spent.
    expect((await complete('news', id)).status).toBe(404);
  });

  it('answers protocol errors in the envelope too', async () => {
    const bytes = await image();
    const created = await t.tus.create(t.token('news'), bytes.length, { filename: 'offset.png' });
    const id = t.tus.idOf(created.headers.get('location'));
    const wrongOffset = await t.tus.patch(t.token('news'), id, 5, bytes.subarray(5));
    expect(wrongOffset.status).toBe(409);
    expect(JSON.parse(await wrongOffset.text())).toMatchObject({ code: 409, msg: expect.any(String) });
    const noLength = await fetch(`${t.base}/prod-api/material/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.token('news')}`, 'tus-resumable': '1.0.0' },
    });
    expect(noLength.status).toBe(400);
    expect(JSON.parse(await noLength.text())).toMatchObject({ code: 400 });
  });

  it('needs a signed-in user with material:manage', async () => {
    const anonymous = await fetch(`${t.base}/prod-api/material/upload`, {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' },
    });
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()) as Envelope<unknown>).toMatchObject({ code: 101102 });
    expect((await t.tus.create(t.token('viewer'), 10)).status).toBe(403);
  });

  it('refuses what the content says is not an accepted image or video (415, field file)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const text = Buffer.from('just some text, named like a photo\n'.repeat(4));
    for (const [bytes, filename] of [
      [svg, 'logo.svg'],
      [text, 'holiday.jpg'],
    ] as const) {
      const res = await t.add('news', bytes, filename);
      expect(res.status, filename).toBe(415);
      expect(res.body.code).toBe(100502);
      expect((res.body.data as FieldErrors)?.errors?.[0]?.field).toBe('file');
    }
  });

  it('refuses a file over its kind limit: on creation by the declared type, on completion by the content', async () => {
    const declared = await t.tus.create(t.token('news'), 5000, {
      filename: 'big.png',
      filetype: 'image/png',
    });
    expect(declared.status).toBe(413);
    expect(JSON.parse(await declared.text())).toMatchObject({ code: 100503 });
    const overall = await t.tus.create(t.token('news'), 70 * 1024, { filetype: 'video/mp4' });
    expect(overall.status).toBe(413);
    expect(JSON.parse(await overall.text())).toMatchObject({
      code: 100503,
      msg: expect.stringContaining('64 KB'),
    });

    // Declared as a video (a larger limit), but its bytes are an image over the image limit.
    const big = await noisyImage(40, 40);
    expect(big.length).toBeGreaterThan(4096);
    const id = await t.tus.upload(t.token('news'), big, { filename: 'big.png', filetype: 'video/mp4' });
    const res = await complete('news', id);
    expect(res.status).toBe(413);
    expect(res.body.msg).toContain('4 KB');
    expect(res.body.data?.errors).toEqual([{ field: 'file', message: expect.stringContaining('4 KB') }]);
  });

  it('recognises the same bytes: the existing material, nothing new kept', async () => {
    const bytes = await image(30, 30);
    const first = materialOf(await t.add('news', bytes, 'first.png'));
    const again = await t.add('news', bytes, 'again.png');
    expect(again.body.data).toMatchObject({ duplicate: true, material: { id: first.id, name: 'first.png' } });
    const rows = await t.db.select().from(materials).where(eq(materials.sha256, first.sha256));
    expect(rows).toHaveLength(1);
    // Outside the first one's scope, the same bytes are a new material.
    const elsewhere = await t.add('intl', bytes, 'theirs.png');
    expect(elsewhere.body.data.duplicate).toBe(false);
    expect(elsewhere.body.data.material.id).not.toBe(first.id);
  });

  it('files into a department of the caller scope only, keeping the upload for another try', async () => {
    const bytes = await image(31, 31);
    const id = await t.tus.upload(t.token('news'), bytes, { filename: 'placed.png' });
    const outside = await complete('news', id, { departmentId: t.dept['intl'] });
    expect(outside.status).toBe(400);
    expect(outside.body.data?.errors?.[0]?.field).toBe('departmentId');
    const inside = await complete('news', id, { departmentId: t.dept['news'] });
    expect(materialOf(inside).department.id).toBe(t.dept['news']);
    const lead = materialOf(
      await t.add('lead', await image(32, 32), 'sub.png', { departmentId: t.dept['video'] }),
    );
    expect(lead.department.name).toBe('Video');
  });

  it('answers malformed completions with 400, never 500', async () => {
    for (const body of [{}, { uploadId: '../../etc/passwd' }, { uploadId: 'short' }, { uploadId: 7 }]) {
      const res = await t.post<FieldErrors>('/material/uploadComplete', 'news', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await complete('news', 'a'.repeat(32))).status).toBe(404);
  });
});
