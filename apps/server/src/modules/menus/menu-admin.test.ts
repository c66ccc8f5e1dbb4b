import type { MenuAdminItem, MenuItem } from '@postdeck/contract/menu';
import type { RoleItem } from '@postdeck/contract/roles';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { manualClock } from '../../lib/clock.ts';
import { departmentTree } from '../../test/fixtures.ts';
import { ADMIN_PASSWORD, call, createTestApp, login, type TestApp } from '../../test/test-app.ts';
import { createUser } from '../users/user-repo.ts';

const PASSWORD = 'Secr3t!pw';
let t: TestApp;
const tokens: Record<string, string> = {};

type Envelope<T> = { code: number; msg: string; data: T };
type Answer<T> = { status: number; body: Envelope<T> };
type FieldErrors = { errors?: { field: string }[] } | null;

const get = <T>(path: string, who: string) =>
  call(t.app, 'GET', path, { token: tokens[who] as string }) as Promise<Answer<T>>;
const post = <T>(path: string, who: string, body: unknown) =>
  call(t.app, 'POST', path, { token: tokens[who] as string, body }) as Promise<Answer<T>>;
const fields = (body: Envelope<unknown>) => ((body.data as FieldErrors)?.errors ?? []).map((e) => e.field);
const entries = async () =>
  (await get<{ items: MenuAdminItem[] }>('/control/menu/list', 'admin')).body.data.items;
const entry = async (name: string) => (await entries()).find((m) => m.name === name) as MenuAdminItem;
const dashboard = async (who: string) =>
  (await get<{ menuList: MenuItem[] }>('/control/user/dashboard', who)).body.data.menuList;
const flat = (menu: MenuItem[]): MenuItem[] => menu.flatMap((m) => [m, ...flat(m.children)]);
const editable = ({
  id,
  parentId,
  kind,
  titles,
  url,
  icon,
  hidden,
  alwaysShow,
  sort,
  permissions,
}: MenuAdminItem) => ({
  id,
  parentId,
  kind,
  titles,
  url,
  icon,
  hidden,
  alwaysShow,
  sort,
  permissions,
});

beforeAll(async () => {
  t = await createTestApp({ clock: manualClock(new Date('2026-07-01T08:00:00Z')) });
  const { news } = await departmentTree(t.db);
  await createUser(t.db, {
    account: 'm_lead',
    name: 'Lead',
    password: PASSWORD,
    departmentId: news,
    roleCodes: ['dept_admin'],
  });
  await createUser(t.db, {
    account: 'm_viewer',
    name: 'Vi',
    password: PASSWORD,
    departmentId: news,
    roleCodes: ['viewer'],
  });
  tokens['admin'] = (await login(t.app, 'admin', ADMIN_PASSWORD)).accessToken;
  tokens['lead'] = (await login(t.app, 'm_lead', PASSWORD)).accessToken;
  tokens['viewer'] = (await login(t.app, 'm_viewer', PASSWORD)).accessToken;
});
afterAll(() => t.close());

