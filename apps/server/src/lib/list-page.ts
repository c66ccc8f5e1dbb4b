import { LIST_TOTAL_BOUND } from '@postdeck/contract/constants';
import { type SQL, type SQLWrapper, asc, desc, sql } from 'drizzle-orm';
import { type PgColumn, PgDialect } from 'drizzle-orm/pg-core';
import { type Db, rawRows } from '../db/client.ts';
import { readCacheOf } from '../db/read-cache.ts';
import { AppError, fieldError } from './errors.ts';
import { createFreshFlights } from './fresh-flights.ts';

/**
 * Paging of every list (issue 11): totals counted only up to a bound, numbered pages only within
 * it, and keyset cursors for any depth, so no request costs more than the bound's worth of rows
 * however long the list grows.
 */

/** How far lists count; injected so tests cross the bound with a handful of rows. */
export interface ListSettings {
  totalBound: number;
}
export const DEFAULT_LIST_SETTINGS: ListSettings = { totalBound: LIST_TOTAL_BOUND };

/** How a sort column's value travels in a cursor and back into SQL. */
export type CursorKind = 'timestamp' | 'text' | 'number';

/**
 * A list's order: one sort column, the id breaking its ties. Both must be NOT NULL, and the
 * index serving the order is declared ascending (drizzle-kit writes `ASC NULLS LAST`), so plain
 * `asc` reads it forwards and plain `desc` backwards (DESIGN.md §2, nulls ordering).
 */
export interface ListOrder {
  /** The sort's name in the cursor; a cursor of another sort or direction is refused. */
  name: string;
  column: PgColumn;
  kind: CursorKind;
  id: PgColumn;
  direction: 'asc' | 'desc';
}

export interface PageRequest {
  page: number;
  pageSize: number;
  after?: string | undefined;
  before?: string | undefined;
}

interface Cursor {
  value: string;
  id: number;
}

/** The part of a query a page decides: extra condition, order, limit and offset. */
export interface PagePlan {
  /** Rows past the cursor (undefined for numbered pages). */
  where: SQL | undefined;
  orderBy: SQL[];
  /** One row more than the page, to tell whether another page follows. */
  limit: number;
  offset: number;
  mode: 'page' | 'after' | 'before';
}

export interface Page<R> {
  rows: R[];
  next: string | null;
  prev: string | null;
  /** The exact total when this page alone shows it (the last page), else undefined. */
  knownTotal: number | undefined;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:\d{2})?)$/;
const INTEGER = /^-?\d{1,19}$/;

const badCursor = (field: 'after' | 'before') =>
  new AppError('validation', { fieldErrors: [fieldError(field, 'validation.cursor')] });

/** The sort value of a row as text that round-trips exactly (timestamps keep their microseconds). */
export function cursorValue(order: Pick<ListOrder, 'column' | 'kind'>): SQL<string> {
  switch (order.kind) {
    case 'timestamp':
      return sql<string>`to_json(${order.column}) #>> '{}'`;
    case 'number':
      return sql<string>`${order.column}::text`;
    case 'text':
      return sql<string>`${order.column}`;
  }
}

export function encodeCursor(order: ListOrder, value: string, id: number): string {
  return Buffer.from(JSON.stringify([order.name, order.direction, value, Number(id)])).toString('base64url');
}

function decodeCursor(order: ListOrder, token: string, field: 'after' | 'before'): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw badCursor(field);
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw badCursor(field);
  const [name, direction, value, id] = parsed as unknown[];
  const valid =
    name === order.name &&
    direction === order.direction &&
    typeof value === 'string' &&
    value.length <= 1000 &&
    (order.kind !== 'timestamp' || TIMESTAMP.test(value)) &&
    (order.kind !== 'number' || INTEGER.test(value)) &&
    typeof id === 'number' &&
    Number.isSafeInteger(id);
  if (!valid) throw badCursor(field);
  return { value: value as string, id: id as number };
}

function typed(order: ListOrder, value: string): SQL {
  switch (order.kind) {
    case 'timestamp':
      return sql`${value}::timestamptz`;
    case 'number':
      return sql`${value}::bigint`;
    case 'text':
      return sql`${value}::text`;
  }
}

