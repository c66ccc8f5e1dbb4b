import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { menus, roleMenus, roles, userRoles, users } from '../db/schema.ts';
import { AppError } from './errors.ts';
import type { Principal } from './principal.ts';
import { combineGrants, type Grant, mayGrant } from './role-grants.ts';

/**
 * What each user's roles grant them together, computed as the principal loader computes a
 * signed-in user's (principal-repo.ts). A user without roles holds nothing.
 */
export async function grantsOfUsers(db: Db, ids: readonly number[]): Promise<Map<number, Grant>> {
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            userId: userRoles.userId,
            dataScope: roles.dataScope,
            permissions: menus.permissions,
          })
          .from(userRoles)
          .innerJoin(roles, eq(roles.id, userRoles.roleId))
          .leftJoin(roleMenus, eq(roleMenus.roleId, roles.id))
          .leftJoin(menus, eq(menus.id, roleMenus.menuId))
          .where(inArray(userRoles.userId, [...ids]));
  const byUser = new Map<number, Grant[]>(ids.map((id) => [id, []]));
  for (const row of rows) {
    byUser.get(row.userId)?.push({ dataScope: row.dataScope, permissions: new Set(row.permissions ?? []) });
  }
  const grants = new Map<number, Grant>();
  for (const [id, held] of byUser) grants.set(id, combineGrants(held));
  return grants;
}

/**
 * The one check for every call that acts on users (password, roles, status, deletion, role
 * membership, a role's edit reaching its holders): refused when any of them is worth more than
 * the caller, by `mayGrant`, the rule that already decides which roles the caller may grant.
 *
 * Run it inside the transaction that writes: it locks the users' rows (in id order, so two calls
 * on overlapping users queue instead of deadlocking) until the commit. Every change of someone's
 * roles comes through here first and takes the same locks, so nobody is promoted between the
 * check and the write it guards.
 */
export async function actOnUsers(
  tx: Db,
  principal: Principal,
  ids: readonly number[],
  refusal: 'userBeyondYours' | 'roleHolderBeyondYours' = 'userBeyondYours',
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, [...ids]))
    .orderBy(asc(users.id))
    // Not FOR UPDATE: rows that merely point at these users (sessions, audit) need not wait.
    .for('no key update');
  const grants = await grantsOfUsers(tx, ids);
  if ([...grants.values()].some((grant) => !mayGrant(principal, grant))) throw new AppError(refusal);
}
