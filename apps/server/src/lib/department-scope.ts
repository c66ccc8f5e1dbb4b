import { inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type Db, rawRows } from '../db/client.ts';
import type { Principal } from './principal.ts';

export type DepartmentScope = { all: true } | { all: false; ids: number[] };

/**
 * Ids of a department and everything under it. Both walks below use UNION, not UNION ALL: a
 * department reached again adds no row, so the walk ends even on a cycle in the data.
 */
export async function departmentSubtree(db: Db, rootId: number): Promise<number[]> {
  const rows = await rawRows<{ id: number | string }>(
    db,
    sql`
    with recursive tree(id) as (
      select id from departments where id = ${rootId}
      union
      select d.id from departments d join tree t on d.parent_id = t.id
    )
    select id from tree`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * The departments whose data a user may see (DESIGN.md §4): their own, their own subtree, or
 * all, by the widest data scope among their roles. Modules filter lists with `scopeFilter`
 * and answer 404 (not 403) for a record outside it, so ids cannot be probed.
 */
export async function departmentScope(db: Db, principal: Principal): Promise<DepartmentScope> {
  switch (principal.dataScope) {
    case 'all':
      return { all: true };
    case 'tree':
      return { all: false, ids: await departmentSubtree(db, principal.departmentId) };
    case 'own':
      return { all: false, ids: [principal.departmentId] };
  }
}

/** A WHERE condition restricting `column` (a department id column) to the scope. */
export function scopeFilter(scope: DepartmentScope, column: PgColumn): SQL | undefined {
  return scope.all ? undefined : inArray(column, scope.ids);
}

export function inScope(scope: DepartmentScope, departmentId: number): boolean {
  return scope.all || scope.ids.includes(departmentId);
}

/** Ids of several departments and everything under them (unknown ids contribute nothing). */
export async function departmentSubtrees(db: Db, rootIds: readonly number[]): Promise<number[]> {
  if (rootIds.length === 0) return [];
  const roots = sql.join(
    rootIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await rawRows<{ id: number | string }>(
    db,
    sql`
    with recursive tree(id) as (
      select id from departments where id in (${roots})
      union
      select d.id from departments d join tree t on d.parent_id = t.id
    )
    select id from tree`,
  );
  return rows.map((r) => Number(r.id));
}