describe('the menu editor', () => {
  it('lists every entry with all its fields, to menu administrators only', async () => {
    const items = await entries();
    expect(items.find((m) => m.name === 'publish')).toMatchObject({
      kind: 'action',
      builtIn: true,
      permissions: ['publish:create'],
    });
    expect(items.find((m) => m.name === 'users')).toMatchObject({
      kind: 'menu',
      url: '/api/system/user',
      titles: {},
    });
    expect((await get('/control/menu/list', 'lead')).status).toBe(403);
    expect((await post('/control/menu/create', 'viewer', {})).status).toBe(403);
  });

  it('names a built-in entry in each language; users see it on their next request', async () => {
    const statistics = await entry('statistics');
    const titles = { en: 'Numbers', zh: '数据', es: 'Cifras', ja: '数値' };
    const res = await post<MenuAdminItem>('/control/menu/update', 'admin', {
      ...editable(statistics),
      titles,
      icon: 'DashboardOutlined',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'statistics',
      titles,
      icon: 'DashboardOutlined',
      builtIn: true,
    });
    const seen = flat(await dashboard('viewer')).find((m) => m.menu_id === statistics.id);
    expect(seen).toMatchObject({ menu_name: 'statistics', titles, icon: 'DashboardOutlined' });
  });

  it('adds an entry, given to the administrator role at once, and records it', async () => {
    const reports = await entry('reports');
    const res = await post<MenuAdminItem>('/control/menu/create', 'admin', {
      parentId: reports.id,
      titles: { en: 'Weekly digest', ja: '週報' },
      url: 'https://example.com/digest',
      icon: 'LinkOutlined',
      sort: 5,
      permissions: ['report:view'],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Weekly digest',
      builtIn: false,
      kind: 'menu',
      hidden: false,
    });
    const admin = (
      await get<{ items: RoleItem[] }>('/control/user/userrole/list?keyword=admin', 'admin')
    ).body.data.items.find((r) => r.code === 'admin');
    expect(admin?.menuIds).toContain(res.body.data.id);
    const reportsGroup = (await dashboard('admin')).find((m) => m.menu_id === reports.id);
    expect(reportsGroup?.children.map((m) => m.menu_name)).toEqual(['Weekly digest', 'statistics']);
    expect(flat(await dashboard('viewer')).map((m) => m.menu_name)).not.toContain('Weekly digest');
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'menu.create'), eq(auditLog.target, `menu:${res.body.data.id}`)));
    expect(audit?.actorAccount).toBe('admin');
  });

  it('refuses bad input naming the field', async () => {
    const base = { parentId: null, titles: { en: 'X' }, url: '/x' };
    const noName = await post('/control/menu/create', 'admin', { ...base, titles: { zh: '无' } });
    expect([noName.status, fields(noName.body)]).toEqual([400, ['titles.en']]);
    const badUrl = await post('/control/menu/create', 'admin', { ...base, url: 'javascript:alert(1)' });
    expect(fields(badUrl.body)).toEqual(['url']);
    const badIcon = await post('/control/menu/create', 'admin', { ...base, icon: 'EvilOutlined' });
    expect(fields(badIcon.body)).toEqual(['icon']);
    const badPermission = await post('/control/menu/create', 'admin', {
      ...base,
      permissions: ['root:everything'],
    });
    expect(fields(badPermission.body)).toEqual(['permissions.0']);
    const underAction = await post('/control/menu/create', 'admin', {
      ...base,
      parentId: (await entry('publish')).id,
    });
    expect([underAction.body.code, fields(underAction.body)]).toEqual([100903, ['parentId']]);
  });

  it('never moves an entry under itself or below it', async () => {
    const system = await entry('system');
    const users = await entry('users');
    const cycle = await post('/control/menu/update', 'admin', { ...editable(system), parentId: users.id });
    expect([cycle.status, cycle.body.code, fields(cycle.body)]).toEqual([400, 100903, ['parentId']]);
    const self = await post('/control/menu/update', 'admin', { ...editable(system), parentId: system.id });
    expect(self.body.code).toBe(100903);
  });

  it('deletes only added entries without sub-entries', async () => {
    const builtIn = await post('/control/menu/delete', 'admin', { id: (await entry('statistics')).id });
    expect([builtIn.status, builtIn.body.code]).toEqual([409, 100902]);
    const group = await post<MenuAdminItem>('/control/menu/create', 'admin', {
      parentId: null,
      titles: { en: 'Extras' },
      url: '#',
    });
    await post('/control/menu/create', 'admin', {
      parentId: group.body.data.id,
      titles: { en: 'Inner' },
      url: '/inner',
    });
    const notEmpty = await post('/control/menu/delete', 'admin', { id: group.body.data.id });
    expect([notEmpty.status, notEmpty.body.code]).toEqual([409, 100901]);
    const inner = await entry('Inner');
    expect((await post('/control/menu/delete', 'admin', { id: inner.id })).status).toBe(200);
    expect((await post('/control/menu/delete', 'admin', { id: group.body.data.id })).status).toBe(200);
    expect((await entries()).map((m) => m.name)).not.toContain('Extras');
  });
});
