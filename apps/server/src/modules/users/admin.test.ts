import type { UserInfo } from '@postdeck/contract/auth';
import type { MenuItem } from '@postdeck/contract/menu';
import type { DirectoryPerson, UserAdminItem } from '@postdeck/contract/users';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { manualClock } from '../../lib/clock.ts';
import { ADMIN_PASSWORD, call, createTestApp, login, type TestApp } from '../../test/test-app.ts';

import type { Principal } from '../../lib/principal.ts';
import { departmentTree } from '../../test/fixtures.ts';
import { createUserAdminService } from './admin-service.ts';
import type { DirectoryEntry } from './directory.ts';
import { loadPrincipal } from './principal-repo.ts';
import { createUser } from './user-repo.ts';

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

describe('a user worth more than the caller', () => {
  const BOSS_PASSWORD = 'Boss!pass1';
  const bossRoles = async () =>
    (
      await get<{ items: UserAdminItem[] }>('/control/user/userList', 'admin', { account: 'u_boss' })
    ).body.data.items[0]?.roles.map((role) => role.code);
  const signsIn = async (password: string) =>
    (
      await call(t.app, 'POST', '/control/user/login', {
        body: { username: 'u_boss', password },
      })
    ).status === 200;

  beforeAll(async () => {
    // An administrator homed in the lead's own department: in their scope, above their rights.
    ids['boss'] = await createUser(t.db, {
      account: 'u_boss',
      name: 'Uma boss',
      password: BOSS_PASSWORD,
      departmentId: dept['news'] as number,
      roleCodes: ['admin', 'editor'],
    });
  });

  it('cannot have their password reset by a department administrator', async () => {
    const reset = await post('/control/user/pass/update', 'lead', {
      userId: ids['boss'],
      newPassword: 'Taken!over1',
    });
    expect([reset.status, reset.body.code]).toEqual([403, 100608]);
    expect(await signsIn('Taken!over1')).toBe(false);
    expect(await signsIn(BOSS_PASSWORD)).toBe(true);
  });

  it('is not demoted, disabled or deleted by one', async () => {
    const demote = await post('/control/user/update', 'lead', {
      id: ids['boss'],
      name: 'Uma boss',
      email: '',
      departmentId: dept['news'],
      roleCodes: ['editor'],
    });
    expect([demote.status, demote.body.code]).toEqual([403, 100608]);
    // The form sent back unchanged says the same, not 'unknown role'.
    const unchanged = await post('/control/user/update', 'lead', {
      id: ids['boss'],
      name: 'Uma boss',
      email: '',
      departmentId: dept['news'],
      roleCodes: ['admin', 'editor'],
    });
    expect(unchanged.body.code).toBe(100608);
    const disable = await post('/control/user/status', 'lead', { id: ids['boss'], status: 'disabled' });
    expect([disable.status, disable.body.code]).toEqual([403, 100608]);
    const remove = await get('/control/user/delete', 'lead', { ids: String(ids['boss']) });
    expect([remove.status, remove.body.code]).toEqual([403, 100608]);
    // Several at once: one of them worth more refuses the lot.
    const several = await get('/control/user/delete', 'lead', { ids: `${ids['cutter']},${ids['boss']}` });
    expect(several.body.code).toBe(100608);

    expect(await bossRoles()).toEqual(['admin', 'editor']);
    expect(await signsIn(BOSS_PASSWORD)).toBe(true);
    expect(
      (await get<{ items: UserAdminItem[] }>('/control/user/userList', 'lead', { account: 'u_cutter' })).body
        .data.items,
    ).toHaveLength(1);
  });

  it('keeps their roles: a department administrator neither takes nor adds one', async () => {
    const roles = await get<{ items: { id: number; code: string }[] }>(
      '/control/user/userrole/list',
      'admin',
      {
        pageSize: '50',
      },
    );
    const roleId = (code: string) => String(roles.body.data.items.find((role) => role.code === code)?.id);
    const take = await get('/control/user/userrole/delete', 'lead', {
      roleId: roleId('editor'),
      userIds: String(ids['boss']),
    });
    expect([take.status, take.body.code]).toEqual([403, 100608]);
    const add = await get('/control/user/userrole/insert', 'lead', {
      roleId: roleId('viewer'),
      userIds: String(ids['boss']),
    });
    expect([add.status, add.body.code]).toEqual([403, 100608]);
    expect(await bossRoles()).toEqual(['admin', 'editor']);
  });

  it('is still managed by an administrator, and the department administrator still manages an editor', async () => {
    const byLead = await post<UserAdminItem>('/control/user/update', 'lead', {
      id: ids['editor'],
      name: 'Uma editor',
      email: '',
      departmentId: dept['news'],
      roleCodes: ['editor', 'viewer'],
    });
    expect(byLead.body.data.roles.map((role) => role.code)).toEqual(['editor', 'viewer']);
    const reset = await post('/control/user/pass/update', 'lead', {
      userId: ids['editor'],
      newPassword: 'Editor!pw2',
    });
    expect(reset.status).toBe(200);

    const byAdmin = await post('/control/user/pass/update', 'admin', {
      userId: ids['boss'],
      newPassword: 'Admin!set2',
    });
    expect(byAdmin.status).toBe(200);
    expect(await signsIn('Admin!set2')).toBe(true);
    const demoted = await post<UserAdminItem>('/control/user/update', 'admin', {
      id: ids['boss'],
      name: 'Uma boss',
      email: '',
      departmentId: dept['news'],
      roleCodes: ['editor'],
    });
    expect(demoted.body.data.roles.map((role) => role.code)).toEqual(['editor']);
    // Now worth no more than the lead, they are the lead's to manage.
    const disabled = await post('/control/user/status', 'lead', { id: ids['boss'], status: 'disabled' });
    expect(disabled.status).toBe(200);
  });

  it("does not show in a department administrator's directory look-up outside their scope", async () => {
    const outside = await get('/control/user/getUserFromOpsById', 'lead', { account: 'u_abroad' });
    expect([outside.status, outside.body.data]).toEqual([200, null]);
    const inside = await get<DirectoryPerson | null>('/control/user/getUserFromOpsById', 'lead', {
      account: 'U_CUTTER',
    });
    expect(inside.body.data).toMatchObject({ account: 'u_cutter', existingUserId: ids['cutter'] });
  });
});

