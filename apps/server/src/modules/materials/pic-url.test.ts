import { createServer, type Server } from 'node:http';
import type { UploadComplete } from '@postdeck/contract/materials';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FieldErrors, image, type LibraryApp, libraryApp, noisyImage } from './test-support.ts';

let t: LibraryApp;
let site: Server;
let origin: string;
const pages = new Map<string, { type: string; body: Buffer }>();

beforeAll(async () => {
  site = createServer((request, response) => {
    const page = pages.get(request.url ?? '');
    if (!page) return response.writeHead(404).end('not here');
    response.writeHead(200, { 'content-type': page.type }).end(page.body);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const port = (site.address() as { port: number }).port;
  origin = `http://127.0.0.1:${port}`;
  pages.set('/photos/sunset%20sky.png', { type: 'image/png', body: await image(50, 40) });
  // The server's word on the type counts for nothing; the bytes decide.
  pages.set('/photos/disguised', { type: 'application/octet-stream', body: await image(51, 40, 'jpeg') });
  pages.set('/page.png', { type: 'image/png', body: Buffer.from('<html><body>hello</body></html>') });
  pages.set('/big.png', { type: 'image/png', body: await noisyImage(200, 200) });
  t = await libraryApp({
    fetchAllowPrivate: `127.0.0.1:${port}`,
    materials: { maxBytes: { image: 50_000, video: 1e6 } },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => site.close(resolve));
});

const importUrl = (url: string, who = 'news', extra: Record<string, unknown> = {}) =>
  t.post<UploadComplete & FieldErrors>('/content/publish/picUrl', who, { url, ...extra });

describe('import an image from an address', () => {
  it('imports an allowed address, named after its last path segment, then knows it again', async () => {
    const res = await importUrl(`${origin}/photos/sunset%20sky.png`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      duplicate: false,
      material: { name: 'sunset sky.png', kind: 'image', mime: 'image/png', status: 'processing' },
    });
    const again = await importUrl(`${origin}/photos/sunset%20sky.png`);
    expect(again.body.data).toMatchObject({ duplicate: true, material: { id: res.body.data.material.id } });
    const disguised = await importUrl(`${origin}/photos/disguised`);
    expect(disguised.body.data.material).toMatchObject({ name: 'disguised', mime: 'image/jpeg' });
  });

  it('refuses addresses the guard does not allow (400 urlRefused on url)', async () => {
    const port = new URL(origin).port;
    for (const url of [
      `http://localhost:${port}/photos/sunset%20sky.png`,
      'http://127.0.0.1/photos/sunset%20sky.png',
      'file:///etc/passwd',
      `http://user:secret@127.0.0.1:${port}/photos/sunset%20sky.png`,
      'not a url',
    ]) {
      const res = await importUrl(url);
      expect(res.status, url).toBe(400);
      expect(res.body.code, url).toBe(100505);
      expect(res.body.data?.errors).toEqual([{ field: 'url', message: expect.any(String) }]);
    }
  });

  it('refuses what is not an image, what is too large, and what cannot be fetched', async () => {
    const page = await importUrl(`${origin}/page.png`);
    expect(page.status).toBe(415);
    expect(page.body.data?.errors?.[0]?.field).toBe('url');
    const big = await importUrl(`${origin}/big.png`);
    expect(big.status).toBe(413);
    expect(big.body.data?.errors?.[0]?.field).toBe('url');
    const missing = await importUrl(`${origin}/nothing.png`);
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe(100506);
    expect((await importUrl('')).status).toBe(400);
  });

  it('needs material:manage and a department of the caller scope', async () => {
    expect((await importUrl(`${origin}/photos/sunset%20sky.png`, 'viewer')).status).toBe(403);
    const outside = await importUrl(`${origin}/photos/sunset%20sky.png`, 'news', {
      departmentId: t.dept['intl'],
    });
    expect(outside.status).toBe(400);
    expect(outside.body.data?.errors?.[0]?.field).toBe('departmentId');
  });
});
