import type { ContentDetail, ContentItem, ContentListFilters } from '@postdeck/contract/content';
import { parseTimeRange } from '@postdeck/contract/notifications';
import { type SQL, and, asc, eq, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { contentMaterials, contents, departments, materials, users } from '../../db/schema.ts';
import { type DepartmentScope, scopeFilter } from '../../lib/department-scope.ts';
import {
  type ListItems,
  type ListOrder,
  type ListSettings,
  cursorValue,
  listPage,
} from '../../lib/list-page.ts';
import { keywordCondition } from './search-index.ts';

const author = alias(users, 'author');
const editor = alias(users, 'editor');

const itemColumns = {
  id: contents.id,
  title: contents.title,
  summary: contents.summary,
  status: contents.status,
  tags: contents.tags,
  version: contents.version,
  createdAt: contents.createdAt,
  updatedAt: contents.updatedAt,
  deletedAt: contents.deletedAt,
  departmentId: departments.id,
  departmentName: departments.name,
  authorId: author.id,
  authorName: author.name,
};

interface ItemRow {
  id: number;
  title: string;
  summary: string;
  status: string;
  tags: string[];
  version: number;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  departmentId: number;
  departmentName: string;
  authorId: number;
  authorName: string;
}

const toItem = (row: ItemRow): ContentItem => ({
  id: row.id,
  title: row.title,
  summary: row.summary,
  status: row.status as ContentItem['status'],
  tags: row.tags,
  department: { id: row.departmentId, name: row.departmentName },
  author: { id: row.authorId, name: row.authorName },
  version: row.version,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  deletedAt: row.deletedAt?.toISOString() ?? null,
});

export interface ListOptions {
  scope: DepartmentScope;
  /** Deleted rows only (the admin list's restore view), else live rows only. */
  deleted: boolean;
  /** Deleted rows older than this are past restoring and never listed. */
  restorableSince: Date;
}

type ListFilters = Omit<
  ContentListFilters,
  'page' | 'pageSize' | 'after' | 'before' | 'sort' | 'order' | 'deleted'
>;

function listConditions(query: ListFilters, options: ListOptions): SQL[] {
  const conditions: (SQL | undefined)[] = [
    scopeFilter(options.scope, contents.departmentId),
    options.deleted
      ? and(isNotNull(contents.deletedAt), gte(contents.deletedAt, options.restorableSince))
      : isNull(contents.deletedAt),
  ];
  if (query.keyword) conditions.push(keywordCondition(query.keyword));
  if (query.authorId) conditions.push(eq(contents.authorId, query.authorId));
  if (query.departmentId) conditions.push(eq(contents.departmentId, query.departmentId));
  // Archived contents are kept but leave the lists unless asked for by status; spelled as the
  // listed indexes' predicate, so the planner matches them whatever the parameters.
  conditions.push(query.status ? eq(contents.status, query.status) : sql`${contents.status} <> 'archived'`);
  if (query.tag) conditions.push(sql`${contents.tags} @> array[${query.tag}]::text[]`);
  const range = query.time ? parseTimeRange(query.time) : undefined;
  if (range) conditions.push(gte(contents.updatedAt, range.from), lte(contents.updatedAt, range.to));
  return conditions.filter((c): c is SQL => c !== undefined);
}

const SORTS = {
  updatedAt: { column: contents.updatedAt, kind: 'timestamp' },
  createdAt: { column: contents.createdAt, kind: 'timestamp' },
  title: { column: contents.title, kind: 'text' },
} as const;

/** The list's order; the id breaks ties so pages never repeat or skip a row. */
const listOrder = (query: ContentListFilters): ListOrder => ({
  name: query.sort,
  ...SORTS[query.sort],
  id: contents.id,
  direction: query.order,
});

export async function listContents(
  db: Db,
  query: ContentListFilters,
  options: ListOptions,
  settings: ListSettings,
): Promise<ListItems<ContentItem>> {
  const where = and(...listConditions(query, options));
  const order = listOrder(query);
  const { rows, ...page } = await listPage(db, query, order, settings, {
    list: 'contents',
    fetch: async (plan) => {
      // The page is picked from contents alone, so only its rows are joined.
      const ids = db
        .select({ id: contents.id, cursorValue: cursorValue(order).as('cursor_value') })
        .from(contents)
        .where(and(where, plan.where))
        .orderBy(...plan.orderBy)
        .limit(plan.limit)
        .offset(plan.offset)
        .as('page');
      return db
        .select({ ...itemColumns, cursorValue: ids.cursorValue })
        .from(ids)
        .innerJoin(contents, eq(contents.id, ids.id))
        .innerJoin(departments, eq(departments.id, contents.departmentId))
        .innerJoin(author, eq(author.id, contents.authorId))
        .orderBy(...plan.orderBy);
    },
    idOf: (row) => row.id,
    matching: db.select({ id: contents.id }).from(contents).where(where),
  });
  return { ...page, items: rows.map(toItem) };
}

/** A content as stored: the detail without its materials, which the service resolves with signed URLs. */
export type ContentRecord = Omit<ContentDetail, 'cover' | 'materials'> & {
  coverMaterialId: number | null;
  materialIds: number[];
};

/** One content with its body, deleted or not (callers decide what a deleted one means). */
export async function findContent(db: Db, id: number): Promise<ContentRecord | undefined> {
  const [row] = await db
    .select({
      ...itemColumns,
      body: contents.body,
      bodyHtml: contents.bodyHtml,
      bodyText: contents.bodyText,
      coverMaterialId: contents.coverMaterialId,
      editorId: editor.id,
      editorName: editor.name,
    })
    .from(contents)
    .innerJoin(departments, eq(departments.id, contents.departmentId))
    .innerJoin(author, eq(author.id, contents.authorId))
    .innerJoin(editor, eq(editor.id, contents.updatedById))
    .where(eq(contents.id, id));
  if (!row) return undefined;
  const attached = await db
    .select({ id: contentMaterials.materialId })
    .from(contentMaterials)
    .where(eq(contentMaterials.contentId, id))
    .orderBy(asc(contentMaterials.position));
  return {
    ...toItem(row),
    body: row.body as ContentDetail['body'],
    bodyHtml: row.bodyHtml,
    bodyText: row.bodyText,
    updatedBy: { id: row.editorId, name: row.editorName },
    coverMaterialId: row.coverMaterialId,
    materialIds: attached.map((m) => m.id),
  };
}

/** Kind and department of the given materials, to check a writer may attach them. */
export async function materialFacts(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: materials.id, kind: materials.kind, departmentId: materials.departmentId })
    .from(materials)
    .where(inArray(materials.id, [...ids]));
}

/** Replaces a content's attached materials, in order; run inside the saving transaction. */
export async function replaceContentMaterials(db: Db, contentId: number, materialIds: readonly number[]) {
  await db.delete(contentMaterials).where(eq(contentMaterials.contentId, contentId));
  if (materialIds.length === 0) return;
  await db
    .insert(contentMaterials)
    .values(materialIds.map((materialId, position) => ({ contentId, materialId, position })));
}
