import type { MenuAdminItem, MenuItem } from '@postdeck/contract/menu';
import type { RoleItem, RoleUser } from '@postdeck/contract/roles';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { manualClock } from '../../lib/clock.ts';
import { departmentTree } from '../../test/fixtures.ts';
import { ADMIN_PASSWORD, call, createTestApp, login, type TestApp } from '../../test/test-app.ts';
import { createUser } from '../users/user-repo.ts';

const PASSWORD = 'Secr3t!pw';
let t: TestApp;
const dept: Record<string, number> = {};
const tokens: Record<string, string> = {};
const userId: Record<string, number> = {};
let menuIdByName = new Map<string, number>();

type Envelope<T> = { code: number; msg: string; data: T };
type Answer<T> = { status: number; body: Envelope<T> };
type Page<T> = { items: T[]; total: number };
type FieldErrors = { errors?: { field: string }[] } | null;

const get = <T>(path: string, who: string, query: Record<string, string | number> = {}) => {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  return call(t.app, 'GET', `${path}?${search}`, { token: tokens[who] as string }) as Promise<Answer<T>>;
};
const post = <T>(path: string, who: string, body: unknown) =>
  call(t.app, 'POST', path, { token: tokens[who] as string, body }) as Promise<Answer<T>>;
const fields = (body: Envelope<unknown>) => ((body.data as FieldErrors)?.errors ?? []).map((e) => e.field);
const menuIds = (...names: string[]) => names.map((name) => menuIdByName.get(name) as number);
const roles = async (keyword = '') =>
  (await get<Page<RoleItem>>('/control/user/userrole/list', 'admin', { keyword, pageSize: 50 })).body.data
    .items;
const roleByCode = async (code: string) => (await roles(code)).find((r) => r.code === code) as RoleItem;
/** The role's edit as the form sends it, with some fields changed. */
const edit = (role: RoleItem, changes: Partial<Pick<RoleItem, 'name' | 'dataScope' | 'menuIds'>> = {}) => ({
  id: role.id,
  name: role.name,
  dataScope: role.dataScope,
  menuIds: role.menuIds,
  ...changes,
});
const menuNames = (menu: MenuItem[]): string[] =>
  menu.flatMap((m) => [m.menu_name, ...menuNames(m.children)]);

beforeAll(async () => {
  t = await createTestApp({ clock: manualClock(new Date('2026-07-01T08:00:00Z')) });
  Object.assign(dept, await departmentTree(t.db));
  const people = [
    ['lead', 'news', 'dept_admin'],
    ['video1', 'video', 'viewer'],
    ['intl1', 'intl', 'viewer'],
  ] as const;
  for (const [account, department, role] of people) {
    userId[account] = await createUser(t.db, {
      account: `r_${account}`,
      name: account,
      password: PASSWORD,
      departmentId: dept[department] as number,
      roleCodes: [role],
    });
    tokens[account] = (await login(t.app, `r_${account}`, PASSWORD)).accessToken;
  }
  tokens['admin'] = (await login(t.app, 'admin', ADMIN_PASSWORD)).accessToken;
  const tree = await get<{ items: MenuAdminItem[] }>('/control/role/menus', 'admin');
  menuIdByName = new Map(tree.body.data.items.map((m) => [m.name, m.id]));
});
afterAll(() => t.close());

describe('the role list', () => {
  it('lists roles with live user counts and their menu entries, to role administrators only', async () => {
    const viewer = await roleByCode('viewer');
    expect(viewer).toMatchObject({ builtIn: true, dataScope: 'own', userCount: 2 });
    expect(viewer.menuIds).toEqual(expect.arrayContaining(menuIds('departmentContent', 'statistics')));
    expect(viewer.menuIds).not.toContain(menuIdByName.get('users'));
    expect((await roles('edit')).map((r) => r.code)).toEqual(['editor']);
    expect((await get('/control/user/userrole/list', 'video1')).status).toBe(403);
  });
});

