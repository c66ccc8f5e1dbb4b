import type { Db } from '../db/client.ts';
import { createDepartment, rootDepartment } from '../modules/departments/department-repo.ts';

/**
 * The departments API tests share: the root, Newsroom under it with Video under that (a tree),
 * and International beside Newsroom (another department altogether).
 */
export async function departmentTree(db: Db) {
  const root = await rootDepartment(db);
  const news = await createDepartment(db, { name: 'Newsroom', parentId: root });
  const video = await createDepartment(db, { name: 'Video', parentId: news });
  const intl = await createDepartment(db, { name: 'International', parentId: root });
  return { root, news, video, intl };
}
