import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ListMultipartUploadsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { Material, UploadComplete } from '@postdeck/contract/materials';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { materials } from '../../db/schema.ts';
import { manualClock } from '../../lib/clock.ts';
import { s3ClientConfig } from '../../storage/s3-storage.ts';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { testConfig } from '../../test/test-app.ts';
import { createMediaTools } from './media-tools.ts';
import { createMaterialsModule } from './module.ts';
import {
  type Envelope,
  image,
  type LibraryApp,
  libraryApp,
  materialOf,
  noisyImage,
  tusClient,
} from './test-support.ts';

/**
 * The media library on S3 storage (STORAGE=s3), against the local s3rver: uploads, filing,
 * processing, signed files with ranges, deletion and the sweep keep everything in the bucket.
 */

const PREFIX = 'site-a/';
const HOUR = 60 * 60 * 1000;
// The store's objects carry the real time (the sweep compares them with the clock), so the clock starts there.
const clock = manualClock(new Date());
const ffmpegInstalled = await createMediaTools({ ffprobePath: 'ffprobe', ffmpegPath: 'ffmpeg' }).available();

let s3: TestS3Server;
let client: S3Client;
let t: LibraryApp;
let site: Server;
let origin: string;
const pages = new Map<string, Buffer>();

beforeAll(async () => {
  s3 = await startS3Server();
  client = new S3Client(s3ClientConfig(s3.settings()));
  site = createServer((request, response) => {
    const page = pages.get(request.url ?? '');
    if (!page) return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'image/png' }).end(page);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const port = (site.address() as { port: number }).port;
  origin = `http://127.0.0.1:${port}`;
  t = await libraryApp({
    clock,
    storage: s3.settings(PREFIX),
    fetchAllowPrivate: `127.0.0.1:${port}`,
    materials: { uploadQuota: { open: 2, bytes: 10 * 1024 * 1024 } },
  });
});
afterAll(async () => {
  await t.close();
  client.destroy();
  await new Promise((resolve) => site.close(resolve));
  await s3.close();
});

/** Object keys in the bucket under the prefix, without it. */
async function bucketKeys(under = ''): Promise<string[]> {
  const listed = await client.send(
    new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `${PREFIX}${under}` }),
  );
  return (listed.Contents ?? []).map((object) => (object.Key ?? '').slice(PREFIX.length)).sort();
}

/** Keys of the multipart uploads open in the bucket under the prefix, without it. */
async function openMultipart(): Promise<string[]> {
  const listed = await client.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket, Prefix: PREFIX }));
  return (listed.Uploads ?? []).map((upload) => (upload.Key ?? '').slice(PREFIX.length)).sort();
}

/** Files the uploads directory holds besides scratch space (none: uploads live in the bucket). */
const localUploads = async () =>
  (await readdir(t.config.materials.uploadsDir).catch(() => [])).filter((name) => !name.startsWith('.'));

const detail = async (id: number) =>
  (await t.get<Material>('/material/detail', 'news', { id: String(id) })).body.data;

const rowOf = async (id: number) => {
  const [row] = await t.db.select().from(materials).where(eq(materials.id, id));
  if (!row) throw new Error(`no material ${id}`);
  return row;
};

