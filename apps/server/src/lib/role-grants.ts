import type { DataScope } from '@postdeck/contract/permissions';
import type { Principal } from './principal.ts';

/** Data scopes from narrowest to widest. */
export const SCOPE_RANK: Record<DataScope, number> = { own: 0, tree: 1, all: 2 };

export const widestScope = (scopes: readonly DataScope[]): DataScope =>
  scopes.reduce<DataScope>((widest, s) => (SCOPE_RANK[s] > SCOPE_RANK[widest] ? s : widest), 'own');

/** What a role hands its holders. */
export interface Grant {
  dataScope: DataScope;
  permissions: ReadonlySet<string>;
}

/** A role gives nothing its granter lacks: no permission and no wider data scope. */
export const mayGrant = (principal: Principal, grant: Grant) =>
  SCOPE_RANK[grant.dataScope] <= SCOPE_RANK[principal.dataScope] &&
  [...grant.permissions].every((permission) => principal.permissions.has(permission));
