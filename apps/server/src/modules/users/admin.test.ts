import type { UserInfo } from '@postdeck/contract/auth';
import type { MenuItem } from '@postdeck/contract/menu';
import type { DirectoryPerson, UserAdminItem } from '@postdeck/contract/users';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { manualClock } from '../../lib/clock.ts';
import { ADMIN_PASSWORD, call, createTestApp, login, type TestApp } from '../../test/test-app.ts';

import { createUser } from './user-repo.ts';
import { departmentTree } from '../../test/fixtures.ts';

const PASSWORD = 'Secr3t!pw';
const FIRST = 'First!pw1';
const clock = manualClock(new Date('2026-06-01T08:00:00Z'));
let t: TestApp;
const dept: Record<string, number> = {};
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

type Envelope<T> = { code: number; msg: string; data: T };
type Answer<T> = { status: number; body: Envelope<T> };
type FieldErrors = { errors?: { field: string; message: string }[] } | null;

const get = <T>(path: string, who: string, query: Record<string, string> = {}) =>
  call(t.app, 'GET', path, { token: tokens[who] as string, query }) as Promise<Answer<T>>;
const post = <T>(path: string, who: string, body: unknown) =>
  call(t.app, 'POST', path, { token: tokens[who] as string, body }) as Promise<Answer<T>>;
const fields = (body: Envelope<unknown>) => ((body.data as FieldErrors)?.errors ?? []).map((e) => e.field);

async function user(key: string, department: string, role: string) {
  ids[key] = await createUser(t.db, {
    account: `u_${key}`,
    name: `Uma ${key}`,
    password: PASSWORD,
    departmentId: dept[department] as number,
    roleCodes: [role],
  });
  tokens[key] = (await login(t.app, `u_${key}`, PASSWORD)).accessToken;
}

const newUser = (account: string, extra: Record<string, unknown> = {}) => ({
  account,
  name: `Nia ${account}`,
  email: `${account}@example.com`,
  departmentId: dept['news'],
  roleCodes: ['editor'],
  password: FIRST,
  ...extra,
});

async function audited(action: string, userId: number) {
  const rows = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target, `user:${userId}`)));
  return rows.length;
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  Object.assign(dept, await departmentTree(t.db));
  await user('lead', 'news', 'dept_admin');
  await user('editor', 'news', 'editor');
  await user('cutter', 'video', 'viewer');
  await user('abroad', 'intl', 'editor');
  tokens['admin'] = (await login(t.app, 'admin', ADMIN_PASSWORD)).accessToken;
  ids['admin'] = 1;
});
afterAll(() => t.close());

describe('the user list', () => {
  it("shows the caller's data scope only, with department and roles", async () => {
    const res = await get<{ items: UserAdminItem[]; total: number }>('/control/user/userList', 'lead', {
      pageSize: '100',
    });
    expect(res.status).toBe(200);
    const accounts = res.body.data.items.map((u) => u.account).sort();
    expect(accounts).toEqual(['u_cutter', 'u_editor', 'u_lead']);
    const cutter = res.body.data.items.find((u) => u.account === 'u_cutter');
    expect(cutter).toMatchObject({
      department: { id: dept['video'], name: 'Video' },
      roles: [{ code: 'viewer', name: 'Viewer' }],
      status: 'active',
      mustChangePassword: false,
    });
    const all = await get<{ items: UserAdminItem[]; total: number }>('/control/user/userList', 'admin');
    expect(all.body.data.total).toBeGreaterThanOrEqual(5);
  });

  it('filters by account, name, department, role and status, and pages', async () => {
    const accounts = async (query: Record<string, string>) =>
      (await get<{ items: UserAdminItem[] }>('/control/user/userList', 'admin', query)).body.data.items
        .map((u) => u.account)
        .sort();
    expect(await accounts({ account: 'u_c' })).toEqual(['u_cutter']);
    expect(await accounts({ name: 'uma ab' })).toEqual(['u_abroad']);
    expect(await accounts({ departmentId: String(dept['intl']) })).toEqual(['u_abroad']);
    expect(await accounts({ role: 'dept_admin' })).toEqual(['u_lead']);
    expect(await accounts({ status: 'disabled' })).toEqual([]);
    expect(await accounts({ account: '%' })).toEqual([]);
    const page = await get<{ items: UserAdminItem[]; total: number }>('/control/user/userList', 'admin', {
      pageSize: '2',
      page: '2',
    });
    expect(page.body.data.items).toHaveLength(2);
  });

  it('is refused to a role without system:user, and bad filters are named', async () => {
    expect((await get('/control/user/userList', 'editor')).status).toBe(403);
    const bad = await get('/control/user/userList', 'admin', { status: 'gone', pageSize: '1000' });
    expect(bad.status).toBe(400);
    expect(fields(bad.body).sort()).toEqual(['pageSize', 'status']);
  });
});

