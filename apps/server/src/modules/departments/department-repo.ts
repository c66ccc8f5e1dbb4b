import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { departments } from '../../db/schema.ts';

export async function createDepartment(db: Db, input: { name: string; parentId: number }): Promise<number> {
  const [row] = await db.insert(departments).values(input).returning({ id: departments.id });
  if (!row) throw new Error('department insert returned nothing');
  return row.id;
}

/** The department of that name under a parent, created when missing (seeding runs twice safely). */
export async function ensureDepartment(db: Db, input: { name: string; parentId: number }): Promise<number> {
  const [existing] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.name, input.name), eq(departments.parentId, input.parentId)));
  return existing?.id ?? createDepartment(db, input);
}

export async function rootDepartment(db: Db): Promise<number> {
  const [root] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(isNull(departments.parentId))
    .orderBy(departments.id)
    .limit(1);
  if (!root) throw new Error('no root department: has bootstrap run?');
  return root.id;
}
