import { endpoints } from '@postdeck/contract/endpoints';
import { PERMISSIONS } from '@postdeck/contract/permissions';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootDepartment } from '../modules/departments/department-repo.ts';
import { createUser } from '../modules/users/user-repo.ts';
import { call, createTestApp, login, type TestApp } from '../test/test-app.ts';
import { registerAuth } from './auth.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    // A route guarded like any module's, to exercise the hook with a permission code.
    extend: (app) =>
      app.get('/prod-api/probe/users', { config: { permission: PERMISSIONS.systemUsers } }, async () => ({
        code: 200,
        msg: 'success',
        data: 'granted',
      })),
  });
});
afterAll(() => t.close());

describe('route permissions', () => {
  it('refuses to register an API route that declares no permission', async () => {
    const app = Fastify();
    registerAuth(app, { accessTokens: t.app.accessTokens, principals: t.app.principals });
    expect(() => app.get('/prod-api/undeclared', async () => 'x')).toThrow(/declares no permission/);
    await app.close();
  });

  it('registers every route of the contract table', () => {
    for (const endpoint of Object.values(endpoints)) {
      const found = t.app.hasRoute({ method: endpoint.method, url: `/prod-api${endpoint.path}` });
      expect(found, `${endpoint.method} ${endpoint.path}`).toBe(true);
    }
  });

  it('answers 403 with the spec text when no role grants the permission', async () => {
    const departmentId = await rootDepartment(t.db);
    const password = 'Pa55!word';
    await createUser(t.db, { account: 'viewer1', name: 'V', password, departmentId, roleCodes: ['viewer'] });
    await createUser(t.db, { account: 'sysadm', name: 'S', password, departmentId, roleCodes: ['admin'] });
    const viewer = await login(t.app, 'viewer1', password);
    const admin = await login(t.app, 'sysadm', password);

    const denied = await call(t.app, 'GET', '/probe/users', { token: viewer.accessToken });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({
      code: 403,
      msg: 'You have no permission to access, please contact the administrator',
      data: null,
    });
    const allowed = await call(t.app, 'GET', '/probe/users', { token: admin.accessToken });
    expect(allowed).toMatchObject({ status: 200, body: { data: 'granted' } });
  });

  it('checks the session before the permission', async () => {
    expect((await call(t.app, 'GET', '/probe/users')).body.code).toBe(101102);
  });
});
