import type {
  DirectoryPerson,
  UserAdminItem,
  UserListFilters,
  userCreateBodySchema,
  userStatusBodySchema,
  userUpdateBodySchema,
} from '@postdeck/contract/users';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { roles, userRoles, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { type DepartmentScope, departmentScope, inScope } from '../../lib/department-scope.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { DEFAULT_LIST_SETTINGS, type ListSettings } from '../../lib/list-page.ts';
import type { PrincipalCache } from '../../lib/principal-cache.ts';
import type { Principal } from '../../lib/principal.ts';
import { mayGrant } from '../../lib/role-grants.ts';
import { actOnUsers } from '../../lib/user-grants.ts';
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
  /** How far the user list counts (the default bound unless a test lowers it). */
  lists?: ListSettings | undefined;
}

/**
 * Users as administrators manage them (spec §7 Users, issue 5). Every call is confined to the
 * caller's data scope (another department's user is not found), nobody grants a role that would
 * give more than they hold nor acts on a user whose roles give more (the same rule, issue 10),
 * and the last active administrator is never removed. The checks run in the transaction that
 * writes, under the target's row lock (user-grants.ts).
 */
export function createUserAdminService(deps: UserAdminDeps) {
  const { db, clock, principals } = deps;

  /** The user when live and inside the caller's scope; otherwise 404 as if it did not exist. */
  async function visible(q: Db, scope: DepartmentScope, id: number): Promise<UserAdminItem> {
    const user = await findAdminUser(q, id);
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
  async function grantable(q: Db, principal: Principal, codes: readonly string[]): Promise<RoleGrant[]> {
    const unique = [...new Set(codes)];
    const grants = await rolesByCode(q, unique);
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
  async function keepAnAdministrator(q: Db, ids: readonly number[]) {
    const [holder] = await q
      .select({ id: users.id })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(inArray(users.id, [...ids]), eq(roles.code, 'admin'), eq(users.status, 'active')));
    if (holder && (await otherActiveAdmins(q, ids)) === 0) throw new AppError('lastAdministrator');
  }

  async function setRoles(tx: Db, userId: number, grants: RoleGrant[]) {
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    await tx.insert(userRoles).values(grants.map((grant) => ({ userId, roleId: grant.id })));
  }

  return {
    async list(principal: Principal, filters: UserListFilters) {
      const scope = await departmentScope(db, principal);
      const page = await listUsers(db, filters, scope, deps.lists ?? DEFAULT_LIST_SETTINGS);
      return { ...page, page: filters.page, pageSize: filters.pageSize };
    },

    async create(principal: Principal, input: CreateBody, meta: RequestMeta): Promise<UserAdminItem> {
      checkDepartment(await departmentScope(db, principal), input.departmentId);
      const grants = await grantable(db, principal, input.roleCodes);
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
      const id = await db.transaction(async (tx) => {
        const user = await visible(tx, scope, input.id);
        // First: the form sent back for someone worth more names roles the caller cannot grant,
        // and 'unknown role' would not say why the change is refused.
        await actOnUsers(tx, principal, [user.id]);
        checkDepartment(scope, input.departmentId);
        const grants = await grantable(tx, principal, input.roleCodes);
        if (!grants.some((grant) => grant.code === 'admin')) await keepAnAdministrator(tx, [user.id]);
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
        return user.id;
      });
      // Menu, permissions and scope follow on the user's next request.
      await principals.invalidate(id);
      return (await findAdminUser(db, id)) as UserAdminItem;
    },

    async setStatus(principal: Principal, input: StatusBody, meta: RequestMeta): Promise<UserAdminItem> {
      const scope = await departmentScope(db, principal);
      const now = clock.now();
      const id = await db.transaction(async (tx) => {
        const user = await visible(tx, scope, input.id);
        if (user.id === principal.id) throw new AppError('notOnYourself');
        await actOnUsers(tx, principal, [user.id]);
        if (input.status === 'disabled') await keepAnAdministrator(tx, [user.id]);
        await tx.update(users).set({ status: input.status }).where(eq(users.id, user.id));
        if (input.status === 'disabled') await revokeUserSessions(tx, user.id, now, 'disabled');
        const action = input.status === 'disabled' ? USER_ACTIONS.disable : USER_ACTIONS.enable;
        await auditChange(tx, principal, meta, {
          at: clock.now(),
          action: action,
          target: `user:${user.id}`,
        });
        return user.id;
      });
      // Open sessions end on their next request: the cached user is dropped everywhere.
      await principals.invalidate(id);
      return (await findAdminUser(db, id)) as UserAdminItem;
    },

    async remove(principal: Principal, ids: readonly number[], meta: RequestMeta): Promise<number> {
      const unique = [...new Set(ids)];
      if (unique.includes(principal.id)) throw new AppError('notOnYourself');
      const scope = await departmentScope(db, principal);
      const now = clock.now();
      await db.transaction(async (tx) => {
        for (const id of unique) await visible(tx, scope, id);
        await actOnUsers(tx, principal, unique);
        await keepAnAdministrator(tx, unique);
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
      const scope = await departmentScope(db, principal);
      // Someone outside the scope is not found before any hashing; the checks that hold are below.
      await visible(db, scope, input.userId);
      const passwordHash = await hashPassword(input.newPassword);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const user = await visible(tx, scope, input.userId);
        await actOnUsers(tx, principal, [user.id]);
        await tx
          .update(users)
          .set({ passwordHash, passwordChangedAt: now, mustChangePassword: user.id !== principal.id })
          .where(eq(users.id, user.id));
        await revokeUserSessions(tx, user.id, now, 'password reset');
        await auditChange(tx, principal, meta, {
          at: clock.now(),
          action: USER_ACTIONS.passwordReset,
          target: `user:${input.userId}`,
        });
      });
      await principals.invalidate(input.userId);
    },

    /**
     * A person from the company directory, marked when they already are a user. A user outside
     * the caller's scope is not found, as everywhere else: the built-in directory is Postdeck's
     * own users, and their name, e-mail and department are not the caller's to read. People who
     * are no user yet are found whatever the caller's scope: the form is there to create them.
     */
    async lookUp(principal: Principal, account: string): Promise<DirectoryPerson | null> {
      const person = await deps.directory.findByAccount(account);
      if (!person) return null;
      // Accounts are unique ignoring case, and a directory may spell one otherwise.
      const [existing] = await db
        .select({ id: users.id, departmentId: users.departmentId })
        .from(users)
        .where(and(sql`lower(${users.account}) = ${person.account.toLowerCase()}`, isNull(users.deletedAt)));
      if (existing && !inScope(await departmentScope(db, principal), existing.departmentId)) return null;
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
