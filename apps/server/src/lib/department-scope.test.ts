import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, seedDemo } from '../bootstrap/demo-data.ts';
import { notifications } from '../db/schema.ts';
import { findUserIdByAccount } from '../modules/users/user-repo.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { departmentScope, inScope } from './department-scope.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, 'Demo!2026', t.clock);
});
afterAll(() => t.close());

const principalOf = async (account: string) => {
  const id = await findUserIdByAccount(t.db, account);
  const principal = await t.app.principals.get(id as number);
  if (!principal) throw new Error(`no principal ${account}`);
  return principal;
};

describe('department scope', () => {
  it('gives admins every department', async () => {
    expect(await departmentScope(t.db, await principalOf('demo_admin'))).toEqual({ all: true });
  });

  it('gives a department admin their subtree', async () => {
    const lead = await principalOf('demo_deptadmin');
    const scope = await departmentScope(t.db, lead);
    expect(scope.all).toBe(false);
    const editor = await principalOf('demo_editor');
    const viewer = await principalOf('demo_viewer');
    const admin = await principalOf('demo_admin');
    expect(inScope(scope, lead.departmentId)).toBe(true);
    expect(inScope(scope, editor.departmentId)).toBe(true);
    expect(inScope(scope, viewer.departmentId)).toBe(true);
    expect(inScope(scope, admin.departmentId)).toBe(false);
  });

  it('gives editors and viewers only their own department', async () => {
    const editor = await principalOf('demo_editor');
    const viewer = await principalOf('demo_viewer');
    const scope = await departmentScope(t.db, editor);
    expect(scope).toEqual({ all: false, ids: [editor.departmentId] });
    expect(inScope(scope, viewer.departmentId)).toBe(false);
  });

  it('seeding twice changes nothing', async () => {
    const messages = async () => (await t.db.select({ id: notifications.id }).from(notifications)).length;
    expect(await messages()).toBe(DEMO_USERS.length * 3);
    expect(await seedDemo(t.db, 'Demo!2026', t.clock)).toEqual([]);
    expect(await messages()).toBe(DEMO_USERS.length * 3);
  });
});