describe('adding a role', () => {
  it('adds one with its data scope and entries, and records it', async () => {
    const res = await get<RoleItem>('/control/user/userrole/add', 'admin', {
      code: 'night_desk',
      name: 'Night desk',
      dataScope: 'tree',
      menuIds: menuIds('departmentContent', 'contentManagement').join(','),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      code: 'night_desk',
      dataScope: 'tree',
      userCount: 0,
      builtIn: false,
    });
    expect(res.body.data.menuIds.sort()).toEqual(menuIds('departmentContent', 'contentManagement').sort());
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'role.add'), eq(auditLog.target, `role:${res.body.data.id}`)));
    expect(entry?.actorAccount).toBe('admin');
  });

  it('names the field of a taken or malformed code', async () => {
    const taken = await get('/control/user/userrole/add', 'admin', {
      code: 'NIGHT_DESK',
      name: 'x',
      dataScope: 'own',
    });
    expect([taken.status, taken.body.code, fields(taken.body)]).toEqual([409, 100801, ['code']]);
    const bad = await get('/control/user/userrole/add', 'admin', {
      code: '9-lives',
      name: 'x',
      dataScope: 'own',
    });
    expect([bad.status, fields(bad.body)]).toEqual([400, ['code']]);
    const noScope = await get('/control/user/userrole/add', 'admin', {
      code: 'abc',
      name: 'x',
      dataScope: 'some',
    });
    expect(fields(noScope.body)).toEqual(['dataScope']);
    const unknown = await get('/control/user/userrole/add', 'admin', {
      code: 'ghost',
      name: 'x',
      dataScope: 'own',
      menuIds: '999999',
    });
    expect([unknown.status, unknown.body.code, fields(unknown.body)]).toEqual([400, 100804, ['menuIds']]);
  });

  it('never grants more than the caller holds', async () => {
    // A department administrator has neither the menu editor nor every department.
    const menusPage = await get('/control/user/userrole/add', 'lead', {
      code: 'menu_keeper',
      name: 'x',
      dataScope: 'own',
      menuIds: menuIds('menus').join(','),
    });
    expect([menusPage.body.code, fields(menusPage.body)]).toEqual([100804, ['menuIds']]);
    const wider = await get('/control/user/userrole/add', 'lead', {
      code: 'wide',
      name: 'x',
      dataScope: 'all',
    });
    expect([wider.body.code, fields(wider.body)]).toEqual([100804, ['dataScope']]);
    const fine = await get('/control/user/userrole/add', 'lead', {
      code: 'desk_reader',
      name: 'Desk reader',
      dataScope: 'tree',
      menuIds: menuIds('departmentContent').join(','),
    });
    expect(fine.status).toBe(200);
  });
});

describe('editing a role', () => {
  it("changes its holders' menu and permissions on their next request", async () => {
    const viewer = await roleByCode('viewer');
    const before = await get<{ menuList: MenuItem[] }>('/control/user/dashboard', 'video1');
    expect(menuNames(before.body.data.menuList)).not.toContain('auditLog');
    expect((await get('/log/audit/list', 'video1')).status).toBe(403);

    const res = await post<RoleItem>('/control/role/update', 'admin', {
      id: viewer.id,
      name: 'Viewer',
      dataScope: 'own',
      menuIds: [...viewer.menuIds, ...menuIds('auditLog', 'logs')],
    });
    expect(res.status).toBe(200);
    const after = await get<{ menuList: MenuItem[] }>('/control/user/dashboard', 'video1');
    expect(menuNames(after.body.data.menuList)).toContain('auditLog');
    expect((await get('/log/audit/list', 'video1')).status).toBe(200);

    await post('/control/role/update', 'admin', {
      id: viewer.id,
      name: 'Viewer',
      dataScope: 'own',
      menuIds: viewer.menuIds,
    });
    expect((await get('/log/audit/list', 'video1')).status).toBe(403);
  });

  it('keeps the administrator role whole and roles beyond the caller out of reach', async () => {
    const admin = await roleByCode('admin');
    const edit = await post('/control/role/update', 'admin', {
      id: admin.id,
      name: 'x',
      dataScope: 'all',
      menuIds: [],
    });
    expect([edit.status, edit.body.code]).toEqual([409, 100803]);
    const byLead = await post('/control/role/update', 'lead', {
      id: admin.id,
      name: 'x',
      dataScope: 'own',
      menuIds: [],
    });
    expect(byLead.body.code).toBe(100804);
    const missing = await post('/control/role/update', 'admin', {
      id: 999_999,
      name: 'x',
      dataScope: 'own',
      menuIds: [],
    });
    expect(missing.status).toBe(404);
  });
});