describe('creating a user', () => {
  it('creates one who must choose their own password at first sign-in', async () => {
    const res = await post<UserAdminItem>('/control/user/create', 'lead', newUser('fresh_one'));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ account: 'fresh_one', mustChangePassword: true, status: 'active' });
    expect(await audited('user.create', res.body.data.id)).toBe(1);

    const session = await login(t.app, 'fresh_one', FIRST);
    const info = await call(t.app, 'GET', '/control/user/info', { token: session.accessToken });
    expect((info.body.data as UserInfo).mustChangePassword).toBe(true);
    // Only their own account is open until then.
    const work = await call(t.app, 'GET', '/content/contentList/deplist', { token: session.accessToken });
    expect([work.status, work.body.code]).toEqual([403, 100105]);
    const changed = await call(t.app, 'POST', '/control/user/pass/update', {
      token: session.accessToken,
      body: { oldPassword: FIRST, newPassword: 'Own!pass22' },
    });
    expect(changed.status).toBe(200);
    const after = await call(t.app, 'GET', '/content/contentList/deplist', { token: session.accessToken });
    expect(after.status).toBe(200);
  });

  it('names the field for a bad account, a weak password, a taken account and a department out of scope', async () => {
    const bad = await post('/control/user/create', 'admin', newUser('ab', { password: 'short' }));
    expect(bad.status).toBe(400);
    expect(fields(bad.body).sort()).toEqual(['account', 'password']);

    const taken = await post('/control/user/create', 'admin', newUser('U_EDITOR'));
    expect([taken.status, taken.body.code, fields(taken.body)]).toEqual([409, 100601, ['account']]);

    const outside = await post(
      '/control/user/create',
      'lead',
      newUser('far_away', { departmentId: dept['intl'] }),
    );
    expect([outside.status, fields(outside.body)]).toEqual([400, ['departmentId']]);
  });

  it('lets nobody grant a role that gives more than they hold', async () => {
    const escalate = await post(
      '/control/user/create',
      'lead',
      newUser('new_boss', { roleCodes: ['admin'] }),
    );
    expect([escalate.status, escalate.body.code, fields(escalate.body)]).toEqual([
      400,
      100604,
      ['roleCodes'],
    ]);
    const unknown = await post(
      '/control/user/create',
      'admin',
      newUser('no_role', { roleCodes: ['wizard'] }),
    );
    expect(unknown.body.code).toBe(100604);
    const options = await get<{ items: { code: string }[] }>('/control/role/options', 'lead');
    expect(options.body.data.items.map((r) => r.code).sort()).toEqual(['dept_admin', 'editor', 'viewer']);
  });
});

