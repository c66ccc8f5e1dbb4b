import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../../db/schema.ts';
import { ADMIN_PASSWORD, call, createTestApp, login, type TestApp } from '../../test/test-app.ts';

/** Two at once (issue 10, item 3): role codes are unique ignoring case, in the database. */
let t: TestApp;
let admin: string;

type Answer = { status: number; body: { code: number; data: unknown } };
const fields = (res: Answer) =>
  ((res.body.data as { errors?: { field: string }[] } | null)?.errors ?? []).map((e) => e.field);

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app, 'admin', ADMIN_PASSWORD)).accessToken;
});
afterAll(() => t.close());

describe('ten identical role adds at the same moment', () => {
  it('make one role; the rest answer 409 naming the code, whatever its case', async () => {
    const codes = ['rc1', 'RC1', 'Rc1', 'rc1', 'rC1', 'RC1', 'rc1', 'Rc1', 'RC1', 'rc1'];
    const answers = (await Promise.all(
      codes.map((code) =>
        call(t.app, 'GET', '/control/user/userrole/add', {
          token: admin,
          query: { code, name: 'Racing', dataScope: 'own' },
        }),
      ),
    )) as Answer[];
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect([refused.status, refused.body.code, fields(refused)]).toEqual([409, 100801, ['code']]);
    }
    const rows = await t.db
      .select({ id: roles.id })
      .from(roles)
      .where(sql`lower(${roles.code}) = 'rc1'`);
    expect(rows).toHaveLength(1);
  });

  it('the database refuses a code that differs from another only in case', async () => {
    await t.db.insert(roles).values({ code: 'rc2', name: 'Two' });
    await expect(t.db.insert(roles).values({ code: 'RC2', name: 'Two again' })).rejects.toThrow();
  });
});
