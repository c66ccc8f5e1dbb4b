import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { UploadComplete } from '@postdeck/contract/materials';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { rawRows } from '../../db/client.ts';
import { manualClock } from '../../lib/clock.ts';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { testConfig } from '../../test/test-app.ts';
import { type LibraryApp, libraryApp, materialOf, noisyImage, UPLOAD_URL } from './test-support.ts';

/**
 * Two API processes on one PostgreSQL server and one bucket take PATCHes of the same upload: the
 * upload's lock is shared through the database, so they never write at once. Two app instances
 * stand for the processes, each with its own tus server, in-process locker and directories. On
 * PGlite (one process only) the lock stays in the process and there is nothing to share.
 */

const onPostgres = process.env['TEST_DB_KIND'] === 'postgres' && Boolean(process.env['TEST_DATABASE_URL']);

let s3: TestS3Server;
let t: LibraryApp;
let second: FastifyInstance;
let secondBase: string;
let otherDir: string;

describe.skipIf(!onPostgres)('one upload, two API processes', () => {
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await libraryApp({ clock: manualClock(new Date()), storage: s3.settings('locks/') });
    otherDir = await mkdtemp(join(t.root, 'other-'));
    second = await buildApp({
      config: testConfig({
        ...t.config,
        materials: {
          ...t.config.materials,
          filesDir: join(otherDir, 'files'),
          uploadsDir: join(otherDir, 'uploads'),
        },
      }),
      database: t.database,
      masterSecret: t.masterSecret,
      clock: t.clock,
    });
    await second.listen({ port: 0, host: '127.0.0.1' });
    secondBase = `http://127.0.0.1:${(second.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await second.close();
    await rm(otherDir, { recursive: true, force: true });
    await t.close();
    await s3.close();
  });

  const lockRow = async (id: string) =>
    (
      await rawRows<{ release_wanted: boolean }>(
        t.db,
        sql`select release_wanted from upload_locks where upload_id like ${`%/${id}`}`,
      )
    )[0];

  it('takes two PATCHes at the same offset at once one after the other: one is written, the other refused, the file whole', async () => {
    const token = t.token('news');
    // Over S3's smallest part, so the PATCH writes a part of the multipart upload.
    const bytes = await noisyImage(1300, 1400);
    expect(bytes.length).toBeGreaterThan(5 * 1024 * 1024);
    const created = await t.tus.create(token, bytes.length, { filename: 'race.png', filetype: 'image/png' });
    expect(created.status).toBe(201);
    const id = t.tus.idOf(created.headers.get('location'));
    const headers = {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    };

    // The first process's PATCH sends its first megabyte and holds the rest back: it holds the lock.
    let feed!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        feed = controller;
      },
    });
    const first = fetch(`${t.base}${UPLOAD_URL}/${id}`, {
      method: 'PATCH',
      headers,
      body,
      duplex: 'half',
    } as RequestInit & { duplex: 'half' });
    const split = 1024 * 1024;
    feed.enqueue(bytes.subarray(0, split));
    let secondPatch: Promise<Response>;
    try {
      await vi.waitFor(async () => expect(await lockRow(id)).toEqual({ release_wanted: false }), {
        timeout: 10_000,
      });
      // The second process's PATCH of the same bytes at the same offset waits for it (and asks it to let go).
      secondPatch = fetch(`${secondBase}${UPLOAD_URL}/${id}`, { method: 'PATCH', headers, body: bytes });
      await vi.waitFor(async () => expect(await lockRow(id)).toEqual({ release_wanted: true }), {
        timeout: 10_000,
      });
      feed.enqueue(bytes.subarray(split));
    } finally {
      // Also when the test fails: a request left open would keep the app from closing.
      feed.close();
    }
    const [one, two] = await Promise.all([first, secondPatch]);
    expect(one.status).toBe(204);
    expect(one.headers.get('upload-offset')).toBe(String(bytes.length));
    // Its offset was no longer the upload's once it had the lock.
    expect(two.status).toBe(409);
    expect(await lockRow(id)).toBeUndefined();

    const head = await fetch(`${secondBase}${UPLOAD_URL}/${id}`, { method: 'HEAD', headers });
    expect(head.headers.get('upload-offset')).toBe(String(bytes.length));
    const material = materialOf(
      await t.post<UploadComplete>('/material/uploadComplete', 'news', { uploadId: id }),
    );
    expect(material.bytes).toBe(bytes.length);
    expect(material.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
  });
});
