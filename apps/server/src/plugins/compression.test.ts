import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, login, type TestApp } from '../test/test-app.ts';
import { COMPRESSION_THRESHOLD } from './compression.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await login(t.app, 'admin', ADMIN_PASSWORD)).accessToken;
});
afterAll(() => t.close());

/** The menu tree with its names in four languages, well over the threshold. */
const menuList = (acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/prod-api/control/menu/list',
    headers: {
      authorization: `Bearer ${token}`,
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    },
  });

const decoders: Record<string, (body: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
};

describe('compressed API answers', () => {
  it('compresses a JSON answer over the threshold by Accept-Encoding, decoding to the same JSON', async () => {
    const plain = await menuList();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);

    const cases: [string, string][] = [
      ['br', 'br'],
      ['gzip', 'gzip'],
      // What browsers send: brotli is preferred when both are accepted.
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=0.5, gzip', 'gzip'],
    ];
    for (const [accepted, expected] of cases) {
      const res = await menuList(accepted);
      expect(res.statusCode, accepted).toBe(200);
      expect(res.headers['content-encoding'], accepted).toBe(expected);
      expect(res.headers['vary'], accepted).toContain('accept-encoding');
      expect(res.headers['content-type'], accepted).toBe('application/json; charset=utf-8');
      expect(Number(res.headers['content-length']), accepted).toBe(res.rawPayload.length);
      expect(res.rawPayload.length, accepted).toBeLessThan(plain.rawPayload.length / 2);
      const decoded = (decoders[expected] as (body: Buffer) => Buffer)(res.rawPayload);
      expect(JSON.parse(decoded.toString('utf8')), accepted).toEqual(plain.json());
    }
  });

  it('sends the answer as it is to clients that accept neither', async () => {
    for (const accepted of ['identity', 'deflate', 'compress']) {
      const res = await menuList(accepted);
      expect(res.headers['content-encoding'], accepted).toBeUndefined();
      expect(res.json().code, accepted).toBe(200);
    }
  });

  it('leaves answers under the threshold uncompressed', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/prod-api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ code: 200 });
  });
});