/** A numbered page's offset; it must start inside the bound, since OFFSET reads every row it skips. */
export function pageOffset(request: Pick<PageRequest, 'page' | 'pageSize'>, settings: ListSettings): number {
  const offset = (request.page - 1) * request.pageSize;
  if (offset >= settings.totalBound && request.page > 1) {
    throw new AppError('validation', { fieldErrors: [fieldError('page', 'validation.pageBeyondBound')] });
  }
  return offset;
}

/**
 * What a request asks of the query: a numbered page inside the bound, or the rows past a
 * cursor, read from its row on through the index at any depth.
 */
export function planPage(request: PageRequest, order: ListOrder, settings: ListSettings): PagePlan {
  if (request.after !== undefined && request.before !== undefined) throw badCursor('before');
  const forwards = order.direction === 'asc' ? asc : desc;
  const backwards = order.direction === 'asc' ? desc : asc;
  const limit = request.pageSize + 1;
  const token = request.after ?? request.before;
  if (token === undefined) {
    const offset = pageOffset(request, settings);
    return {
      where: undefined,
      orderBy: [forwards(order.column), forwards(order.id)],
      limit,
      offset,
      mode: 'page',
    };
  }
  const mode = request.after !== undefined ? 'after' : 'before';
  const cursor = decodeCursor(order, token, mode);
  // Later in the list's own order means smaller when it runs descending.
  const later = (mode === 'after') === (order.direction === 'asc') ? sql`>` : sql`<`;
  return {
    where: sql`(${order.column}, ${order.id}) ${later} (${typed(order, cursor.value)}, ${cursor.id})`,
    orderBy:
      mode === 'after'
        ? [forwards(order.column), forwards(order.id)]
        : [backwards(order.column), backwards(order.id)],
    limit,
    offset: 0,
    mode,
  };
}

/**
 * Runs a page: `fetch` reads rows for a plan (each with its cursor value), `cursorOf` names a
 * row. A `before` page that reaches the start answers the first page, full, instead of a
 * shorter one.
 */
export async function readPage<R extends { cursorValue: string }>(
  request: PageRequest,
  order: ListOrder,
  settings: ListSettings,
  fetch: (plan: PagePlan) => Promise<R[]>,
  idOf: (row: R) => number,
): Promise<Page<R>> {
  let plan = planPage(request, order, settings);
  let fetched = await fetch(plan);
  if (plan.mode === 'before' && fetched.length < request.pageSize) {
    plan = planPage({ page: 1, pageSize: request.pageSize }, order, settings);
    fetched = await fetch(plan);
  }
  const more = fetched.length > request.pageSize;
  const page = fetched.slice(0, request.pageSize);
  const rows = plan.mode === 'before' ? page.reverse() : page;
  const cursor = (row: R | undefined) => (row ? encodeCursor(order, row.cursorValue, idOf(row)) : null);
  const first = rows[0];
  const last = rows.at(-1);
  const atStart = plan.mode === 'page' ? plan.offset === 0 : plan.mode === 'before' && !more;
  const atEnd = plan.mode === 'before' ? false : !more;
  return {
    rows,
    next: atEnd ? null : cursor(last),
    prev: atStart ? null : cursor(first),
    knownTotal:
      plan.mode === 'page' && !more && (rows.length > 0 || plan.offset === 0)
        ? plan.offset + rows.length
        : undefined,
  };
}

type Total = { total: number; totalExact: boolean };

const dialect = new PgDialect();

/** A key naming what a query reads: its text and parameters. */
function queryKey(query: SQLWrapper): string {
  const { sql: text, params } = dialect.sqlToQuery(query.getSQL());
  const values = JSON.stringify(params, (_, value: unknown) =>
    typeof value === 'bigint' ? String(value) : value,
  );
  return `${text}\u0000${values}`;
}

/** Reads under way, per database: concurrent requests for the same read share a fresh run. */
const flightsByDb = new WeakMap<Db, ReturnType<typeof createFreshFlights<unknown>>>();

/**
 * A list read, shared: from the embedded database's read cache when no write came since it was
 * read (db/read-cache.ts), else from a run that started after this request asked.
 */
