import type {
  DirectoryPerson,
  UserAdminItem,
  UserListFilters,
  userCreateBodySchema,
  userStatusBodySchema,
  userUpdateBodySchema,
} from '@postdeck/contract/users';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { roles, userRoles, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { type DepartmentScope, departmentScope, inScope } from '../../lib/department-scope.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import type { PrincipalCache } from '../../lib/principal-cache.ts';
import type { Principal } from '../../lib/principal.ts';
import { mayGrant } from '../../lib/role-grants.ts';
import { auditChange, type RequestMeta } from '../audit/audit.ts';
import { hashPassword } from '../auth/passwords.ts';
import { revokeUserSessions } from '../auth/refresh-tokens.ts';
import {
  accountTaken,
  findAdminUser,
  listUsers,
  otherActiveAdmins,
  type RoleGrant,
  rolesByCode,
} from './admin-repo.ts';
import type { Directory } from './directory.ts';

type CreateBody = z.output<typeof userCreateBodySchema>;
type UpdateBody = z.output<typeof userUpdateBodySchema>;
type StatusBody = z.output<typeof userStatusBodySchema>;

/** Audit actions of the user administration. */
export const USER_ACTIONS = {
  create: 'user.create',
  update: 'user.update',
  disable: 'user.disable',
  enable: 'user.enable',
  delete: 'user.delete',
  passwordReset: 'user.password.reset',
} as const;

export interface UserAdminDeps {
  db: Db;
  clock: Clock;
  principals: Pick<PrincipalCache, 'invalidate'>;
  directory: Directory;
}

/**
 * Users as administrators manage them (spec §7 Users, issue 5). Every call is confined to the
 * caller's data scope (another department's user is not found), nobody grants a role that would
 * give more than they hold, and the last active administrator is never removed.
 */
export function createUserAdminService(deps: UserAdminDeps) {
  const { db, clock, principals } = deps;

  /** The user when live and inside the caller's scope; otherwise 404 as if it did not exist. */
  async function visible(scope: DepartmentScope, id: number): Promise<UserAdminItem> {
    const user = await findAdminUser(db, id);
    if (!user || !inScope(scope, user.department.id)) throw new AppError('notFound');
    return user;
  }

  function checkDepartment(scope: DepartmentScope, departmentId: number) {
    if (!inScope(scope, departmentId)) {
      throw new AppError('userDepartmentNotAllowed', {
        fieldErrors: [fieldError('departmentId', 'userDepartmentNotAllowed')],
      });
    }
  }

  /** The roles to grant, each known and no more than the caller holds (no escalation). */
  async function grantable(principal: Principal, codes: readonly string[]): Promise<RoleGrant[]> {
    const unique = [...new Set(codes)];
    const grants = await rolesByCode(db, unique);
    const refused = unique.filter((code) => {
      const grant = grants.find((g) => g.code === code);
      return !grant || !mayGrant(principal, grant);
    });
    if (refused.length > 0) {
      throw new AppError('roleUnknown', {
        fieldErrors: [fieldError('roleCodes', 'roleUnknown')],
        data: { roles: refused },
      });
    }
    return grants;
  }

  /** Refuses when `ids` hold every remaining active administrator. */
  async function keepAnAdministrator(ids: readonly number[]) {
    const [holder] = await db
      .select({ id: users.id })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(inArray(users.id, [...ids]), eq(roles.code, 'admin'), eq(users.status, 'active')));
    if (holder && (await otherActiveAdmins(db, ids)) === 0) throw new AppError('lastAdministrator');
  }

  async function setRoles(tx: Db, userId: number, grants: RoleGrant[]) {
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    await tx.insert(userRoles).values(grants.map((grant) => ({ userId, roleId: grant.id })));
  }

  return {
    async list(principal: Principal, filters: UserListFilters) {
      const { items, total } = await listUsers(db, filters, await departmentScope(db, principal));
      return { items, total, page: filters.page, pageSize: filters.pageSize };
    },

    async create(principal: Principal, input: CreateBody, meta: RequestMeta): Promise<UserAdminItem> {
      checkDepartment(await departmentScope(db, principal), input.departmentId);
      const grants = await grantable(principal, input.roleCodes);
      if (await accountTaken(db, input.account)) {
        throw new AppError('accountTaken', { fieldErrors: [fieldError('account', 'accountTaken')] });
      }
      const passwordHash = await hashPassword(input.password);
      const now = clock.now();
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({
            account: input.account,
            name: input.name,
            email: input.email,
            departmentId: input.departmentId,
            passwordHash,
            passwordChangedAt: now,
            mustChangePassword: true,
            createdAt: now,
          })
          .returning({ id: users.id });
        if (!row) throw new Error('user insert returned nothing');
        await setRoles(tx, row.id, grants);
        await auditChange(tx, principal, meta, {
          at: clock.now(),
          action: USER_ACTIONS.create,
          target: `user:${row.id}`,
        });
        return row.id;
      });
      return (await findAdminUser(db, id)) as UserAdminItem;
    },

    async update(principal: Principal, input: UpdateBody, meta: RequestMeta): Promise<UserAdminItem> {
      const scope = await departmentScope(db, principal);
      const user = await visible(scope, input.id);
      checkDepartment(scope, input.departmentId);
      const grants = await grantable(principal, input.roleCodes);
      if (!grants.some((grant) => grant.code === 'admin')) await keepAnAdministrator([user.id]);
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ name: input.name, email: input.email, departmentId: input.departmentId })
          .where(eq(users.id, user.id));
        await setRoles(tx, user.id, grants);
        await auditChange(tx, principal, meta, {
          at: clock.now(),
          action: USER_ACTIONS.update,
          target: `user:${user.id}`,
        });
      });
      // Menu, permissions and scope follow on the user's next request.
      await principals.invalidate(user.id);
      return (await findAdminUser(db, user.id)) as UserAdminItem;
    },

    async setStatus(principal: Principal, input: StatusBody, meta: RequestMeta): Promise<UserAdminItem> {
      const user = await visible(await departmentScope(db, principal), input.id);
      if (user.id === principal.id) throw new AppError('notOnYourself');
      if (input.status === 'disabled') await keepAnAdministrator([user.id]);
      const now = clock.now();
      await db.transaction(async (tx) => {
        await tx.update(users).set({ status: input.status }).where(eq(users.id, user.id));
        if (input.status === 'disabled') await revokeUserSessions(tx, user.id, now, 'disabled');
        const action = input.status === 'disabled' ? USER_ACTIONS.disable : USER_ACTIONS.enable;
        await auditChange(tx, principal, meta, {
          at: clock.now(),
          action: action,
          target: `user:${user.id}`,
        });
      });
      // Open sessions end on their next request: the cached user is dropped everywhere.
      await principals.invalidate(user.id);
      return (await findAdminUser(db, user.id)) as UserAdminItem;
    },

    async remove(principal: Principal, ids: readonly number[], meta: RequestMeta): Promise<number> {
      const unique = [...new Set(ids)];
      if (unique.includes(principal.id)) throw new AppError('notOnYourself');
      const scope = await departmentScope(db, principal);
      for (const id of unique) await visible(scope, id);
      await keepAnAdministrator(unique);
      const now = clock.now();
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ deletedAt: now, status: 'disabled' })
          .where(and(inArray(users.id, unique), isNull(users.deletedAt)));
        for (const id of unique) {
          await revokeUserSessions(tx, id, now, 'deleted');
          await auditChange(tx, principal, meta, {
            at: clock.now(),
            action: USER_ACTIONS.delete,
            target: `user:${id}`,
          });
        }
      });
      for (const id of unique) await principals.invalidate(id);
      return unique.length;
    },

    async resetPassword(
      principal: Principal,
      input: { userId: number; newPassword: string },
      meta: RequestMeta,
    ): Promise<void> {
      const user = await visible(await departmentScope(db, principal), input.userId);
      const passwordHash = await hashPassword(input.newPassword);
      const now = clock.now();
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash, passwordChangedAt: now, mustChangePassword: user.id !== principal.id })
          .where(eq(users.id, user.id));
        await revokeUserSessions(tx, user.id, now, 'password reset');
        await auditChange(tx, principal, meta, {
          at: clock.now(),
          action: USER_ACTIONS.passwordReset,
          target: `user:${user.id}`,
        });
      });
      await principals.invalidate(user.id);
    },

    /** A person from the company directory, marked when they already are a user. */
    async lookUp(account: string): Promise<DirectoryPerson | null> {
      const person = await deps.directory.findByAccount(account);
      if (!person) return null;
      const [existing] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.account, person.account), isNull(users.deletedAt)));
      return { ...person, existingUserId: existing?.id ?? null };
    },

    /** The roles a caller may grant, for the user form. */
    async roleOptions(principal: Principal) {
      const all = await db.select({ code: roles.code, name: roles.name, builtIn: roles.builtIn }).from(roles);
      const grants = await rolesByCode(
        db,
        all.map((role) => role.code),
      );
      const allowed = new Set(
        grants.filter((grant) => mayGrant(principal, grant)).map((grant) => grant.code),
      );
      return { items: all.filter((role) => allowed.has(role.code)) };
    },
  };
}

export type UserAdminService = ReturnType<typeof createUserAdminService>;