describe('the media library on S3', () => {
  it('takes a tus upload in two PATCHes, the second in another process after a HEAD, and files it in the bucket', async () => {
    const bytes = await image(120, 80);
    const created = await t.tus.create(t.token('news'), bytes.length, {
      filename: 'Harbour.png',
      filetype: 'image/png',
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location') as string;
    // The public id, not the bucket key.
    expect(location).toMatch(new RegExp(`^/prod-api/material/upload/${t.users['news']}-[0-9a-f]{32}$`));
    const id = t.tus.idOf(location);
    expect(await bucketKeys('.uploads/')).toEqual([`.uploads/${id}.info`]);

    const half = Math.floor(bytes.length / 2);
    expect((await t.tus.patch(t.token('news'), id, 0, bytes.subarray(0, half))).status).toBe(204);
    // Shorter than S3's smallest part: kept aside as <id>.part until the rest comes.
    expect(await bucketKeys('.uploads/')).toEqual([`.uploads/${id}.info`, `.uploads/${id}.part`]);

    // Another API process, with directories of its own, picks the upload up where it stopped.
    const other = await mkdtemp(join(t.root, 'other-'));
    const second = await buildApp({
      config: testConfig({
        ...t.config,
        materials: {
          ...t.config.materials,
          filesDir: join(other, 'files'),
          uploadsDir: join(other, 'uploads'),
        },
      }),
      database: t.database,
      masterSecret: t.masterSecret,
      clock: t.clock,
    });
    await second.listen({ port: 0, host: '127.0.0.1' });
    try {
      const tus = tusClient(`http://127.0.0.1:${(second.server.address() as { port: number }).port}`);
      const head = await tus.head(t.token('news'), id);
      expect(head.status).toBe(200);
      const offset = Number(head.headers.get('upload-offset'));
      expect(offset).toBe(half);
      const last = await tus.patch(t.token('news'), id, offset, bytes.subarray(offset));
      expect(last.status).toBe(204);
      expect(last.headers.get('upload-offset')).toBe(String(bytes.length));
      const res = await second.inject({
        method: 'POST',
        url: '/prod-api/material/uploadComplete',
        headers: { authorization: `Bearer ${t.token('news')}` },
        payload: { uploadId: id },
      });
      expect(res.statusCode).toBe(200);
      const material = (res.json() as Envelope<UploadComplete>).data.material;
      expect(material).toMatchObject({ name: 'Harbour.png', mime: 'image/png', bytes: bytes.length });
      expect(material.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));

      // Filed: the original under its key, the upload gone, nothing on either process's disk.
      const row = await rowOf(material.id);
      expect(await bucketKeys()).toEqual([row.storageKey]);
      expect(await openMultipart()).toEqual([]);
      expect(await localUploads()).toEqual([]);
      expect(await readdir(other, { recursive: true })).toEqual([]);

      // Processing (here, in the first process) reads the original from the bucket.
      await t.process(material.id);
      const ready = await detail(material.id);
      expect(ready).toMatchObject({ status: 'ready', width: 120, height: 80, note: null });
      const thumbnailKey = (await rowOf(material.id)).thumbnailKey;
      expect(thumbnailKey).toBe(row.storageKey.replace('original.png', 'thumb.webp'));
      expect(await bucketKeys()).toEqual([row.storageKey, thumbnailKey].sort());
      // The downloaded copy was removed.
      expect(await readdir(join(t.config.materials.uploadsDir, '.work'))).toEqual([]);
      const thumbnail = await t.fetchSigned(ready.urls.thumbnail as string);
      expect(thumbnail.statusCode).toBe(200);
      expect(thumbnail.headers['content-type']).toBe('image/webp');
      expect((await sharp(thumbnail.rawPayload).metadata()).width).toBe(120);
    } finally {
      await second.close();
      await rm(other, { recursive: true, force: true });
    }
  });

  it('serves signed files from the bucket: whole, a byte range (206) and not modified (304)', async () => {
    const bytes = await noisyImage(60, 60);
    const material = materialOf(await t.add('news', bytes, 'noise.png'));
    const original = await t.fetchSigned(material.urls.original);
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload).toEqual(bytes);

    const range = await t.fetchSigned(material.urls.original, { range: 'bytes=1000-1999' });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(range.headers['content-length']).toBe('1000');
    expect(range.rawPayload).toEqual(bytes.subarray(1000, 2000));
    const tail = await t.fetchSigned(material.urls.original, { range: `bytes=-10` });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload).toEqual(bytes.subarray(bytes.length - 10));

    const again = await t.fetchSigned(material.urls.original, { 'if-none-match': `"${material.sha256}"` });
    expect(again.statusCode).toBe(304);
  });

  it("counts the quota by listing the caller's uploads in the bucket", async () => {
    const token = t.token('lead');
    const open = async () => {
      const res = await t.tus.create(token, 1000, { filename: 'a.png', filetype: 'image/png' });
      expect(res.status).toBe(201);
      return t.tus.idOf(res.headers.get('location'));
    };
    const first = await open();
    const second = await open();
    const third = await t.tus.create(token, 1000, { filename: 'a.png', filetype: 'image/png' });
    expect(third.status).toBe(429);
    // Someone else's uploads do not count against them.
    const theirs = await t.tus.create(t.token('intl'), 1000, { filename: 'b.png', filetype: 'image/png' });
    expect(theirs.status).toBe(201);

    // Cancelling one frees its place; its objects and its multipart upload go with it.
    expect((await t.tus.terminate(token, first)).status).toBe(204);
    expect((await bucketKeys('.uploads/')).filter((key) => key.includes(first))).toEqual([]);
    const replacement = await open();
    for (const id of [second, replacement]) expect((await t.tus.terminate(token, id)).status).toBe(204);
    expect((await t.tus.terminate(t.token('intl'), t.tus.idOf(theirs.headers.get('location')))).status).toBe(
      204,
    );
    expect(await bucketKeys('.uploads/')).toEqual([]);
    expect(await openMultipart()).toEqual([]);
  });

  it('imports an image from an address into the bucket', async () => {
    const bytes = await image(40, 30);
    pages.set('/sky.png', bytes);
    const res = await t.post<UploadComplete>('/content/publish/picUrl', 'news', { url: `${origin}/sky.png` });
    const material = materialOf(res);
    expect(material).toMatchObject({ name: 'sky.png', mime: 'image/png', bytes: bytes.length });
    expect(await bucketKeys()).toContain((await rowOf(material.id)).storageKey);
    expect(await readdir(join(t.config.materials.uploadsDir, '.imports'))).toEqual([]);
  });

  it.skipIf(!ffmpegInstalled)(
    "makes a video's poster and thumbnail from a copy of the original (needs ffmpeg)",
    async () => {
      const file = join(t.root, 'clip.mp4');
      const args = ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10', '-t', '1'];
      await promisify(execFile)('ffmpeg', [...args, '-pix_fmt', 'yuv420p', '-y', file]);
      const material = materialOf(await t.add('news', await readFile(file), 'clip.mp4'));
      await t.process(material.id);
      const ready = await detail(material.id);
      expect(ready).toMatchObject({ status: 'ready', width: 320, height: 240, codec: 'h264', note: null });
      const row = await rowOf(material.id);
      expect(await bucketKeys(row.storageKey.replace('original.mp4', ''))).toEqual(
        ['original.mp4', 'poster.jpg', 'thumb.webp'].map((name) =>
          row.storageKey.replace('original.mp4', name),
        ),
      );
      const poster = await t.fetchSigned(ready.urls.poster as string);
      expect(poster.headers['content-type']).toBe('image/jpeg');
      expect(await readdir(join(t.config.materials.uploadsDir, '.work'))).toEqual([]);
    },
  );

  it("deletes a material's files from the bucket", async () => {
    const material = materialOf(await t.add('news', await image(33, 33), 'gone.png'));
    await t.process(material.id);
    const row = await rowOf(material.id);
    const keys = [row.storageKey, row.thumbnailKey];
    expect(await bucketKeys()).toEqual(expect.arrayContaining(keys));
    expect((await t.post('/material/delete', 'news', { id: material.id })).status).toBe(200);
    const left = await bucketKeys();
    for (const key of keys) expect(left).not.toContain(key);
    expect((await t.fetchSigned(material.urls.original)).statusCode).toBe(404);
  });

  it('answers a server error while the store is down, never "no such upload", and resumes once it is back', async () => {
    const token = t.token('lead');
    const bytes = await image(22, 20);
    const created = await t.tus.create(token, bytes.length, { filename: 'outage.png' });
    const id = t.tus.idOf(created.headers.get('location'));
    await s3.stop();
    try {
      // A 404 would make a tus client give the upload up and start again.
      expect((await t.tus.head(token, id)).status).toBe(500);
      expect((await t.tus.patch(token, id, 0, bytes)).status).toBe(500);
      expect((await t.post('/material/uploadComplete', 'lead', { uploadId: id })).status).toBe(500);
    } finally {
      await s3.start();
    }
    expect((await t.tus.head(token, id)).headers.get('upload-offset')).toBe('0');
    expect((await t.tus.patch(token, id, 0, bytes)).status).toBe(204);
    const filed = await t.post<UploadComplete>('/material/uploadComplete', 'lead', { uploadId: id });
    expect(materialOf(filed)).toMatchObject({ name: 'outage.png', bytes: bytes.length });
  });

  it('sweeps uploads left for a day (finished, half sent, empty), keeping one begun since, which resumes', async () => {
    const token = t.token('intl');
    const finished = await t.tus.upload(token, await image(20, 20), { filename: 'finished.png' });
    const bytes = await image(21, 20);
    const half = t.tus.idOf(
      (await t.tus.create(token, bytes.length, { filename: 'half.png' })).headers.get('location'),
    );
    await t.tus.patch(token, half, 0, bytes.subarray(0, 50));
    const empty = t.tus.idOf(
      (await t.tus.create(token, 500, { filename: 'empty.png' })).headers.get('location'),
    );
    expect(await openMultipart()).toEqual([`.uploads/${empty}`, `.uploads/${half}`].sort());

    await s3.backdate(25 * HOUR);
    // Begun by someone else: the two unfinished above still count against their owner until swept.
    const other = t.token('news');
    const paused = t.tus.idOf(
      (await t.tus.create(other, 1000, { filename: 'paused.png' })).headers.get('location'),
    );

    const { sweep } = createMaterialsModule({
      db: t.db,
      clock,
      config: t.config,
      masterSecret: t.masterSecret,
    });
    expect((await sweep()).files).toBe(3);
    const uploads = await bucketKeys('.uploads/');
    for (const id of [finished, half, empty]) expect(uploads.filter((key) => key.includes(id))).toEqual([]);
    expect(uploads).toEqual([`.uploads/${paused}.info`]);
    expect(await openMultipart()).toEqual([`.uploads/${paused}`]);
    expect((await t.tus.head(token, finished)).status).toBe(404);
    const head = await t.tus.head(other, paused);
    expect(head.headers.get('upload-offset')).toBe('0');
    expect((await t.tus.patch(other, paused, 0, Buffer.alloc(1000, 1))).status).toBe(204);
    expect((await t.tus.terminate(other, paused)).status).toBe(204);
    expect(await bucketKeys('.uploads/')).toEqual([]);
  });
});
