import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Material } from '@postdeck/contract/materials';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materials } from '../../db/schema.ts';
import { createLocalStorage } from '../../storage/local-storage.ts';
import { createMediaTools } from './media-tools.ts';
import { processMaterial } from './process-material.ts';
import { image, type LibraryApp, libraryApp, materialOf } from './test-support.ts';

let t: LibraryApp;
beforeAll(async () => {
  t = await libraryApp();
});
afterAll(() => t.close());

const detail = async (id: number) =>
  (await t.get<Material>('/material/detail', 'news', { id: String(id) })).body.data;

const ffmpegInstalled = await createMediaTools({ ffprobePath: 'ffprobe', ffmpegPath: 'ffmpeg' }).available();

/** A one-second 320×240 H.264 test pattern, made by ffmpeg itself. */
async function testVideo(name: string): Promise<Buffer> {
  const file = join(t.root, name);
  const args = ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10', '-t', '1'];
  await promisify(execFile)('ffmpeg', [...args, '-pix_fmt', 'yuv420p', '-y', file]);
  return readFile(file);
}

describe('images', () => {
  it('records the upright size of a turned photo (EXIF orientation) and makes its thumbnail', async () => {
    const turned = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3a6' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const material = materialOf(await t.add('news', turned, 'turned.jpg'));
    expect(material.mime).toBe('image/jpeg');
    await t.process(material.id);
    const ready = await detail(material.id);
    expect(ready).toMatchObject({ status: 'ready', width: 600, height: 900 });
    const thumbnail = await t.fetchSigned(ready.urls.thumbnail as string);
    const size = await sharp(thumbnail.rawPayload).metadata();
    expect([size.width, size.height]).toEqual([267, 400]);
  });

  it('keeps small images at their size and takes the first frame of a GIF', async () => {
    const gif = materialOf(await t.add('news', await image(20, 10, 'gif'), 'tiny.gif'));
    await t.process(gif.id);
    const ready = await detail(gif.id);
    expect(ready).toMatchObject({ status: 'ready', width: 20, height: 10, mime: 'image/gif' });
    const thumbnail = await sharp(
      (await t.fetchSigned(ready.urls.thumbnail as string)).rawPayload,
    ).metadata();
    expect([thumbnail.width, thumbnail.height]).toEqual([20, 10]);
  });

  it('fails a corrupt image with a note, and keeps the file', async () => {
    const png = await image(300, 300);
    const truncated = png.subarray(0, Math.floor(png.length / 2));
    const material = materialOf(await t.add('news', truncated, 'broken.png'));
    await t.process(material.id);
    const failed = await detail(material.id);
    expect(failed).toMatchObject({
      status: 'failed',
      note: 'unreadableImage',
      urls: { thumbnail: null },
    });
    const original = await t.fetchSigned(failed.urls.original);
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(truncated)).toBe(true);
  });

  it('is a no-op for a material already processed or gone', async () => {
    const material = materialOf(await t.add('news', await image(), 'twice.png'));
    await t.process(material.id);
    const [before] = await t.db.select().from(materials).where(eq(materials.id, material.id));
    await t.process(material.id);
    const [after] = await t.db.select().from(materials).where(eq(materials.id, material.id));
    expect(after).toEqual(before);
    await expect(t.process(999_999)).resolves.toBeUndefined();
  });
});

describe('videos', () => {
  it.skipIf(!ffmpegInstalled)(
    'probes duration, size and codec and makes a poster (needs ffmpeg)',
    async () => {
      const material = materialOf(await t.add('news', await testVideo('clip.mp4'), 'clip.mp4'));
      expect(material).toMatchObject({ kind: 'video', mime: 'video/mp4', status: 'processing' });
      await t.process(material.id);
      const ready = await detail(material.id);
      expect(ready).toMatchObject({ status: 'ready', width: 320, height: 240, codec: 'h264', note: null });
      expect(ready.durationMs).toBeGreaterThanOrEqual(900);
      expect(ready.durationMs).toBeLessThanOrEqual(1100);
      const poster = await t.fetchSigned(ready.urls.poster as string);
      expect(poster.headers['content-type']).toBe('image/jpeg');
      expect((await sharp(poster.rawPayload).metadata()).width).toBe(320);
      const thumbnail = await t.fetchSigned(ready.urls.thumbnail as string);
      expect(thumbnail.headers['content-type']).toBe('image/webp');
      const range = await t.fetchSigned(ready.urls.original, { range: 'bytes=0-99' });
      expect(range.statusCode).toBe(206);
    },
  );

  it.skipIf(!ffmpegInstalled)(
    'fails a video ffprobe cannot read, keeping the file (needs ffmpeg)',
    async () => {
      const video = await testVideo('cut.mp4');
      // The container header survives (the content still sniffs as MP4); the rest is noise.
      const broken = Buffer.concat([video.subarray(0, 64), Buffer.alloc(4096, 7)]);
      const material = materialOf(await t.add('news', broken, 'cut.mp4'));
      await t.process(material.id);
      expect(await detail(material.id)).toMatchObject({ status: 'failed', note: 'unreadableVideo' });
      expect((await t.fetchSigned(material.urls.original)).statusCode).toBe(200);
    },
  );

  it('keeps a video unprocessed, ready and saying why, when ffprobe/ffmpeg are not installed', async () => {
    const missing = { ffprobePath: '/nonexistent/ffprobe', ffmpegPath: '/nonexistent/ffmpeg' };
    const tools = createMediaTools(missing);
    expect(await tools.available()).toBe(false);
    // Bytes that sniff as MP4 (an ftyp box); no tool ever reads them here.
    const ftyp = Buffer.from('000000186674797069736f6d0000020069736f6d6d703431', 'hex');
    const material = materialOf(await t.add('news', Buffer.concat([ftyp, Buffer.alloc(512, 1)]), 'raw.mp4'));
    expect(material.kind).toBe('video');
    const storage = createLocalStorage(t.config.materials.filesDir);
    await processMaterial({ db: t.db, clock: t.clock, storage, tools, workDir: t.root }, material.id);
    const kept = await detail(material.id);
    expect(kept).toMatchObject({
      status: 'ready',
      note: 'videoToolsMissing',
      durationMs: null,
      width: null,
    });
    expect(kept.urls.poster).toBeNull();
    expect((await t.fetchSigned(kept.urls.download)).statusCode).toBe(200);
  });
});
