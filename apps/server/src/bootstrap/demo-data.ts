import type { Db } from '../db/client.ts';
import { ensureDepartment, rootDepartment } from '../modules/departments/department-repo.ts';
import { createUser, findUserIdByAccount } from '../modules/users/user-repo.ts';

/** The demonstration organisation: a newsroom with two desks, and a user for each built-in role. */
export const DEMO_USERS = [
  { account: 'demo_admin', name: 'Ada Admin', role: 'admin', department: 'root' },
  { account: 'demo_deptadmin', name: 'Dana Desk-Lead', role: 'dept_admin', department: 'Newsroom' },
  { account: 'demo_editor', name: 'Eli Editor', role: 'editor', department: 'Video desk' },
  { account: 'demo_viewer', name: 'Vic Viewer', role: 'viewer', department: 'Social desk' },
] as const;

/** Adds what is missing and returns the accounts it created; running it again changes nothing. */
export async function seedDemo(db: Db, password: string): Promise<string[]> {
  const root = await rootDepartment(db);
  const newsroom = await ensureDepartment(db, { name: 'Newsroom', parentId: root });
  const departments: Record<string, number> = {
    root,
    Newsroom: newsroom,
    'Video desk': await ensureDepartment(db, { name: 'Video desk', parentId: newsroom }),
    'Social desk': await ensureDepartment(db, { name: 'Social desk', parentId: newsroom }),
    International: await ensureDepartment(db, { name: 'International', parentId: root }),
  };
  const created: string[] = [];
  for (const user of DEMO_USERS) {
    if (await findUserIdByAccount(db, user.account)) continue;
    await createUser(db, {
      account: user.account,
      name: user.name,
      password,
      departmentId: departments[user.department] as number,
      roleCodes: [user.role],
    });
    created.push(user.account);
  }
  return created;
}
