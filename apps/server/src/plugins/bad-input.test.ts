import { type EndpointName, endpoints } from '@postdeck/contract/endpoints';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { rootDepartment } from '../modules/departments/department-repo.ts';
import { hostileBody, hostileQuery } from '../test/hostile-input.ts';
import { ADMIN_PASSWORD, call, createTestApp, login, type TestApp } from '../test/test-app.ts';

/**
 * "No input makes a 500" (issue 10, item 4), on PGlite and on PostgreSQL: every endpoint of the
 * contract, called as an administrator with hostile bodies and queries, answers below 500.
 */
let t: TestApp;
let token = '';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Each test starts signed in as the administrator as bootstrap made them: random calls may end
 * the session (logout, a password reset) or even change the password.
 */
beforeEach(async () => {
  if (token && (await call(t.app, 'GET', '/control/user/info', { token })).body.code === 200) return;
  await t.db
    .update(users)
    .set({ passwordHash: await hashPassword(ADMIN_PASSWORD), mustChangePassword: false, status: 'active' })
    .where(eq(users.account, 'admin'));
  token = (await login(t.app, 'admin', ADMIN_PASSWORD)).accessToken;
});

type Answer = { statusCode: number; body: string };

/** Below 500; an envelope with a code and text; a validation answer names a field. */
function expectNoServerError(res: Answer) {
  expect(res.statusCode, res.body.slice(0, 500)).toBeLessThan(500);
  if (res.statusCode < 400) return;
  const body = JSON.parse(res.body);
  expect(typeof body.code).toBe('number');
  expect(typeof body.msg).toBe('string');
  if (body.code === 400) {
    expect(body.data.errors.length).toBeGreaterThan(0);
    for (const e of body.data.errors) expect(e.field).toMatch(/\S/);
  }
}

function expectClientError(res: Answer) {
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  expectNoServerError(res);
}

const fieldsOf = (res: { body: { data: unknown } }) =>
  ((res.body.data as { errors?: { field: string }[] } | null)?.errors ?? []).map((e) => e.field);

describe('strings no database can store', () => {
  it('NUL or half a surrogate pair, in a body, a query or a key: 400 naming the field', async () => {
    const cases: ['GET' | 'POST', string, { body?: unknown; query?: Record<string, string> }, string][] = [
      ['POST', '/control/user/login', { body: { username: 'ad\u0000min', password: 'x' } }, 'username'],
      ['POST', '/control/user/login', { body: { username: '\ud800admin', password: 'x' } }, 'username'],
      ['POST', '/control/user/profile', { body: { name: 'Ann\u0000' } }, 'name'],
      ['POST', '/control/user/profile', { body: { name: 'Ann', introduction: 'hi \udc00' } }, 'introduction'],
      ['GET', '/control/user/userList', { query: { name: 'a\u0000b' } }, 'name'],
      ['POST', '/control/dept/create', { body: { name: 'Desk', parentId: 1, 'x\u0000': 1 } }, 'x\u0000'],
      ['POST', '/content/create', { body: { title: 'T', body: {}, tags: ['ok', 'x\ud83d'] } }, 'tags.1'],
    ];
    for (const [method, path, options, field] of cases) {
      const res = await call(t.app, method, path, { token, ...options });
      expect([res.status, res.body.code, fieldsOf(res)], `${path} ${field}`).toEqual([400, 400, [field]]);
    }
  });
});

describe('ids that do not exist', () => {
  it('departmentId 999999 on content and user create or update: 400 naming departmentId', async () => {
    const user = { password: 'Secr3t!pw', name: 'G', roleCodes: ['viewer'] };
    const content = {
      title: 'T',
      body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hi' }] }] },
    };
    const created = await call(t.app, 'POST', '/control/user/create', {
      token,
      body: { ...user, account: 'ghost_one', departmentId: await rootDepartment(t.db) },
    });
    expect(created.status).toBe(200);
    const answers = [
      await call(t.app, 'POST', '/content/create', { token, body: { ...content, departmentId: 999_999 } }),
      await call(t.app, 'POST', '/control/user/create', {
        token,
        body: { ...user, account: 'ghost_two', departmentId: 999_999 },
      }),
      await call(t.app, 'POST', '/control/user/update', {
        token,
        body: { id: created.body.data.id, name: 'G', roleCodes: ['viewer'], departmentId: 999_999 },
      }),
    ];
    for (const res of answers) {
      expect([res.status, res.body.code, fieldsOf(res)]).toEqual([400, 400, ['departmentId']]);
    }
  });
});

describe('no 500 for any body or query, on every endpoint of the contract', () => {
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    const endpoint = endpoints[name];
    const body = 'body' in endpoint ? endpoint.body : undefined;
    const querystring = 'querystring' in endpoint ? endpoint.querystring : undefined;
    it(`${endpoint.method} ${endpoint.path}`, async () => {
      const request = fc.record({
        query: hostileQuery(querystring),
        body: endpoint.method === 'GET' ? fc.constant(undefined) : hostileBody(body),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ query, body }) => {
          const res = await t.app.inject({
            method: endpoint.method,
            url: `/prod-api${endpoint.path}`,
            query: query as Record<string, string>,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            // Failed sign-ins lock this address, not the one the tests sign in from.
            remoteAddress: '10.9.9.9',
            ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
          });
          expectNoServerError(res);
        }),
        { numRuns: 50 },
      );
    });
  }
});

describe('bodies that are not JSON objects', () => {
  const targets = [
    { name: 'login', method: 'POST', url: '/prod-api/control/user/login', auth: false },
    { name: 'password change', method: 'POST', url: '/prod-api/control/user/pass/update', auth: true },
  ] as const;

  for (const target of targets) {
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
        { type: 'application/json', payload: `${'['.repeat(200_000)}${']'.repeat(200_000)}` },
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
