import type { DataScope } from '@postdeck/contract/permissions';
import type { UserAdminItem, UserListFilters } from '@postdeck/contract/users';
import { type SQL, and, asc, eq, exists, ilike, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { departments, menus, roleMenus, roles, userRoles, users } from '../../db/schema.ts';
import { type DepartmentScope, scopeFilter } from '../../lib/department-scope.ts';
import { containsPattern } from '../../lib/like.ts';
import {
  type ListItems,
  type ListOrder,
  type ListSettings,
  cursorValue,
  listPage,
} from '../../lib/list-page.ts';

const itemColumns = {
  id: users.id,
  account: users.account,
  name: users.name,
  email: users.email,
  status: users.status,
  mustChangePassword: users.mustChangePassword,
  createdAt: users.createdAt,
  departmentId: departments.id,
  departmentName: departments.name,
};

/** Live users of a scope, with their department and roles, as the administration shows them. */
/** Newest first; the id breaks ties so pages never repeat or skip a row. */
const NEWEST_FIRST: ListOrder = {
  name: 'createdAt',
  column: users.createdAt,
  kind: 'timestamp',
  id: users.id,
  direction: 'desc',
};

export async function listUsers(
  db: Db,
  filters: UserListFilters,
  scope: DepartmentScope,
  settings: ListSettings,
): Promise<ListItems<UserAdminItem>> {
  const conditions: (SQL | undefined)[] = [isNull(users.deletedAt), scopeFilter(scope, users.departmentId)];
  if (filters.account) conditions.push(ilike(users.account, containsPattern(filters.account)));
  if (filters.name) conditions.push(ilike(users.name, containsPattern(filters.name)));
  if (filters.departmentId) conditions.push(eq(users.departmentId, filters.departmentId));
  if (filters.status) conditions.push(eq(users.status, filters.status));
  if (filters.role) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(userRoles)
          .innerJoin(roles, eq(roles.id, userRoles.roleId))
          .where(and(eq(userRoles.userId, users.id), eq(roles.code, filters.role))),
      ),
    );
  }
  const where = and(...conditions);
  const { rows, ...page } = await listPage(db, filters, NEWEST_FIRST, settings, {
    list: 'users',
    fetch: (plan) =>
      db
        .select({ ...itemColumns, cursorValue: cursorValue(NEWEST_FIRST) })
        .from(users)
        .innerJoin(departments, eq(departments.id, users.departmentId))
        .where(and(where, plan.where))
        .orderBy(...plan.orderBy)
        .limit(plan.limit)
        .offset(plan.offset),
    idOf: (row) => row.id,
    matching: db.select({ id: users.id }).from(users).where(where),
  });
  const roleRows = await rolesOfUsers(
    db,
    rows.map((row) => row.id),
  );
  return { ...page, items: rows.map((row) => toItem(row, roleRows.get(row.id) ?? [])) };
}

/** One live user as the administration shows them, or undefined. */
export async function findAdminUser(db: Db, id: number): Promise<UserAdminItem | undefined> {
  const [row] = await db
    .select(itemColumns)
    .from(users)
    .innerJoin(departments, eq(departments.id, users.departmentId))
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  if (!row) return undefined;
  return toItem(row, (await rolesOfUsers(db, [id])).get(id) ?? []);
}

type ItemRow = {
  id: number;
  account: string;
  name: string;
  email: string;
  status: 'active' | 'disabled';
  mustChangePassword: boolean;
  createdAt: Date;
  departmentId: number;
  departmentName: string;
};

const toItem = (row: ItemRow, roleList: { code: string; name: string }[]): UserAdminItem => ({
  id: row.id,
  account: row.account,
  name: row.name,
  email: row.email,
  department: { id: row.departmentId, name: row.departmentName },
  roles: roleList,
  status: row.status,
  mustChangePassword: row.mustChangePassword,
  createdAt: row.createdAt.toISOString(),
});

async function rolesOfUsers(db: Db, ids: number[]) {
  const byUser = new Map<number, { code: string; name: string }[]>();
  if (ids.length === 0) return byUser;
  const rows = await db
    .select({ userId: userRoles.userId, code: roles.code, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, ids))
    .orderBy(asc(roles.id));
  for (const row of rows) {
    const list = byUser.get(row.userId) ?? [];
    list.push({ code: row.code, name: row.name });
    byUser.set(row.userId, list);
  }
  return byUser;
}

export interface RoleGrant {
  id: number;
  code: string;
  dataScope: DataScope;
  permissions: Set<string>;
}

/** The roles named by `codes` with what each grants; unknown codes are simply missing. */
export async function rolesByCode(db: Db, codes: readonly string[]): Promise<RoleGrant[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .select({ id: roles.id, code: roles.code, dataScope: roles.dataScope, permissions: menus.permissions })
    .from(roles)
    .leftJoin(roleMenus, eq(roleMenus.roleId, roles.id))
    .leftJoin(menus, eq(menus.id, roleMenus.menuId))
    .where(inArray(roles.code, [...codes]));
  const byCode = new Map<string, RoleGrant>();
  for (const row of rows) {
    const grant = byCode.get(row.code) ?? {
      id: row.id,
      code: row.code,
      dataScope: row.dataScope,
      permissions: new Set<string>(),
    };
    for (const permission of row.permissions ?? []) grant.permissions.add(permission);
    byCode.set(row.code, grant);
  }
  return [...byCode.values()];
}

/** Live, active holders of the admin role other than `except`. */
export async function otherActiveAdmins(db: Db, except: readonly number[]): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(distinct ${users.id})::int` })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(
        eq(roles.code, 'admin'),
        eq(users.status, 'active'),
        isNull(users.deletedAt),
        except.length > 0 ? notInArray(users.id, [...except]) : undefined,
      ),
    );
  return Number(row?.count ?? 0);
}

/** Whether an account name is taken, by any user ever (deleted ones keep their account). */
export async function accountTaken(db: Db, account: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.account}) = ${account.toLowerCase()}`,
        exceptId === undefined ? undefined : ne(users.id, exceptId),
      ),
    );
  return row !== undefined;
}
