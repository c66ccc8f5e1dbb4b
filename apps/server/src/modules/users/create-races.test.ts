import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { ADMIN_PASSWORD, call, createTestApp, login, type TestApp } from '../../test/test-app.ts';
import { rootDepartment } from '../departments/department-repo.ts';

/** Two at once (issue 10, item 3): the account check and the insert race; the database decides. */
let t: TestApp;
let admin: string;
let root: number;

type Answer = { status: number; body: { code: number; data: unknown } };
const fields = (res: Answer) =>
  ((res.body.data as { errors?: { field: string }[] } | null)?.errors ?? []).map((e) => e.field);

beforeAll(async () => {
  t = await createTestApp();
  root = await rootDepartment(t.db);
  admin = (await login(t.app, 'admin', ADMIN_PASSWORD)).accessToken;
});
afterAll(() => t.close());

describe('ten identical user creates at the same moment', () => {
  it('make one user; the rest answer 409 naming the account, whatever its case', async () => {
    const accounts = [
      'racer1',
      'RACER1',
      'Racer1',
      'racer1',
      'rAcEr1',
      'racer1',
      'RACER1',
      'racer1',
      'Racer1',
      'racer1',
    ];
    const answers = (await Promise.all(
      accounts.map((account) =>
        call(t.app, 'POST', '/control/user/create', {
          token: admin,
          body: { account, password: 'Secr3t!pw', name: 'Racer', departmentId: root, roleCodes: ['viewer'] },
        }),
      ),
    )) as Answer[];
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect([refused.status, refused.body.code, fields(refused)]).toEqual([409, 100601, ['account']]);
    }
    const rows = await t.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.account}) = 'racer1'`);
    expect(rows).toHaveLength(1);
  });
});
