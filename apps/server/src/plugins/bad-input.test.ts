import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await login(t.app, 'admin', 'Adm1n!pass')).accessToken;
});
afterAll(() => t.close());

/** Bodies of every JSON shape, plus near-misses of the real ones. */
const jsonBody = fc.oneof(
  fc.jsonValue(),
  fc.record(
    {
      username: fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.array(fc.string())),
      password: fc.oneof(fc.string(), fc.double(), fc.constant(null), fc.object()),
      oldPassword: fc.oneof(fc.string(), fc.boolean()),
      newPassword: fc.oneof(fc.string({ maxLength: 40 }), fc.integer()),
    },
    { requiredKeys: [] },
  ),
);

const targets = [
  { name: 'login', method: 'POST', url: '/prod-api/control/user/login', auth: false },
  { name: 'password change', method: 'POST', url: '/prod-api/control/user/pass/update', auth: true },
] as const;

function expectClientError(res: { statusCode: number; body: string }) {
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  const body = JSON.parse(res.body);
  expect(typeof body.code).toBe('number');
  expect(typeof body.msg).toBe('string');
  if (body.code === 400) {
    // A validation answer names at least one field.
    expect(body.data.errors.length).toBeGreaterThan(0);
    for (const e of body.data.errors) expect(e.field).toMatch(/\S/);
  }
}

describe('hostile input never gives a 500', () => {
  for (const target of targets) {
    it(`${target.name}: random JSON bodies`, async () => {
      await fc.assert(
        fc.asyncProperty(jsonBody, async (body) => {
          const res = await t.app.inject({
            method: target.method,
            url: target.url,
            headers: {
              'content-type': 'application/json',
              ...(target.auth ? { authorization: `Bearer ${token}` } : {}),
            },
            payload: JSON.stringify(body),
            // Spread over addresses so throttling does not hide the validation answers.
            remoteAddress: `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
          });
          expectClientError(res);
        }),
        { numRuns: 60 },
      );
    });

    it(`${target.name}: raw bytes, wrong content types, huge bodies`, async () => {
      const cases = [
        { type: 'application/json', payload: '{"username": "a", ' },
        { type: 'application/json', payload: '' },
        { type: 'text/plain', payload: 'username=admin' },
        { type: 'application/x-www-form-urlencoded', payload: 'username=admin&password=x' },
        { type: 'application/json', payload: JSON.stringify({ username: 'a'.repeat(2_000_000) }) },
        { type: 'application/json', payload: '[]' },
        { type: 'application/json', payload: 'null' },
        { type: 'application/json', payload: '{"__proto__": {"admin": true}}' },
      ];
      for (const c of cases) {
        const res = await t.app.inject({
          method: target.method,
          url: target.url,
          headers: { 'content-type': c.type, ...(target.auth ? { authorization: `Bearer ${token}` } : {}) },
          payload: c.payload,
        });
        expectClientError(res);
      }
    });
  }

  it('refresh: random query strings', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.array(fc.string()))),
        async (query) => {
          const res = await t.app.inject({
            method: 'POST',
            url: '/prod-api/control/user/refreshToken',
            query,
          });
          expectClientError(res);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('names the body-size limit and the media type', async () => {
    const huge = await t.app.inject({
      method: 'POST',
      url: '/prod-api/control/user/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(2_000_000), password: 'y' }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().data.errors[0].field).toBe('body');
    const text = await t.app.inject({
      method: 'POST',
      url: '/prod-api/control/user/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
  });
});