describe('a role shared beyond the caller', () => {
  it('is changed only by someone who manages every department that holds it', async () => {
    // Held in Video (the lead's) and in International (not the lead's).
    const shared = await get<RoleItem>('/control/user/userrole/add', 'admin', {
      code: 'shared_desk',
      name: 'Shared desk',
      dataScope: 'own',
      menuIds: menuIds('departmentContent').join(','),
    });
    await get('/control/user/userrole/insert', 'admin', {
      roleId: shared.body.data.id,
      userIds: `${userId['video1']},${userId['intl1']}`,
    });
    const byLead = await post('/control/role/update', 'lead', edit(shared.body.data, { menuIds: [] }));
    expect([byLead.status, byLead.body.code]).toEqual([409, 100806]);
    // A role only the lead's people hold is theirs to change.
    const own = await post('/control/role/update', 'lead', edit(await roleByCode('desk_reader')));
    expect(own.status).toBe(200);
    await get('/control/user/userrole/delete', 'admin', {
      roleId: shared.body.data.id,
      userIds: `${userId['video1']},${userId['intl1']}`,
    });
    expect(
      (await get('/control/user/userrole/delete', 'admin', { roleId: shared.body.data.id })).status,
    ).toBe(200);
  });

  it("is never a built-in one, which every department's users may hold, for a department administrator", async () => {
    // Editors: nobody holds the role yet, outside the lead's departments or in them.
    const editor = await roleByCode('editor');
    expect(editor.userCount).toBe(0);
    const withUsers = [...editor.menuIds, ...menuIds('users', 'system')];
    const byLead = await post('/control/role/update', 'lead', edit(editor, { menuIds: withUsers }));
    expect([byLead.status, byLead.body.code]).toEqual([409, 100807]);
    expect((await roleByCode('editor')).menuIds).toEqual(editor.menuIds);
    const byAdmin = await post('/control/role/update', 'admin', edit(editor));
    expect(byAdmin.status).toBe(200);
  });
});

