import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
const dist = mkdtempSync(join(tmpdir(), 'postdeck-dist-'));

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<meta property="csp-nonce" nonce="POSTDECK_CSP_NONCE"><script nonce="POSTDECK_CSP_NONCE" src="/assets/app.js"></script>',
  );
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
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

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/prod-api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: 'Not found', data: null });
  });
});
