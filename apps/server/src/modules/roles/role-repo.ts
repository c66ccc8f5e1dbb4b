import type { RoleItem, RoleUser } from '@postdeck/contract/roles';
import { and, asc, eq, exists, ilike, inArray, isNull, not, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { departments, roleMenus, roles, userRoles, users } from '../../db/schema.ts';
import { type DepartmentScope, scopeFilter } from '../../lib/department-scope.ts';
import { containsPattern } from '../../lib/like.ts';
import { DEFAULT_LIST_SETTINGS, numberedPageTotal, pageOffset } from '../../lib/list-page.ts';

interface Page {
  page: number;
  pageSize: number;
}

const holdsRole = (db: Db, roleId: number) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(userRoles)
      .where(and(eq(userRoles.userId, users.id), eq(userRoles.roleId, roleId))),
  );

/** Roles (filtered by code or name), each with its live users counted and its entries. */
export async function listRoles(
  db: Db,
  filters: Page & { keyword?: string | undefined; ids?: number[] },
): Promise<{ items: RoleItem[]; total: number; totalExact: boolean }> {
  const offset = pageOffset(filters, DEFAULT_LIST_SETTINGS);
  const where = and(
    filters.keyword
      ? or(
          ilike(roles.code, containsPattern(filters.keyword)),
          ilike(roles.name, containsPattern(filters.keyword)),
        )
      : undefined,
    filters.ids ? inArray(roles.id, filters.ids) : undefined,
  );
  const rows = await db
    .select({
      id: roles.id,
      code: roles.code,
      name: roles.name,
      dataScope: roles.dataScope,
      builtIn: roles.builtIn,
      // Plain SQL names: a one-table select leaves columns unqualified (see departments).
      userCount: sql<number>`(select count(*)::int from user_roles ur join users u on u.id = ur.user_id
          where ur.role_id = roles.id and u.deleted_at is null)`,
    })
    .from(roles)
    .where(where)
    .orderBy(asc(roles.id))
    .limit(filters.pageSize)
    .offset(offset);
  const total = await numberedPageTotal(
    db,
    filters,
    offset,
    rows.length,
    db.select({ id: roles.id }).from(roles).where(where),
    DEFAULT_LIST_SETTINGS,
  );
  const menuRows =
    rows.length === 0
      ? []
      : await db
          .select({ roleId: roleMenus.roleId, menuId: roleMenus.menuId })
          .from(roleMenus)
          .where(
            inArray(
              roleMenus.roleId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(roleMenus.menuId));
  return {
    items: rows.map((row) => ({
      ...row,
      userCount: Number(row.userCount),
      menuIds: menuRows.filter((m) => m.roleId === row.id).map((m) => m.menuId),
    })),
    ...total,
  };
}

export async function findRole(db: Db, id: number): Promise<RoleItem | undefined> {
  const { items } = await listRoles(db, { page: 1, pageSize: 1, ids: [id] });
  return items[0];
}

/** Live users of a scope who hold the role (member) or do not, by account or name. */
export async function listRoleUsers(
  db: Db,
  filters: Page & { roleId: number; member: boolean; keyword?: string | undefined },
  scope: DepartmentScope,
): Promise<{ items: RoleUser[]; total: number; totalExact: boolean }> {
  const offset = pageOffset(filters, DEFAULT_LIST_SETTINGS);
  const holds = holdsRole(db, filters.roleId);
  const conditions: (SQL | undefined)[] = [
    isNull(users.deletedAt),
    scopeFilter(scope, users.departmentId),
    filters.member ? holds : not(holds),
  ];
  if (filters.keyword) {
    const pattern = containsPattern(filters.keyword);
    conditions.push(or(ilike(users.account, pattern), ilike(users.name, pattern)));
  }
  const where = and(...conditions);
  const items = await db
    .select({ id: users.id, account: users.account, name: users.name, department: departments.name })
    .from(users)
    .innerJoin(departments, eq(departments.id, users.departmentId))
    .where(where)
    .orderBy(asc(users.account), asc(users.id))
    .limit(filters.pageSize)
    .offset(offset);
  const total = await numberedPageTotal(
    db,
    filters,
    offset,
    items.length,
    db.select({ id: users.id }).from(users).where(where),
    DEFAULT_LIST_SETTINGS,
  );
  return { items, ...total };
}

/** Of `ids`, the live users inside the scope (the others are treated as not found). */
export async function usersInScope(
  db: Db,
  ids: readonly number[],
  scope: DepartmentScope,
): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), isNull(users.deletedAt), scopeFilter(scope, users.departmentId)));
  return rows.map((row) => row.id);
}

/** Of `ids`, the users whose only role is `roleId` (taking it would leave them with none). */
export async function usersWithOnlyRole(db: Db, ids: readonly number[], roleId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(inArray(userRoles.userId, [...ids]))
    .groupBy(userRoles.userId)
    .having(sql`bool_and(${userRoles.roleId} = ${roleId})`);
  return rows.map((row) => row.userId);
}
