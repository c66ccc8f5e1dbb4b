import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { departments, menus, refreshTokens, roleMenus, roles, userRoles, users } from '../../db/schema.ts';
import type { Principal } from '../../lib/principal.ts';
import { widestScope } from '../../lib/role-grants.ts';
import { buildMenuTree } from '../menus/menu-tree.ts';

/** Everything a request needs about its user (and their menu), in a few small indexed queries. */
export async function loadPrincipal(db: Db, userId: number, now: Date): Promise<Principal | null> {
  const [user] = await db
    .select({
      id: users.id,
      account: users.account,
      name: users.name,
      avatar: users.avatar,
      introduction: users.introduction,
      status: users.status,
      departmentId: users.departmentId,
      departmentName: departments.name,
      mustChangePassword: users.mustChangePassword,
    })
    .from(users)
    .innerJoin(departments, eq(departments.id, users.departmentId))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) return null;

  const [roleRows, permissionRows, familyRows, menuRows, grantedRows] = await Promise.all([
    db
      .select({ code: roles.code, dataScope: roles.dataScope })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, userId)),
    db
      .selectDistinct({ permission: sql<string>`unnest(${menus.permissions})` })
      .from(userRoles)
      .innerJoin(roleMenus, eq(roleMenus.roleId, userRoles.roleId))
      .innerJoin(menus, eq(menus.id, roleMenus.menuId))
      .where(eq(userRoles.userId, userId)),
    db
      .selectDistinct({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(
        and(
          eq(refreshTokens.userId, userId),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, now),
        ),
      ),
    db
      .select({
        id: menus.id,
        parentId: menus.parentId,
        name: menus.name,
        titles: menus.titles,
        url: menus.url,
        icon: menus.icon,
        hidden: menus.hidden,
        alwaysShow: menus.alwaysShow,
        sort: menus.sort,
      })
      .from(menus)
      .where(eq(menus.kind, 'menu')),
    db
      .selectDistinct({ menuId: roleMenus.menuId })
      .from(userRoles)
      .innerJoin(roleMenus, eq(roleMenus.roleId, userRoles.roleId))
      .where(eq(userRoles.userId, userId)),
  ]);

  const dataScope = widestScope(roleRows.map((r) => r.dataScope));
  return {
    ...user,
    roles: roleRows.map((r) => r.code).sort(),
    permissions: new Set(permissionRows.map((r) => r.permission)),
    dataScope,
    families: new Set(familyRows.map((r) => r.familyId)),
    menu: buildMenuTree(menuRows, new Set(grantedRows.map((r) => r.menuId))),
  };
}