describe("a role's users", () => {
  it('adds users of the caller scope, lists members and non-members', async () => {
    const role = await roleByCode('desk_reader');
    const outside = await get('/control/user/userrole/insert', 'lead', {
      roleId: role.id,
      userIds: userId['intl1'] as number,
    });
    expect(outside.status).toBe(404);
    const added = await get<{ inserted: number }>('/control/user/userrole/insert', 'lead', {
      roleId: role.id,
      userIds: `${userId['video1']}`,
    });
    expect(added.body.data).toEqual({ inserted: 1 });
    const again = await get<{ inserted: number }>('/control/user/userrole/insert', 'lead', {
      roleId: role.id,
      userIds: `${userId['video1']}`,
    });
    expect(again.body.data).toEqual({ inserted: 0 });

    const members = await get<Page<RoleUser>>('/control/user/userrole/users', 'lead', {
      roleId: role.id,
      member: 'true',
    });
    expect(members.body.data.items.map((u) => u.account)).toEqual(['r_video1']);
    const others = await get<Page<RoleUser>>('/control/user/userrole/users', 'lead', {
      roleId: role.id,
      member: 'false',
    });
    // The lead's scope is Newsroom and Video: the International user is not offered.
    expect(others.body.data.items.map((u) => u.account)).toEqual(['r_lead']);
    expect((await roleByCode('desk_reader')).userCount).toBe(1);
  });

  it('takes a role from users, but never their last role nor the last administrator', async () => {
    const role = await roleByCode('desk_reader');
    const viewer = await roleByCode('viewer');
    const last = await get('/control/user/userrole/delete', 'admin', {
      roleId: viewer.id,
      userIds: `${userId['intl1']}`,
    });
    expect([last.status, last.body.code]).toEqual([409, 100805]);

    const admin = await roleByCode('admin');
    const lastAdmin = await get('/control/user/userrole/delete', 'admin', { roleId: admin.id, userIds: '1' });
    expect(lastAdmin.body.code).toBe(100805);
    await get('/control/user/userrole/insert', 'admin', { roleId: viewer.id, userIds: '1' });
    const onlyAdmin = await get('/control/user/userrole/delete', 'admin', { roleId: admin.id, userIds: '1' });
    expect([onlyAdmin.status, onlyAdmin.body.code]).toEqual([409, 100603]);

    const taken = await get<{ deleted: number }>('/control/user/userrole/delete', 'lead', {
      roleId: role.id,
      userIds: `${userId['video1']}`,
    });
    expect(taken.body.data).toEqual({ deleted: 1 });
  });

  it('deletes only an added role that nobody holds', async () => {
    const viewer = await roleByCode('viewer');
    const builtIn = await get('/control/user/userrole/delete', 'admin', { roleId: viewer.id });
    expect([builtIn.status, builtIn.body.code]).toEqual([409, 100803]);
    const night = await roleByCode('night_desk');
    await get('/control/user/userrole/insert', 'admin', { roleId: night.id, userIds: `${userId['intl1']}` });
    const held = await get('/control/user/userrole/delete', 'admin', { roleId: night.id });
    expect([held.status, held.body.code]).toEqual([409, 100802]);
    await get('/control/user/userrole/delete', 'admin', { roleId: night.id, userIds: `${userId['intl1']}` });
    const gone = await get<{ deleted: number }>('/control/user/userrole/delete', 'admin', {
      roleId: night.id,
    });
    expect(gone.body.data).toEqual({ deleted: 1 });
    expect(await roles('night_desk')).toEqual([]);
  });
});

describe('a user worth more than the caller', () => {
  beforeAll(async () => {
    // An administrator homed in the lead's department, who also reads the lead's desk.
    userId['boss'] = await createUser(t.db, {
      account: 'r_boss',
      name: 'boss',
      password: PASSWORD,
      departmentId: dept['news'] as number,
      roleCodes: ['admin'],
    });
  });

  it('neither gets nor loses a role through a department administrator', async () => {
    const reader = await roleByCode('desk_reader');
    const add = await get('/control/user/userrole/insert', 'lead', {
      roleId: reader.id,
      userIds: `${userId['video1']},${userId['boss']}`,
    });
    expect([add.status, add.body.code]).toEqual([403, 100608]);
    // Nobody was added: the refusal is the whole call's.
    expect((await roleByCode('desk_reader')).userCount).toBe(0);
    await get('/control/user/userrole/insert', 'admin', { roleId: reader.id, userIds: `${userId['boss']}` });
    const take = await get('/control/user/userrole/delete', 'lead', {
      roleId: reader.id,
      userIds: `${userId['boss']}`,
    });
    expect([take.status, take.body.code]).toEqual([403, 100608]);
    expect((await roleByCode('desk_reader')).userCount).toBe(1);
  });

  it("keeps a role they hold out of a department administrator's reach", async () => {
    const reader = await roleByCode('desk_reader');
    const refused = await post('/control/role/update', 'lead', edit(reader, { menuIds: [] }));
    expect([refused.status, refused.body.code]).toEqual([403, 100808]);
    expect((await roleByCode('desk_reader')).menuIds).toEqual(reader.menuIds);
    // Their administrator may; and once they no longer hold it, so may the lead.
    expect((await post('/control/role/update', 'admin', edit(reader))).status).toBe(200);
    await get('/control/user/userrole/delete', 'admin', { roleId: reader.id, userIds: `${userId['boss']}` });
    expect((await post('/control/role/update', 'lead', edit(reader, { menuIds: [] }))).status).toBe(200);
  });
});
