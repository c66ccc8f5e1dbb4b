import type { UserInfo } from '@postdeck/contract/auth';
import type { DepartmentAdminItem } from '@postdeck/contract/departments';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, departments } from '../../db/schema.ts';
import { manualClock } from '../../lib/clock.ts';
import { ADMIN_PASSWORD, call, createTestApp, login, type TestApp } from '../../test/test-app.ts';
import { departmentTree } from '../../test/fixtures.ts';
import { createUser } from '../users/user-repo.ts';

const PASSWORD = 'Secr3t!pw';
let t: TestApp;
const dept: Record<string, number> = {};
const tokens: Record<string, string> = {};

type Envelope<T> = { code: number; msg: string; data: T };
type Answer<T> = { status: number; body: Envelope<T> };
type FieldErrors = { errors?: { field: string }[] } | null;

const get = <T>(path: string, who: string) =>
  call(t.app, 'GET', path, { token: tokens[who] as string }) as Promise<Answer<T>>;
const post = <T>(path: string, who: string, body: unknown) =>
  call(t.app, 'POST', path, { token: tokens[who] as string, body }) as Promise<Answer<T>>;
const fields = (body: Envelope<unknown>) => ((body.data as FieldErrors)?.errors ?? []).map((e) => e.field);
const list = async (who: string) =>
  (await get<{ items: DepartmentAdminItem[] }>('/control/dept/admin/list', who)).body.data.items;

beforeAll(async () => {
  t = await createTestApp({ clock: manualClock(new Date('2026-07-01T08:00:00Z')) });
  Object.assign(dept, await departmentTree(t.db));
  await createUser(t.db, {
    account: 'd_lead',
    name: 'Dee Lead',
    password: PASSWORD,
    departmentId: dept['news'] as number,
    roleCodes: ['dept_admin'],
  });
  await createUser(t.db, {
    account: 'd_editor',
    name: 'Dee Editor',
    password: PASSWORD,
    departmentId: dept['video'] as number,
    roleCodes: ['editor'],
  });
  tokens['lead'] = (await login(t.app, 'd_lead', PASSWORD)).accessToken;
  tokens['editor'] = (await login(t.app, 'd_editor', PASSWORD)).accessToken;
  tokens['admin'] = (await login(t.app, 'admin', ADMIN_PASSWORD)).accessToken;
});
afterAll(() => t.close());

describe('the department tree', () => {
  it('lists what the caller manages, with user counts and whether each is empty', async () => {
    const items = await list('lead');
    expect(items.map((d) => d.name).sort()).toEqual(['Newsroom', 'Video']);
    expect(items.find((d) => d.name === 'Video')).toMatchObject({ userCount: 1, empty: false });
    const all = await list('admin');
    expect(all.find((d) => d.name === 'International')).toMatchObject({ userCount: 0, empty: true });
    expect((await get('/control/dept/admin/list', 'editor')).status).toBe(403);
  });

  it('creates under a managed department, names unique among siblings', async () => {
    const res = await post<DepartmentAdminItem>('/control/dept/create', 'lead', {
      name: 'Shorts',
      parentId: dept['video'],
    });
    expect(res.body.data).toMatchObject({ name: 'Shorts', parentId: dept['video'], empty: true, sort: 0 });
    dept['shorts'] = res.body.data.id;
    const again = await post('/control/dept/create', 'lead', { name: 'SHORTS', parentId: dept['video'] });
    expect([again.status, again.body.code, fields(again.body)]).toEqual([409, 100702, ['name']]);
    const outside = await post('/control/dept/create', 'lead', { name: 'Far', parentId: dept['intl'] });
    expect([outside.status, outside.body.code, fields(outside.body)]).toEqual([400, 100704, ['parentId']]);
    const unknown = await post('/control/dept/create', 'admin', { name: 'Nowhere', parentId: 999_999 });
    expect(fields(unknown.body)).toEqual(['parentId']);
    const blank = await post('/control/dept/create', 'admin', { name: '  ', parentId: dept['root'] });
    expect([blank.status, fields(blank.body)]).toEqual([400, ['name']]);
  });

  it('renames and moves, never under itself; signed-in users see the new name', async () => {
    const renamed = await post<DepartmentAdminItem>('/control/dept/update', 'lead', {
      id: dept['video'],
      name: 'Video desk',
      parentId: dept['news'],
      sort: 2,
    });
    expect(renamed.body.data).toMatchObject({ name: 'Video desk', sort: 2 });
    const info = await get<UserInfo>('/control/user/info', 'editor');
    expect(info.body.data.department.name).toBe('Video desk');

    const cycle = await post('/control/dept/update', 'admin', {
      id: dept['news'],
      name: 'Newsroom',
      parentId: dept['shorts'],
      sort: 0,
    });
    expect([cycle.status, cycle.body.code, fields(cycle.body)]).toEqual([400, 100703, ['parentId']]);
    const self = await post('/control/dept/update', 'admin', {
      id: dept['news'],
      name: 'Newsroom',
      parentId: dept['news'],
      sort: 0,
    });
    expect(self.body.code).toBe(100703);
    const away = await post('/control/dept/update', 'lead', {
      id: dept['shorts'],
      name: 'Shorts',
      parentId: dept['intl'],
      sort: 0,
    });
    expect(away.body.code).toBe(100704);

    const moved = await post<DepartmentAdminItem>('/control/dept/update', 'admin', {
      id: dept['shorts'],
      name: 'Shorts',
      parentId: dept['intl'],
      sort: 0,
    });
    expect(moved.body.data.parentId).toBe(dept['intl']);
    // Out of the lead's tree now.
    expect((await list('lead')).map((d) => d.name)).not.toContain('Shorts');
    const root = await post<DepartmentAdminItem>('/control/dept/update', 'admin', {
      id: dept['root'],
      name: 'Postdeck Media',
      parentId: dept['news'],
      sort: 0,
    });
    expect(root.body.data).toMatchObject({ name: 'Postdeck Media', parentId: null });
  });

  it('deletes only an empty department, with an audit entry', async () => {
    const full = await post('/control/dept/delete', 'admin', { id: dept['video'] });
    expect([full.status, full.body.code]).toEqual([409, 100701]);
    expect((await post('/control/dept/delete', 'admin', { id: dept['root'] })).body.code).toBe(100701);
    expect((await post('/control/dept/delete', 'lead', { id: dept['intl'] })).status).toBe(404);

    expect((await post('/control/dept/delete', 'admin', { id: dept['shorts'] })).status).toBe(200);
    const left = await t.db
      .select()
      .from(departments)
      .where(eq(departments.id, dept['shorts'] as number));
    expect(left).toEqual([]);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'dept.delete'), eq(auditLog.target, `dept:${dept['shorts']}`)));
    expect(entries).toHaveLength(1);
  });
});
