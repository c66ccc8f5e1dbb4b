import type { AuditFilters, AuditItem, AuditListFilters } from '@postdeck/contract/audit';
import { parseTimeRange } from '@postdeck/contract/notifications';
import { type SQL, and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema.ts';
import { type DepartmentScope, scopeFilter } from '../../lib/department-scope.ts';
import { containsPattern, escapeLike } from '../../lib/like.ts';
import {
  DEFAULT_LIST_SETTINGS,
  encodeCursor,
  type ListItems,
  type ListOrder,
  type ListSettings,
  cursorValue,
  listPage,
  planPage,
} from '../../lib/list-page.ts';

/**
 * The filters as SQL, combined with AND by the caller. Exact action and IP can use the
 * (action, ip, at) index; the rest filter rows read newest first from the `at` index.
 */
export function auditConditions(filters: AuditFilters, scope: DepartmentScope): SQL[] {
  const conditions: SQL[] = [];
  // Beyond the whole organisation, what people of the caller's departments did (so nothing by
  // administrators elsewhere, nor failed sign-ins of unknown accounts).
  const inScope = scopeFilter(scope, users.departmentId);
  if (inScope) {
    conditions.push(sql`${auditLog.actorId} in (select ${users.id} from ${users} where ${inScope})`);
  }
  if (filters.actor) conditions.push(sql`${auditLog.actorAccount} ilike ${containsPattern(filters.actor)}`);
  if (filters.action) {
    conditions.push(
      filters.action.endsWith('.')
        ? sql`${auditLog.action} like ${`${escapeLike(filters.action)}%`}`
        : eq(auditLog.action, filters.action),
    );
  }
  if (filters.target) {
    conditions.push(
      filters.target.endsWith(':')
        ? sql`${auditLog.target} like ${`${escapeLike(filters.target)}%`}`
        : eq(auditLog.target, filters.target),
    );
  }
  if (filters.ip) conditions.push(eq(auditLog.ip, filters.ip));
  // The schema has already refused a malformed range.
  const range = filters.time ? parseTimeRange(filters.time) : undefined;
  if (range) conditions.push(gte(auditLog.at, range.from), lte(auditLog.at, range.to));
  return conditions;
}

const itemColumns = {
  id: auditLog.id,
  actorId: auditLog.actorId,
  actorAccount: auditLog.actorAccount,
  actorName: users.name,
  action: auditLog.action,
  target: auditLog.target,
  detail: auditLog.detail,
  ip: auditLog.ip,
  userAgent: auditLog.userAgent,
  at: auditLog.at,
};

interface ItemRow {
  id: number;
  actorId: number | null;
  actorAccount: string;
  actorName: string | null;
  action: string;
  target: string;
  detail: Record<string, unknown>;
  ip: string;
  userAgent: string;
  at: Date;
}

const toItem = (row: ItemRow): AuditItem => ({
  id: Number(row.id),
  actor: { id: row.actorId, account: row.actorAccount, name: row.actorName },
  action: row.action,
  target: row.target,
  detail: row.detail,
  ip: row.ip,
  userAgent: row.userAgent,
  at: row.at.toISOString(),
});

/** Newest first, the id breaking ties so pages and batches never repeat or skip a row. */
const LIST_ORDER: ListOrder = {
  name: 'at',
  column: auditLog.at,
  kind: 'timestamp',
  id: auditLog.id,
  direction: 'desc',
};

export async function listAudit(
  db: Db,
  query: AuditListFilters,
  scope: DepartmentScope,
  settings: ListSettings,
): Promise<ListItems<AuditItem>> {
  const where = and(...auditConditions(query, scope));
  const { rows, ...page } = await listPage(db, query, LIST_ORDER, settings, {
    list: 'audit',
    fetch: (plan) =>
      db
        .select({ ...itemColumns, cursorValue: cursorValue(LIST_ORDER) })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(and(where, plan.where))
        .orderBy(...plan.orderBy)
        .limit(plan.limit)
        .offset(plan.offset),
    idOf: (row) => Number(row.id),
    matching: db.select({ id: auditLog.id }).from(auditLog).where(where),
  });
  return { ...page, items: rows.map(toItem) };
}

/** Rows per query of the export. */
export const EXPORT_BATCH_SIZE = 1000;

/**
 * Every entry matching `filters`, newest first, read in keyset batches by (at, id), as the list
 * pages with its cursor, so memory stays flat and no row is skipped or repeated whatever the
 * table's size.
 */
export async function* auditBatches(
  db: Db,
  filters: AuditFilters,
  scope: DepartmentScope,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<AuditItem[]> {
  const base = auditConditions(filters, scope);
  let after: string | undefined;
  for (;;) {
    const plan = planPage({ page: 1, pageSize: batchSize, after }, LIST_ORDER, DEFAULT_LIST_SETTINGS);
    const rows = await db
      .select({ ...itemColumns, cursorValue: cursorValue(LIST_ORDER) })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(and(...base, plan.where))
      .orderBy(...plan.orderBy)
      .limit(batchSize);
    if (rows.length > 0) yield rows.map(toItem);
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = encodeCursor(LIST_ORDER, last.cursorValue, Number(last.id));
  }
}