describe('changing a user', () => {
  it("updates name, department and roles; the user's menu follows on their next request", async () => {
    const menuOf = async (who: string) =>
      (await get<{ menuList: MenuItem[] }>('/control/user/dashboard', who)).body.data.menuList;
    const before = JSON.stringify(await menuOf('cutter'));
    const res = await post<UserAdminItem>('/control/user/update', 'lead', {
      id: ids['cutter'],
      name: 'Uma the cutter',
      email: '',
      departmentId: dept['news'],
      roleCodes: ['editor'],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Uma the cutter', roles: [{ code: 'editor' }] });
    expect(JSON.stringify(await menuOf('cutter'))).not.toBe(before);
    expect(await audited('user.update', ids['cutter'] as number)).toBe(1);
  });

  it('answers 404 for a user outside the scope', async () => {
    const res = await post('/control/user/update', 'lead', {
      id: ids['abroad'],
      name: 'x',
      email: '',
      departmentId: dept['news'],
      roleCodes: ['editor'],
    });
    expect(res.status).toBe(404);
    expect(
      (await post('/control/user/status', 'lead', { id: ids['abroad'], status: 'disabled' })).status,
    ).toBe(404);
  });

  it('disabling ends the open session at once; enabling lets the user back in', async () => {
    const res = await post<UserAdminItem>('/control/user/status', 'lead', {
      id: ids['editor'],
      status: 'disabled',
    });
    expect(res.body.data.status).toBe('disabled');
    const refused = await get('/control/user/info', 'editor');
    expect([refused.status, refused.body.code]).toEqual([401, 101204]);
    await post('/control/user/status', 'lead', { id: ids['editor'], status: 'active' });
    tokens['editor'] = (await login(t.app, 'u_editor', PASSWORD)).accessToken;
    expect((await get('/control/user/info', 'editor')).status).toBe(200);
    expect(await audited('user.disable', ids['editor'] as number)).toBe(1);
    expect(await audited('user.enable', ids['editor'] as number)).toBe(1);
  });

  it('never disables or deletes oneself, nor the last active administrator', async () => {
    const self = await post('/control/user/status', 'lead', { id: ids['lead'], status: 'disabled' });
    expect([self.status, self.body.code]).toEqual([409, 100602]);
    expect((await get('/control/user/delete', 'admin', { ids: '1' })).body.code).toBe(100602);

    ids['second'] = await createUser(t.db, {
      account: 'u_second',
      name: 'Second admin',
      password: PASSWORD,
      departmentId: dept['root'] as number,
      roleCodes: ['admin'],
    });
    tokens['second'] = (await login(t.app, 'u_second', PASSWORD)).accessToken;
    // The built-in admin may go while another administrator remains…
    expect((await post('/control/user/status', 'second', { id: 1, status: 'disabled' })).status).toBe(200);
    // …but the last one may not lose the role.
    const demote = await post('/control/user/update', 'second', {
      id: ids['second'],
      name: 'Second admin',
      email: '',
      departmentId: dept['root'],
      roleCodes: ['editor'],
    });
    expect([demote.status, demote.body.code]).toEqual([409, 100603]);
    await post('/control/user/status', 'second', { id: 1, status: 'active' });
    tokens['admin'] = (await login(t.app, 'admin', ADMIN_PASSWORD)).accessToken;
  });

  it('deletes softly: the account can no longer sign in and leaves the list', async () => {
    const created = await post<UserAdminItem>('/control/user/create', 'admin', newUser('short_lived'));
    const gone = await get<{ deleted: number }>('/control/user/delete', 'admin', {
      ids: String(created.body.data.id),
    });
    expect(gone.body.data).toEqual({ deleted: 1 });
    const list = await get<{ items: UserAdminItem[] }>('/control/user/userList', 'admin', {
      account: 'short_lived',
    });
    expect(list.body.data.items).toEqual([]);
    const signIn = await call(t.app, 'POST', '/control/user/login', {
      body: { username: 'short_lived', password: FIRST },
    });
    expect(signIn.status).toBe(400);
    expect(await audited('user.delete', created.body.data.id)).toBe(1);
    expect((await get('/control/user/delete', 'lead', { ids: String(ids['abroad']) })).status).toBe(404);
    expect((await get('/control/user/delete', 'admin', { ids: '1,x' })).status).toBe(400);
  });
});

describe('passwords and the directory', () => {
  it("lets an administrator set someone's password, which they must then change; others get 403", async () => {
    const reset = await post('/control/user/pass/update', 'lead', {
      userId: ids['cutter'],
      newPassword: 'Reset!pw9',
    });
    expect(reset.status).toBe(200);
    const session = await login(t.app, 'u_cutter', 'Reset!pw9');
    const info = await call(t.app, 'GET', '/control/user/info', { token: session.accessToken });
    expect((info.body.data as UserInfo).mustChangePassword).toBe(true);
    expect(await audited('user.password.reset', ids['cutter'] as number)).toBe(1);

    const refused = await post('/control/user/pass/update', 'editor', {
      userId: ids['lead'],
      newPassword: 'Reset!pw9',
    });
    expect(refused.status).toBe(403);
    const outside = await post('/control/user/pass/update', 'lead', {
      userId: ids['abroad'],
      newPassword: 'Reset!pw9',
    });
    expect(outside.status).toBe(404);
  });

  it('looks a person up in the directory, saying whether they already are a user', async () => {
    const found = await get<DirectoryPerson | null>('/control/user/getUserFromOpsById', 'admin', {
      account: 'U_ABROAD',
    });
    expect(found.body.data).toMatchObject({
      account: 'u_abroad',
      name: 'Uma abroad',
      department: 'International',
      existingUserId: ids['abroad'],
    });
    const missing = await get('/control/user/getUserFromOpsById', 'admin', { account: 'nobody_here' });
    expect(missing.body.data).toBeNull();
  });
});
