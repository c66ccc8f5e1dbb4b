import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { departmentTree } from '../../test/fixtures.ts';
import { createBootstrappedDatabase } from '../../test/test-app.ts';
import { createUser } from '../users/user-repo.ts';
import { accountAdministrators } from './account-admins.ts';

describe("a department's account administrators", () => {
  let database: Database;
  let dept: Awaited<ReturnType<typeof departmentTree>>;
  const people: Record<string, number> = {};
  beforeAll(async () => {
    ({ database } = await createBootstrappedDatabase());
    dept = await departmentTree(database.db);
    const staff: [string, number, string][] = [
      ['newsLead', dept.news, 'dept_admin'],
      ['videoLead', dept.video, 'dept_admin'],
      ['intlLead', dept.intl, 'dept_admin'],
      ['newsEditor', dept.news, 'editor'],
    ];
    for (const [account, departmentId, role] of staff)
      people[account] = await createUser(database.db, {
        account,
        name: account,
        password: 'Secr3t!pw',
        departmentId,
        roleCodes: [role],
      });
  });
  afterAll(() => database.close());

  it('are those who may connect accounts with the department in their scope', async () => {
    const admins = await accountAdministrators(database.db, dept.video);
    expect(admins).toEqual(expect.arrayContaining([people['newsLead'], people['videoLead']]));
    expect(admins).not.toContain(people['intlLead']);
    expect(admins).not.toContain(people['newsEditor']);
  });

  it('are found even when the departments were made to loop outside their module', async () => {
    await database.db.execute(sql`update departments set parent_id = ${dept.video} where id = ${dept.news}`);
    const admins = await accountAdministrators(database.db, dept.video);
    expect(admins).toEqual(expect.arrayContaining([people['newsLead'], people['videoLead']]));
  });
});
