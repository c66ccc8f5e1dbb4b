import {
  ADMIN_ROLE,
  type RoleItem,
  type roleAddQuerySchema,
  type roleUpdateBodySchema,
} from '@postdeck/contract/roles';
import type { DataScope } from '@postdeck/contract/permissions';
import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { roleMenus, roles, userRoles, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { departmentScope } from '../../lib/department-scope.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import type { PrincipalCache } from '../../lib/principal-cache.ts';
import type { Principal } from '../../lib/principal.ts';
import { mayGrant, SCOPE_RANK } from '../../lib/role-grants.ts';
import { actOnUsers } from '../../lib/user-grants.ts';
import { auditChange, type RequestMeta } from '../audit/audit.ts';
import { permissionsOfMenus } from '../menus/menu-repo.ts';
import { otherActiveAdmins } from '../users/admin-repo.ts';
import { findRole, listRoles, listRoleUsers, usersInScope, usersWithOnlyRole } from './role-repo.ts';

type AddQuery = z.output<typeof roleAddQuerySchema>;
type UpdateBody = z.output<typeof roleUpdateBodySchema>;

/** Audit actions of the role administration. */
export const ROLE_ACTIONS = {
  add: 'role.add',
  update: 'role.update',
  delete: 'role.delete',
  grant: 'role.users.add',
  revoke: 'role.users.remove',
} as const;

const parseIds = (list: string) => (list === '' ? [] : [...new Set(list.split(',').map(Number))]);

/**
 * Roles as spec §7 manages them (issue 5, item 3). A role grants the menu entries ticked for it
 * and a data scope; nobody makes or hands out a role worth more than they hold themselves, the
 * administrator role stays whole, and every holder's menu follows an edit on their next request.
 * Giving or taking a role, or editing one, acts on its users: refused when one of them is worth
 * more than the caller (issue 10, user-grants.ts).
 */
export function createRoleService(deps: {
  db: Db;
  clock: Clock;
  principals: Pick<PrincipalCache, 'invalidate'>;
}) {
  const { db, clock, principals } = deps;

  /** Refuses entries that do not exist or carry a permission the caller lacks, or a wider scope. */
  async function checkGrant(principal: Principal, menuIds: readonly number[], dataScope: DataScope) {
    const { permissions, unknown } = await permissionsOfMenus(db, menuIds);
    if (unknown.length > 0 || !mayGrant(principal, { dataScope: 'own', permissions })) {
      throw new AppError('roleBeyondYours', { fieldErrors: [fieldError('menuIds', 'roleBeyondYours')] });
    }
    if (SCOPE_RANK[dataScope] > SCOPE_RANK[principal.dataScope]) {
      throw new AppError('roleBeyondYours', { fieldErrors: [fieldError('dataScope', 'roleBeyondYours')] });
    }
  }

  /** The role, when the caller could grant everything it gives (else they may not manage it). */
  async function manageable(principal: Principal, id: number): Promise<RoleItem> {
    const role = await findRole(db, id);
    if (!role) throw new AppError('notFound');
    const { permissions } = await permissionsOfMenus(db, role.menuIds);
    if (!mayGrant(principal, { dataScope: role.dataScope, permissions }))
      throw new AppError('roleBeyondYours');
    return role;
  }

  async function one(id: number): Promise<RoleItem> {
    const role = await findRole(db, id);
    if (!role) throw new AppError('notFound');
    return role;
  }

  async function holders(roleId: number): Promise<number[]> {
    const rows = await db
      .select({ userId: userRoles.userId })
      .from(userRoles)
      .where(eq(userRoles.roleId, roleId));
    return rows.map((row) => row.userId);
  }

  /**
   * A role used outside the caller's departments changes only by an administrator of every
   * department (data scope all): otherwise the edit reaches people the caller does not manage.
   * Used outside means built-in (organisation-wide: every department's user form offers it, and
   * single sign-on hands one to newcomers) or held by a live user of a department outside the
   * caller's scope, a disabled one included (they may be enabled again). Any other role is
   * held, if at all, only by the caller's own people, and theirs to change.
   */
  async function checkUsedWithin(principal: Principal, role: RoleItem) {
    const scope = await departmentScope(db, principal);
    if (scope.all) return;
    if (role.builtIn) throw new AppError('roleOrganisationWide');
    const [outside] = await db
      .select({ id: users.id })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(
        and(
          eq(userRoles.roleId, role.id),
          isNull(users.deletedAt),
          notInArray(users.departmentId, scope.ids),
        ),
      )
      .limit(1);
    if (outside) throw new AppError('roleHeldOutside');
  }

  /** Live users holding the role (deleted ones keep their rows but nobody acts on them). */
  async function liveHolders(q: Db, roleId: number): Promise<number[]> {
    const rows = await q
      .select({ id: users.id })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(and(eq(userRoles.roleId, roleId), isNull(users.deletedAt)));
    return rows.map((row) => row.id);
  }

  async function invalidateUsers(ids: readonly number[]) {
    await Promise.all(ids.map((id) => principals.invalidate(id)));
  }

  async function setMenus(tx: Db, roleId: number, menuIds: readonly number[]) {
    await tx.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
    if (menuIds.length > 0) await tx.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId, menuId })));
  }

  return {
    list: (filters: { page: number; pageSize: number; keyword?: string | undefined }) =>
      listRoles(db, filters),

    async users(
      principal: Principal,
      filters: {
        roleId: number;
        member: boolean;
        keyword?: string | undefined;
        page: number;
        pageSize: number;
      },
    ) {
      await one(filters.roleId);
      const found = await listRoleUsers(db, filters, await departmentScope(db, principal));
      return { ...found, page: filters.page, pageSize: filters.pageSize };
    },

    async add(principal: Principal, input: AddQuery, meta: RequestMeta): Promise<RoleItem> {
      const menuIds = parseIds(input.menuIds);
      const [clash] = await db
        .select({ id: roles.id })
        .from(roles)
        .where(sql`lower(${roles.code}) = ${input.code.toLowerCase()}`);
      if (clash) throw new AppError('roleCodeTaken', { fieldErrors: [fieldError('code', 'roleCodeTaken')] });
      await checkGrant(principal, menuIds, input.dataScope);
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(roles)
          .values({ code: input.code, name: input.name, dataScope: input.dataScope, createdAt: clock.now() })
          .returning({ id: roles.id });
        if (!row) throw new Error('role insert returned nothing');
        await setMenus(tx, row.id, menuIds);
        await auditChange(tx, principal, meta, {
          at: clock.now(),
          action: ROLE_ACTIONS.add,
          target: `role:${row.id}`,
          detail: { code: input.code, name: input.name, dataScope: input.dataScope, menuIds },
        });
        return row.id;
      });
      return one(id);
    },

    async update(principal: Principal, input: UpdateBody, meta: RequestMeta): Promise<RoleItem> {
      const current = await manageable(principal, input.id);
      if (current.code === ADMIN_ROLE) throw new AppError('roleBuiltIn');
      await checkUsedWithin(principal, current);
      const menuIds = [...new Set(input.menuIds)];
      await checkGrant(principal, menuIds, input.dataScope);
      await db.transaction(async (tx) => {
        await actOnUsers(tx, principal, await liveHolders(tx, current.id), 'roleHolderBeyondYours');
        await tx
          .update(roles)
          .set({ name: input.name, dataScope: input.dataScope })
          .where(eq(roles.id, current.id));
        await setMenus(tx, current.id, menuIds);
        await auditChange(tx, principal, meta, {
          at: clock.now(),
          action: ROLE_ACTIONS.update,
          target: `role:${current.id}`,
          detail: {
            from: { name: current.name, dataScope: current.dataScope, menuIds: current.menuIds },
            to: { name: input.name, dataScope: input.dataScope, menuIds },
          },
        });
      });
      // Holders get their new menu and permissions on their next request, in every process.
      await invalidateUsers(await holders(current.id));
      return one(current.id);
    },

    async insert(principal: Principal, roleId: number, userIdList: string, meta: RequestMeta) {
      const role = await manageable(principal, roleId);
      const wanted = parseIds(userIdList);
      const found = await usersInScope(db, wanted, await departmentScope(db, principal));
      if (found.length < wanted.length) throw new AppError('notFound');
      const inserted = await db.transaction(async (tx) => {
        await actOnUsers(tx, principal, found);
        const rows = await tx
          .insert(userRoles)
          .values(found.map((userId) => ({ userId, roleId: role.id })))
          .onConflictDoNothing()
          .returning({ userId: userRoles.userId });
        if (rows.length > 0) {
          await auditChange(tx, principal, meta, {
            at: clock.now(),
            action: ROLE_ACTIONS.grant,
            target: `role:${role.id}`,
            detail: { code: role.code, userIds: rows.map((row) => row.userId) },
          });
        }
        return rows.length;
      });
      await invalidateUsers(found);
      return { inserted };
    },

    async remove(principal: Principal, roleId: number, userIdList: string | undefined, meta: RequestMeta) {
      const role = await manageable(principal, roleId);
      if (userIdList === undefined) {
        if (role.builtIn) throw new AppError('roleBuiltIn');
        if (role.userCount > 0) throw new AppError('roleInUse');
        await db.transaction(async (tx) => {
          // Deleted users may still hold it; they go with it.
          await tx.delete(roles).where(eq(roles.id, role.id));
          await auditChange(tx, principal, meta, {
            at: clock.now(),
            action: ROLE_ACTIONS.delete,
            target: `role:${role.id}`,
            detail: { code: role.code, name: role.name },
          });
        });
        return { deleted: 1 };
      }
      const wanted = parseIds(userIdList);
      const found = await usersInScope(db, wanted, await departmentScope(db, principal));
      if (found.length < wanted.length) throw new AppError('notFound');
      if ((await usersWithOnlyRole(db, found, role.id)).length > 0) throw new AppError('roleLastOfUser');
      if (role.code === ADMIN_ROLE && (await otherActiveAdmins(db, found)) === 0) {
        throw new AppError('lastAdministrator');
      }
      const deleted = await db.transaction(async (tx) => {
        await actOnUsers(tx, principal, found);
        const rows = await tx
          .delete(userRoles)
          .where(and(eq(userRoles.roleId, role.id), inArray(userRoles.userId, found)))
          .returning({ userId: userRoles.userId });
        if (rows.length > 0) {
          await auditChange(tx, principal, meta, {
            at: clock.now(),
            action: ROLE_ACTIONS.revoke,
            target: `role:${role.id}`,
            detail: { code: role.code, userIds: rows.map((row) => row.userId) },
          });
        }
        return rows.length;
      });
      await invalidateUsers(found);
      return { deleted };
    },
  };
}

export type RoleService = ReturnType<typeof createRoleService>;