function share<T>(db: Db, key: string, read: () => Promise<T>): Promise<T> {
  const cache = readCacheOf(db);
  const remembered = cache?.get(key);
  if (remembered !== undefined) return Promise.resolve(remembered as T);
  let flights = flightsByDb.get(db);
  if (!flights) flightsByDb.set(db, (flights = createFreshFlights<unknown>()));
  return flights.share(key, cache ? () => cache.remember(key, read) : read) as Promise<T>;
}

/**
 * The list's total, counted up to the bound: `rows` selects one row per matching row (any
 * columns, no order); past the bound the answer is the bound, flagged inexact. Requests for the
 * same list at the same time share one count that started after each of them arrived, so the
 * total stays exact while the count (the dearest part of a first page) runs once for the crowd.
 */
export function boundedTotal(db: Db, rows: SQLWrapper, settings: ListSettings): Promise<Total> {
  const counting = sql`select count(*) as n from (${rows} limit ${settings.totalBound + 1}) as bounded`;
  return share(db, `count\u0000${queryKey(counting)}`, async () => {
    const [row] = await rawRows<{ n: number | string }>(db, counting);
    const counted = Number(row?.n ?? 0);
    return counted > settings.totalBound
      ? { total: settings.totalBound, totalExact: false }
      : { total: counted, totalExact: true };
  });
}

/**
 * The total of a numbered page of `shown` rows at `offset`: a short page is the last one and
 * tells it; otherwise it is counted.
 */
export function numberedPageTotal(
  db: Db,
  request: Pick<PageRequest, 'pageSize'>,
  offset: number,
  shown: number,
  rows: SQLWrapper,
  settings: ListSettings,
): Promise<Total> {
  const last = shown < request.pageSize && (shown > 0 || offset === 0);
  return pageTotal(db, { knownTotal: last ? offset + shown : undefined }, rows, settings);
}

/** The total a page needs: known from the page itself when it is the last one, else counted. */
async function pageTotal(
  db: Db,
  page: Pick<Page<unknown>, 'knownTotal'>,
  rows: SQLWrapper,
  settings: ListSettings,
): Promise<Total> {
  if (page.knownTotal !== undefined) return { total: page.knownTotal, totalExact: true };
  return boundedTotal(db, rows, settings);
}

export interface ListPage<R> {
  rows: R[];
  total: number;
  totalExact: boolean;
  next: string | null;
  prev: string | null;
}

/** A page as a list route answers it (before `page` and `pageSize` are added). */
export type ListItems<T> = Omit<ListPage<T>, 'rows'> & { items: T[] };

/**
 * A keyset list's page with its total: `fetch` reads the rows of a plan (each with its cursor
 * value), `matching` selects one row per row of the list (for the count), and `list` names the
 * read (the module and the columns it fetches). The count runs beside the page (on a server the
 * two take two connections at once); a last page that shows the end of the list answers its
 * exact total, past the bound or not.
 *
 * Requests asking for the same page of the same list at the same time (a department opening its
 * landing page together) share one read that started after each of them arrived: as fresh as
 * reading alone, at the cost of one read per crowd.
 */
export async function listPage<R extends { cursorValue: string }>(
  db: Db,
  request: PageRequest,
  order: ListOrder,
  settings: ListSettings,
  query: {
    list: string;
    fetch: (plan: PagePlan) => Promise<R[]>;
    idOf: (row: R) => number;
    matching: SQLWrapper;
  },
): Promise<ListPage<Omit<R, 'cursorValue'>>> {
  planPage(request, order, settings); // a request that does not fit is refused before any query
  const { page, pageSize, after, before } = request;
  const key = [query.list, order.name, order.direction, JSON.stringify([page, pageSize, after, before])]
    .concat(queryKey(query.matching))
    .join('\u0000');
  const [read, counted] = await share(db, key, () =>
    Promise.all([
      readPage(request, order, settings, query.fetch, query.idOf),
      boundedTotal(db, query.matching, settings),
    ]),
  );
  const total = read.knownTotal === undefined ? counted : { total: read.knownTotal, totalExact: true };
  return {
    // Each request gets its own rows: the read is shared, what callers do with it is not.
    rows: read.rows.map(({ cursorValue: _, ...row }) => row),
    ...total,
    next: read.next,
    prev: read.prev,
  };
}
