import type { MaterialListFilters } from '@postdeck/contract/materials';
import { parseTimeRange } from '@postdeck/contract/notifications';
import { type SQL, and, asc, eq, getTableColumns, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../lib/like.ts';
import { contentMaterials, contents, departments, materials, users } from '../../db/schema.ts';
import { type DepartmentScope, scopeFilter } from '../../lib/department-scope.ts';
import {
  type ListOrder,
  type ListPage,
  type ListSettings,
  cursorValue,
  listPage,
} from '../../lib/list-page.ts';

/** A material as stored, with the names the answer shows. */
export type MaterialRow = typeof materials.$inferSelect & { departmentName: string; uploaderName: string };

/** Rows with their names; `extra` adds computed columns (a list's cursor value). */
function selectRows<E extends Record<string, SQL>>(db: Db, extra: E = {} as E) {
  return db
    .select({
      ...getTableColumns(materials),
      departmentName: departments.name,
      uploaderName: users.name,
      ...extra,
    })
    .from(materials)
    .innerJoin(departments, eq(departments.id, materials.departmentId))
    .innerJoin(users, eq(users.id, materials.uploaderId));
}

/** `%`, `_` and `\` typed by a user match themselves, not any text. */

type ListFilters = Omit<MaterialListFilters, 'page' | 'pageSize' | 'after' | 'before' | 'sort' | 'order'>;

function listConditions(filters: ListFilters, scope: DepartmentScope): SQL | undefined {
  const conditions: (SQL | undefined)[] = [scopeFilter(scope, materials.departmentId)];
  if (filters.kind) conditions.push(eq(materials.kind, filters.kind));
  if (filters.name) conditions.push(sql`${materials.name} ilike ${containsPattern(filters.name)}`);
  if (filters.uploaderId) conditions.push(eq(materials.uploaderId, filters.uploaderId));
  if (filters.departmentId) conditions.push(eq(materials.departmentId, filters.departmentId));
  // Tags are matched ignoring case, as they are deduplicated ignoring case.
  if (filters.tag) {
    conditions.push(
      sql`exists (select 1 from unnest(${materials.tags}) as t(tag) where lower(t.tag) = lower(${filters.tag}))`,
    );
  }
  const range = filters.time ? parseTimeRange(filters.time) : undefined;
  if (range) conditions.push(gte(materials.createdAt, range.from), lte(materials.createdAt, range.to));
  return and(...conditions);
}

const SORTS = {
  createdAt: { column: materials.createdAt, kind: 'timestamp' },
  name: { column: materials.name, kind: 'text' },
  bytes: { column: materials.bytes, kind: 'number' },
} as const;

export async function listMaterials(
  db: Db,
  query: MaterialListFilters,
  scope: DepartmentScope,
  settings: ListSettings,
): Promise<ListPage<MaterialRow>> {
  const where = listConditions(query, scope);
  // The id breaks ties so pages never repeat or skip a row.
  const order: ListOrder = {
    name: query.sort,
    ...SORTS[query.sort],
    id: materials.id,
    direction: query.order,
  };
  return listPage(db, query, order, settings, {
    list: 'materials',
    fetch: (plan) =>
      selectRows(db, { cursorValue: cursorValue(order) })
        .where(and(where, plan.where))
        .orderBy(...plan.orderBy)
        .limit(plan.limit)
        .offset(plan.offset),
    idOf: (row) => row.id,
    matching: db.select({ id: materials.id }).from(materials).where(where),
  });
}

export async function findMaterial(db: Db, id: number): Promise<MaterialRow | undefined> {
  const [row] = await selectRows(db).where(eq(materials.id, id));
  return row;
}

export async function findMaterials(db: Db, ids: readonly number[]): Promise<MaterialRow[]> {
  if (ids.length === 0) return [];
  return selectRows(db).where(inArray(materials.id, [...ids]));
}

/** The oldest material with these bytes among the departments of the scope. */
export async function findBySha256(
  db: Db,
  sha256: string,
  scope: DepartmentScope,
): Promise<MaterialRow | undefined> {
  const [row] = await selectRows(db)
    .where(and(eq(materials.sha256, sha256), scopeFilter(scope, materials.departmentId)))
    .orderBy(asc(materials.id))
    .limit(1);
  return row;
}

/** Contents (deleted ones too: they can be restored) that attach the material or have it as cover. */
export async function contentsUsing(db: Db, materialId: number): Promise<{ id: number; title: string }[]> {
  const attached = db
    .select({ id: contentMaterials.contentId })
    .from(contentMaterials)
    .where(eq(contentMaterials.materialId, materialId));
  return db
    .select({ id: contents.id, title: contents.title })
    .from(contents)
    .where(sql`${contents.coverMaterialId} = ${materialId} or ${contents.id} in (${attached})`)
    .orderBy(asc(contents.id));
}
