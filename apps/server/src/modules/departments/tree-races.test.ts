import type { DepartmentAdminItem } from '@postdeck/contract/departments';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departments } from '../../db/schema.ts';
import { departmentSubtree, departmentSubtrees } from '../../lib/department-scope.ts';
import { ADMIN_PASSWORD, call, createTestApp, login, type TestApp } from '../../test/test-app.ts';
import { createUser } from '../users/user-repo.ts';
import { createDepartment, rootDepartment } from './department-repo.ts';

/**
 * Two at once (issue 10, item 3): on PostgreSQL the requests below run on connections of their
 * own, in parallel; a check made before a write and outside a lock lets both through.
 */
let t: TestApp;
let admin: string;
let root: number;

type Answer = { status: number; body: { code: number; data: unknown } };
const fields = (res: Answer) =>
  ((res.body.data as { errors?: { field: string }[] } | null)?.errors ?? []).map((e) => e.field);
const post = (path: string, body: unknown, token = admin) =>
  call(t.app, 'POST', path, { token, body }) as Promise<Answer>;
const move = (id: number, parentId: number, name: string) =>
  post('/control/dept/update', { id, name, parentId, sort: 0 });

/** Departments whose parent chain never reaches a department without a parent. */
async function inCycles(): Promise<number[]> {
  const rows = await t.db.select({ id: departments.id, parentId: departments.parentId }).from(departments);
  const parentOf = new Map(rows.map((row) => [row.id, row.parentId]));
  return rows
    .filter((row) => {
      const seen = new Set<number>();
      for (let at: number | null | undefined = row.id; at != null; at = parentOf.get(at)) {
        if (seen.has(at)) return true;
        seen.add(at);
      }
      return false;
    })
    .map((row) => row.id);
}

beforeAll(async () => {
  t = await createTestApp();
  root = await rootDepartment(t.db);
  admin = (await login(t.app, 'admin', ADMIN_PASSWORD)).accessToken;
});
afterAll(() => t.close());

describe('department moves at the same moment', () => {
  it('X under Y and Y under X: at most one succeeds, the other is refused, no cycle', async () => {
    for (let round = 0; round < 6; round++) {
      const x = await createDepartment(t.db, { name: `X${round}`, parentId: root });
      const y = await createDepartment(t.db, { name: `Y${round}`, parentId: root });
      const answers = await Promise.all([move(x, y, `X${round}`), move(y, x, `Y${round}`)]);
      expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1);
      for (const refused of answers.filter((a) => a.status !== 200)) {
        expect([refused.status, refused.body.code, fields(refused)]).toEqual([400, 100703, ['parentId']]);
      }
    }
    expect(await inCycles()).toEqual([]);
  });

  it('moves that close a cycle through other departments are refused as well', async () => {
    // root > A > A1 and root > C > C1: A under C1 and C under A1 would make A > A1 > C > C1 > A.
    const a = await createDepartment(t.db, { name: 'A', parentId: root });
    const a1 = await createDepartment(t.db, { name: 'A1', parentId: a });
    const c = await createDepartment(t.db, { name: 'C', parentId: root });
    const c1 = await createDepartment(t.db, { name: 'C1', parentId: c });
    const answers = await Promise.all([move(a, c1, 'A'), move(c, a1, 'C')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(await inCycles()).toEqual([]);
  });
});

describe('ten identical creates at the same moment', () => {
  it('make one department; the rest answer 409 naming the field, whatever the case', async () => {
    const parentId = await createDepartment(t.db, { name: 'Desks', parentId: root });
    const names = ['Desk', 'DESK', 'desk', 'Desk', 'dEsK', 'Desk', 'DESK', 'desk', 'Desk', 'deSK'];
    const answers = await Promise.all(names.map((name) => post('/control/dept/create', { name, parentId })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect([refused.status, refused.body.code, fields(refused)]).toEqual([409, 100702, ['name']]);
    }
    const rows = await t.db.select().from(departments).where(eq(departments.parentId, parentId));
    expect(rows).toHaveLength(1);
  });

  it('the database refuses a second department of the same name under one parent', async () => {
    const parentId = await createDepartment(t.db, { name: 'Bureaus', parentId: root });
    await createDepartment(t.db, { name: 'Paris', parentId });
    await expect(createDepartment(t.db, { name: 'PARIS', parentId })).rejects.toThrow();
  });
});

describe('a cycle already in the data', () => {
  it('leaves tree queries and pages answering', async () => {
    const x = await createDepartment(t.db, { name: 'Loop X', parentId: root });
    const y = await createDepartment(t.db, { name: 'Loop Y', parentId: x });
    await createUser(t.db, {
      account: 'loop_lead',
      name: 'Loop Lead',
      password: 'Secr3t!pw',
      departmentId: y,
      roleCodes: ['dept_admin'],
    });
    // What the race used to leave behind: X under Y and Y under X.
    await t.db.execute(sql`update departments set parent_id = ${y} where id = ${x}`);

    expect((await departmentSubtree(t.db, x)).sort()).toEqual([x, y].sort());
    expect((await departmentSubtrees(t.db, [y])).sort()).toEqual([x, y].sort());
    const lead = (await login(t.app, 'loop_lead', 'Secr3t!pw')).accessToken;
    for (const path of ['/control/dept/list', '/control/dept/admin/list', '/control/user/userList']) {
      expect((await call(t.app, 'GET', path, { token: lead })).status).toBe(200);
    }
    const admins = await call(t.app, 'GET', '/control/dept/admin/list', { token: admin });
    expect((admins.body.data.items as DepartmentAdminItem[]).map((d) => d.id)).toEqual(
      expect.arrayContaining([x, y]),
    );
    const tip = await post('/infor/tip/send', { title: 'Loop', content: 'Hi', departmentIds: [x] }, lead);
    expect([tip.status, (tip.body.data as { recipients: number }).recipients]).toEqual([200, 1]);
    // A move out of the loop mends it.
    expect((await move(x, root, 'Loop X')).status).toBe(200);
    expect(await inCycles()).toEqual([]);
  });
});
