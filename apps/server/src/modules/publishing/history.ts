import { parseTimeRange } from '@postdeck/contract/notifications';
import {
  type PUBLISH_HISTORY_FILTERS,
  PUBLISH_HISTORY_PARAM,
  type PublicationMediaType,
  type PublishHistoryFilters,
  type PublishHistoryItem,
  type PublishHistoryList,
} from '@postdeck/contract/publish-history';
import { type SQL, and, eq, gte, ilike, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { departments, publications, users } from '../../db/schema.ts';
import { type DepartmentScope, departmentScope, inScope, scopeFilter } from '../../lib/department-scope.ts';
import { AppError } from '../../lib/errors.ts';
import { containsPattern } from '../../lib/like.ts';
import { type ListOrder, type ListSettings, cursorValue, listPage } from '../../lib/list-page.ts';
import type { Principal } from '../../lib/principal.ts';
import { childrenOf } from './present.ts';

/** Whose publish actions a list reaches: the caller's own, its data scope's, or everyone's. */
export type HistoryReach = 'mine' | 'department' | 'all';

const author = alias(users, 'author');

/** The filters of a publish list (the history's, the export's): everything but the paging. */
export type HistoryFilterFields = Pick<PublishHistoryFilters, (typeof PUBLISH_HISTORY_FILTERS)[number]>;

/** The conditions of whose publish actions a list reaches (rows of the publications table). */
export async function historyReach(db: Db, principal: Principal, reach: HistoryReach): Promise<SQL[]> {
  if (reach === 'all') return [];
  if (reach === 'mine') return [eq(publications.authorId, principal.id)];
  const filter = scopeFilter(await departmentScope(db, principal), publications.departmentId);
  return filter ? [filter] : [];
}

/** The conditions every row of a publish action shares (its parent's and its children's). */
export function historySharedConditions(query: HistoryFilterFields): SQL[] {
  const conditions: SQL[] = [];
  if (query.departmentId) conditions.push(eq(publications.departmentId, query.departmentId));
  if (query.authorId) conditions.push(eq(publications.authorId, query.authorId));
  if (query.mediaType) conditions.push(eq(publications.mediaType, query.mediaType));
  if (query.keyword) conditions.push(ilike(publications.title, containsPattern(query.keyword)));
  const range = query.time ? parseTimeRange(query.time) : undefined;
  if (range) conditions.push(gte(publications.createdAt, range.from), lte(publications.createdAt, range.to));
  return conditions;
}

/** Whether a filter concerns the accounts' side (state, platform, account): the children carry it. */
export const filtersChildren = (query: HistoryFilterFields): boolean =>
  query.status !== undefined || query.platform !== undefined || query.accountId !== undefined;

/** The conditions on a child of the accounts' side filters. */
export function historyChildConditions(query: HistoryFilterFields): SQL[] {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(publications.status, query.status));
  if (query.platform) conditions.push(eq(publications.platform, query.platform));
  if (query.accountId) conditions.push(eq(publications.accountId, query.accountId));
  return conditions;
}

/** oppId names a child or a parent: its publish action's parent id, or none. */
export async function publishActionOf(db: Db, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: publications.id, parentId: publications.parentId })
    .from(publications)
    .where(eq(publications.id, id));
  return row ? (row.parentId ?? row.id) : undefined;
}

/**
 * The publish history (issue 21): a page of parents, newest first, each with its children.
 *
 * Without a filter on the accounts' side the page is read from the parents' own indexes. With
 * one (state, platform, account) it is read from the children's, which carry the parent's
 * creation instant: the first child of each parent in (created_at, parent_id) order stands for
 * it, so the same keyset cursor pages both ways and a rare state is found through its index
 * instead of by testing parent after parent.
 */
export function createPublishHistory(deps: { db: Db; lists: ListSettings }) {
  const { db } = deps;

  async function list(
    principal: Principal,
    reach: HistoryReach,
    query: PublishHistoryFilters,
  ): Promise<PublishHistoryList> {
    const conditions = [...(await historyReach(db, principal, reach)), ...historySharedConditions(query)];
    const byChildren = filtersChildren(query);
    const parentKey = byChildren ? publications.parentId : publications.id;
    if (query.oppId !== undefined) {
      const parentId = await publishActionOf(db, query.oppId);
      conditions.push(eq(parentKey, parentId ?? 0));
    }
    if (byChildren) conditions.push(isNotNull(publications.parentId), ...historyChildConditions(query));
    else conditions.push(isNull(publications.parentId));
    const where = and(...conditions);
    const order: ListOrder = {
      name: 'createdAt',
      column: publications.createdAt,
      kind: 'timestamp',
      id: parentKey,
      direction: 'desc',
    };
    // A parent once: its first child in the order stands for it (see above).
    const select = <T extends Record<string, SQL | typeof parentKey>>(columns: T) =>
      byChildren ? db.selectDistinctOn([publications.createdAt, parentKey], columns) : db.select(columns);
    const { rows, ...page } = await listPage(db, query, order, deps.lists, {
      list: byChildren ? 'publish-history-children' : 'publish-history',
      fetch: (plan) =>
        select({ id: sql<number>`${parentKey}`.mapWith(Number), cursorValue: cursorValue(order) })
          .from(publications)
          .where(and(where, plan.where))
          .orderBy(...plan.orderBy)
          .limit(plan.limit)
          .offset(plan.offset),
      idOf: (row) => row.id,
      matching: select({ id: parentKey }).from(publications).where(where),
    });
    const items = await itemsOf(rows.map((row) => row.id));
    return {
      ...page,
      items,
      page: query.page,
      pageSize: query.pageSize,
      param: PUBLISH_HISTORY_PARAM,
    };
  }

  /** Parents with their children, in the order of `ids`. */
  async function itemsOf(ids: readonly number[]): Promise<PublishHistoryItem[]> {
    if (ids.length === 0) return [];
    const parents = await db
      .select({
        parent: publications,
        author: { id: author.id, name: author.name },
        department: { id: departments.id, name: departments.name },
      })
      .from(publications)
      .innerJoin(author, eq(author.id, publications.authorId))
      .innerJoin(departments, eq(departments.id, publications.departmentId))
      .where(inArray(publications.id, [...ids]));
    const children = await childrenOf(db, ids);
    const byId = new Map(parents.map((row) => [row.parent.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      return [
        {
          id: row.parent.id,
          contentId: row.parent.contentId,
          title: row.parent.title,
          author: row.author,
          department: row.department,
          mediaType: row.parent.mediaType as PublicationMediaType,
          scheduledAt: row.parent.scheduledAt?.toISOString() ?? null,
          createdAt: row.parent.createdAt.toISOString(),
          children: children.get(id) ?? [],
        },
      ];
    });
  }

  return {
    list,

    /** getPubHistoryByParentId: a parent's children, if the caller's data scope holds it. */
    async children(principal: Principal, id: number) {
      const [parent] = await db
        .select({ departmentId: publications.departmentId, parentId: publications.parentId })
        .from(publications)
        .where(eq(publications.id, id));
      const scope: DepartmentScope = await departmentScope(db, principal);
      // A child's id, or another scope's parent, names no publish action the caller can open.
      if (!parent || parent.parentId !== null || !inScope(scope, parent.departmentId))
        throw new AppError('notFound');
      return { items: (await childrenOf(db, [id])).get(id) ?? [] };
    },
  };
}

export type PublishHistory = ReturnType<typeof createPublishHistory>;
