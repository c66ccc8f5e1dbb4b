import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { COMPRESSION_THRESHOLD } from './compression.ts';

let t: TestApp;
const dist = mkdtempSync(join(tmpdir(), 'postdeck-dist-'));
// A built file with the siblings the build writes beside it (vite.config.ts), each telling
// which one was sent; and one the build left without (too small to gain).
const app = 'console.log("app");\n'.repeat(100);
const siblings = { br: brotliCompressSync(`${app}//br`), gzip: gzipSync(`${app}//gz`) };
const tiny = 'a{}';
// Over the compression threshold, as the real index.html is with its preload links.
const preloads = Array.from(
  { length: 12 },
  (_, i) => `<link rel="modulepreload" href="/assets/chunk-${i}.js" nonce="POSTDECK_CSP_NONCE">`,
);

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    `<meta property="csp-nonce" nonce="POSTDECK_CSP_NONCE"><script nonce="POSTDECK_CSP_NONCE" src="/assets/app.js"></script>${preloads.join('')}`,
  );
  writeFileSync(join(dist, 'assets', 'app.js'), app);
  writeFileSync(join(dist, 'assets', 'app.js.br'), siblings.br);
  writeFileSync(join(dist, 'assets', 'app.js.gz'), siblings.gzip);
  writeFileSync(join(dist, 'assets', 'tiny.css'), tiny);
  t = await createTestApp({ config: { webDist: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('web app serving', () => {
  it('answers client routes with index.html and a fresh nonce in body and policy', async () => {
    const pages = await Promise.all(
      ['/', '/login', '/api/content/contentList/deplist?x=1'].map((url) =>
        t.app.inject({ method: 'GET', url }),
      ),
    );
    const nonces = pages.map((page) => {
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      const nonce = /nonce="([^"]+)"/.exec(page.body)?.[1] ?? '';
      expect(nonce).not.toBe('POSTDECK_CSP_NONCE');
      expect(page.headers['content-security-policy']).toContain(`script-src 'self' 'nonce-${nonce}'`);
      expect(page.headers['content-security-policy']).toContain(`style-src 'self' 'nonce-${nonce}'`);
      expect(page.headers['content-security-policy']).not.toContain('unsafe-inline');
      return nonce;
    });
    expect(new Set(nonces).size).toBe(3);
  });

  it('serves built assets with long caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('serves a built file from the sibling the browser accepts, with the same cache headers', async () => {
    const get = (acceptEncoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/assets/app.js',
        headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      });
    const cases: [string | undefined, string | undefined, Buffer][] = [
      ['gzip, deflate, br, zstd', 'br', siblings.br],
      ['gzip', 'gzip', siblings.gzip],
      ['br;q=0, gzip;q=0.5', 'gzip', siblings.gzip],
      [undefined, undefined, Buffer.from(app)],
      ['identity', undefined, Buffer.from(app)],
    ];
    for (const [accepted, encoding, body] of cases) {
      const res = await get(accepted);
      const label = accepted ?? 'no Accept-Encoding';
      expect(res.statusCode, label).toBe(200);
      expect(res.headers['content-encoding'], label).toBe(encoding);
      expect(res.rawPayload.equals(body), label).toBe(true);
      expect(res.headers['content-type'], label).toBe('application/javascript; charset=utf-8');
      expect(res.headers['cache-control'], label).toBe('public, max-age=31536000, immutable');
      expect(res.headers['vary'], label).toBe('accept-encoding');
      expect(Number(res.headers['content-length']), label).toBe(body.length);
    }
    expect(brotliDecompressSync(siblings.br).toString()).toBe(`${app}//br`);
  });

  it('sends a built file without siblings as it is, never compressed on the fly', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/tiny.css',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(tiny);
    expect(res.headers['content-length']).toBe(String(tiny.length));
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('compresses index.html on the fly with its fresh nonce intact and no caching', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/login' });
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toBe('accept-encoding');
    for (const [accepted, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const page = await t.app.inject({
        method: 'GET',
        url: '/login',
        headers: { 'accept-encoding': accepted },
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-encoding']).toBe(encoding);
      expect(page.headers['vary']).toBe('accept-encoding');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      const html = decode(page.rawPayload).toString('utf8');
      const nonce = /nonce="([^"]+)"/.exec(html)?.[1] ?? '';
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(html).toBe(plain.body.replaceAll(/nonce="[^"]+"/g, `nonce="${nonce}"`));
      expect(page.headers['content-security-policy']).toContain(`script-src 'self' 'nonce-${nonce}'`);
    }
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/prod-api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: 'Not found', data: null });
  });
});
