import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('security headers', () => {
  it('sends helmet headers and the tightest policy on API answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/prod-api/health' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/prod-api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/control/user/login',
        '/control/user/refreshToken',
        '/control/user/dashboard',
      ]),
    );
  });

  it('never lets a field outside the contract out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/prod-api/public/config' });
    expect(Object.keys(res.json().data).sort()).toEqual([
      'oidc',
      'operationManualUrl',
      'sandbox',
      'ssoLoginUrl',
      'ssoLogoutUrl',
      'systemId',
      'version',
    ]);
  });
});