describe('a promotion racing a department administrator', () => {
  // On PostgreSQL the two requests run in parallel; the reset hashes its password in between.
  it("lets the department administrator's reset through only when it came first", async () => {
    for (let round = 0; round < 12; round++) {
      const account = `u_racer${round}`;
      const racer = await createUser(t.db, {
        account,
        name: 'Racer',
        password: PASSWORD,
        departmentId: dept['news'] as number,
        roleCodes: ['editor'],
      });
      const [reset, promote] = await Promise.all([
        post('/control/user/pass/update', 'lead', { userId: racer, newPassword: 'Raced!pw1' }),
        post('/control/user/update', 'admin', {
          id: racer,
          name: 'Racer',
          email: '',
          departmentId: dept['news'],
          roleCodes: ['admin'],
        }),
      ]);
      expect(promote.status).toBe(200);
      if (reset.status === 200) {
        // Written while they were still an editor: before the promotion.
        const entry = async (action: string) =>
          (
            await t.db
              .select({ id: auditLog.id })
              .from(auditLog)
              .where(and(eq(auditLog.action, action), eq(auditLog.target, `user:${racer}`)))
          )[0]?.id as number;
        expect(await entry('user.password.reset')).toBeLessThan(await entry('user.update'));
      } else {
        expect([reset.status, reset.body.code]).toEqual([403, 100608]);
      }
    }
  });
});

describe('the company directory seen by a department administrator', () => {
  it('offers people not yet in Postdeck, and hides users outside the scope however the directory spells them', async () => {
    const people: Record<string, DirectoryEntry> = {
      newcomer: {
        account: 'newcomer',
        name: 'Nora Newcomer',
        email: 'nora@example.com',
        department: 'Newsroom',
      },
      u_abroad: {
        account: 'U_Abroad',
        name: 'Uma abroad',
        email: 'a@example.com',
        department: 'International',
      },
      u_cutter: { account: 'u_cutter', name: 'Uma cutter', email: 'c@example.com', department: 'Video' },
    };
    const service = createUserAdminService({
      db: t.db,
      clock,
      principals: { invalidate: async () => undefined },
      directory: { findByAccount: async (account) => people[account.toLowerCase()] ?? null },
    });
    const lead = (await loadPrincipal(t.db, ids['lead'] as number, clock.now())) as Principal;
    expect(await service.lookUp(lead, 'NEWCOMER')).toEqual({ ...people['newcomer'], existingUserId: null });
    expect(await service.lookUp(lead, 'u_abroad')).toBeNull();
    expect(await service.lookUp(lead, 'u_cutter')).toMatchObject({ existingUserId: ids['cutter'] });
    const admin = (await loadPrincipal(t.db, 1, clock.now())) as Principal;
    expect(await service.lookUp(admin, 'u_abroad')).toMatchObject({ existingUserId: ids['abroad'] });
  });
});
