import type { DataScope } from '@postdeck/contract/permissions';
import type { Principal } from './principal.ts';

/** Data scopes from narrowest to widest. */
export const SCOPE_RANK: Record<DataScope, number> = { own: 0, tree: 1, all: 2 };

export const widestScope = (scopes: readonly DataScope[]): DataScope =>
  scopes.reduce<DataScope>((widest, s) => (SCOPE_RANK[s] > SCOPE_RANK[widest] ? s : widest), 'own');

/** What a role hands its holders; or what a user's roles hand them together (`combineGrants`). */
export interface Grant {
  dataScope: DataScope;
  permissions: ReadonlySet<string>;
}

/** Several roles held at once: every permission of any of them, and the widest data scope. */
export const combineGrants = (grants: readonly Grant[]): Grant => ({
  dataScope: widestScope(grants.map((grant) => grant.dataScope)),
  permissions: new Set(grants.flatMap((grant) => [...grant.permissions])),
});

/**
 * A role gives nothing its granter lacks: no permission and no wider data scope. The same rule
 * decides whether the caller may act on a user (user-grants.ts): a user is worth what their roles
 * grant together, so one may act on them only when one could have granted all of it.
 */
export const mayGrant = (principal: Principal, grant: Grant) =>
  SCOPE_RANK[grant.dataScope] <= SCOPE_RANK[principal.dataScope] &&
  [...grant.permissions].every((permission) => principal.permissions.has(permission));
