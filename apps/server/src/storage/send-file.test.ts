import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.ts';
import { createLocalStorage } from './local-storage.ts';
import { sendStoredFile, type SendFileOptions } from './send-file.ts';
import { ObjectNotFoundError } from './storage.ts';

const content = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
const video: SendFileOptions = {
  contentType: 'video/mp4',
  filename: 'Été 2026 "final".mp4',
  disposition: 'attachment',
};

let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'postdeck-send-file-'));
  const storage = createLocalStorage(dir);
  await storage.put('media/clip.mp4', content);
  await storage.put('media/empty.txt', Buffer.alloc(0));
  app = Fastify();
  // Stands in for the app's error plugin, which turns AppError into the envelope.
  app.setErrorHandler((error, _request, reply) =>
    reply.code(error instanceof AppError ? error.status : 500).send({ error: String(error) }),
  );
  app.get('/clip', (request, reply) => sendStoredFile(request, reply, storage, 'media/clip.mp4', video));
  app.get('/photo', (request, reply) =>
    sendStoredFile(request, reply, storage, 'media/clip.mp4', {
      contentType: 'image/jpeg',
      filename: 'photo.jpg',
      disposition: 'inline',
      etag: 'abc123',
      maxAgeSeconds: 60,
    }),
  );
  app.get('/empty', (request, reply) =>
    sendStoredFile(request, reply, storage, 'media/empty.txt', {
      contentType: 'text/plain',
      filename: 'empty.txt',
      disposition: 'attachment',
    }),
  );
  app.get('/missing', (request, reply) => sendStoredFile(request, reply, storage, 'media/nope.mp4', video));
  // Deleted between stat and open.
  const vanishing = {
    ...storage,
    stat: async () => ({ bytes: 10, modifiedAt: new Date() }),
    get: async (key: string) => Promise.reject(new ObjectNotFoundError(key)),
  };
  app.get('/vanished', (request, reply) => sendStoredFile(request, reply, vanishing, 'media/x.mp4', video));
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('sendStoredFile', () => {
  it('sends the whole file with type, nosniff, RFC 6266 disposition and cache validators', async () => {
    const res = await get('/clip');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(content);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Ete 2026 _final_.mp4"; filename*=UTF-8''%C3%89t%C3%A9%202026%20%22final%22.mp4`,
    );
    expect(res.headers['content-length']).toBe('1000');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    expect(res.headers['etag']).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(new Date(String(res.headers['last-modified'])).getTime()).toBeGreaterThan(0);
  });

  it('uses a given ETag, max age and an ASCII-only inline disposition', async () => {
    const res = await get('/photo');
    expect(res.headers['etag']).toBe('"abc123"');
    expect(res.headers['cache-control']).toBe('private, max-age=60');
    expect(res.headers['content-disposition']).toBe('inline; filename="photo.jpg"');
    expect((await get('/photo', { 'if-none-match': '"other", W/"abc123"' })).statusCode).toBe(304);
  });

  it('answers one byte range with 206 and Content-Range', async () => {
    const res = await get('/clip', { range: 'bytes=100-199' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 100-199/1000');
    expect(res.headers['content-length']).toBe('100');
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.rawPayload).toEqual(content.subarray(100, 200));

    const suffix = await get('/clip', { range: 'bytes=-10' });
    expect(suffix.headers['content-range']).toBe('bytes 990-999/1000');
    expect(suffix.rawPayload).toEqual(content.subarray(990));

    const open = await get('/clip', { range: 'bytes=995-' });
    expect(open.headers['content-range']).toBe('bytes 995-999/1000');
    expect(open.rawPayload).toEqual(content.subarray(995));

    const clamped = await get('/clip', { range: 'bytes=900-5000' });
    expect(clamped.headers['content-range']).toBe('bytes 900-999/1000');
    expect(clamped.rawPayload).toEqual(content.subarray(900));
  });

  it('answers 416 for a range past the end', async () => {
    const res = await get('/clip', { range: 'bytes=1000-2000' });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe('bytes */1000');
    expect(res.rawPayload.length).toBe(0);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect((await get('/empty', { range: 'bytes=0-' })).statusCode).toBe(416);
  });

  it('sends the whole file for several ranges or a malformed one', async () => {
    for (const range of ['bytes=0-1,5-6', 'bytes=5-2', 'items=0-1', 'bytes=-']) {
      const res = await get('/clip', { range });
      expect(res.statusCode, range).toBe(200);
      expect(res.rawPayload, range).toEqual(content);
    }
  });

  it('honours If-Range: a stale validator gets the whole file, a current one the range', async () => {
    const { etag, 'last-modified': lastModified } = (await get('/clip')).headers;
    const stale = await get('/clip', { range: 'bytes=0-9', 'if-range': '"stale"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload).toEqual(content);
    expect((await get('/clip', { range: 'bytes=0-9', 'if-range': String(etag) })).statusCode).toBe(206);
    expect((await get('/clip', { range: 'bytes=0-9', 'if-range': String(lastModified) })).statusCode).toBe(
      206,
    );
    expect((await get('/clip', { range: 'bytes=0-9', 'if-range': `W/${etag}` })).statusCode).toBe(200);
  });

  it('answers 304 to a matching If-None-Match or an unchanged If-Modified-Since', async () => {
    const { etag, 'last-modified': lastModified } = (await get('/clip')).headers;
    const res = await get('/clip', { 'if-none-match': String(etag), range: 'bytes=0-9' });
    expect(res.statusCode).toBe(304);
    expect(res.rawPayload.length).toBe(0);
    expect(res.headers['etag']).toBe(etag);
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    expect((await get('/clip', { 'if-none-match': '*' })).statusCode).toBe(304);
    expect((await get('/clip', { 'if-none-match': '"other"' })).statusCode).toBe(200);
    expect((await get('/clip', { 'if-modified-since': String(lastModified) })).statusCode).toBe(304);
    expect(
      (await get('/clip', { 'if-modified-since': new Date(0).toUTCString() })).statusCode,
      'modified since the epoch',
    ).toBe(200);
    // If-None-Match decides alone when both are present.
    const both = await get('/clip', {
      'if-none-match': '"other"',
      'if-modified-since': String(lastModified),
    });
    expect(both.statusCode).toBe(200);
  });

  it('answers HEAD with the headers and length of GET but no body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/clip' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(0);
    expect(res.headers['content-length']).toBe('1000');
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['content-disposition']).toContain('attachment;');
    const ranged = await app.inject({ method: 'HEAD', url: '/clip', headers: { range: 'bytes=0-99' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-length']).toBe('100');
  });

  it('keeps Content-Length on HEAD and serves ranges over a real connection', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const head = await fetch(`${address}/clip`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('1000');
    const ranged = await fetch(`${address}/clip`, { headers: { range: 'bytes=10-19' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(content.subarray(10, 20));
  });

  it('sends an empty file and 404s a missing one', async () => {
    const empty = await get('/empty');
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['content-length']).toBe('0');
    expect((await get('/missing')).statusCode).toBe(404);
    const vanished = await get('/vanished');
    expect(vanished.statusCode).toBe(404);
    expect(vanished.headers['cache-control']).toBeUndefined();
    expect(vanished.headers['etag']).toBeUndefined();
    expect(vanished.headers['content-disposition']).toBeUndefined();
  });
});
