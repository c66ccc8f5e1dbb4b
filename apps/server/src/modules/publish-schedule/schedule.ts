import type { Publication } from '@postdeck/contract/publishing';
import {
  SCHEDULE_ITEMS_MAX,
  type ScheduleItem,
  UPCOMING_STATUSES,
  type ScheduleFilters,
  type ScheduleList,
} from '@postdeck/contract/publish-schedule';
import { type SQL, and, asc, eq, gte, ilike, inArray, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { channelAccounts, publications } from '../../db/schema.ts';
import { departmentScope, scopeFilter } from '../../lib/department-scope.ts';
import { containsPattern } from '../../lib/like.ts';
import type { Principal } from '../../lib/principal.ts';
import { publicationsWhere } from '../publishing/present.ts';

/** A window of the upcoming publications and what narrows it; `to` left out reaches every later one. */
export interface UpcomingQuery {
  from: Date;
  to?: Date | undefined;
  filters?: Omit<ScheduleFilters, 'from' | 'to'> | undefined;
}

/**
 * The publications (children) of the caller's data scope that have not gone out (scheduled,
 * queued, held) due in the window, earliest first, at most SCHEDULE_ITEMS_MAX. Read along
 * publications_upcoming_idx: its predicate is repeated word for word so the planner takes it.
 */
async function upcomingConditions(db: Db, principal: Principal, query: UpcomingQuery) {
  const filters = query.filters ?? {};
  const conditions: (SQL | undefined)[] = [
    isNotNull(publications.parentId),
    inArray(publications.status, [...UPCOMING_STATUSES]),
    gte(publications.scheduledAt, query.from),
    query.to ? lt(publications.scheduledAt, query.to) : undefined,
    scopeFilter(await departmentScope(db, principal), publications.departmentId),
  ];
  if (filters.status) conditions.push(eq(publications.status, filters.status));
  if (filters.platform) conditions.push(eq(publications.platform, filters.platform));
  if (filters.accountId) conditions.push(eq(publications.accountId, filters.accountId));
  if (filters.departmentId) conditions.push(eq(publications.departmentId, filters.departmentId));
  if (filters.authorId) conditions.push(eq(publications.authorId, filters.authorId));
  if (filters.keyword) {
    const pattern = containsPattern(filters.keyword);
    conditions.push(or(ilike(publications.title, pattern), ilike(publications.text, pattern)));
  }
  return and(...conditions);
}

const EARLIEST_FIRST = [asc(publications.scheduledAt), asc(publications.id)];

/** The window's publications whole (the calendar feed writes their text). */
export async function upcomingPublications(
  db: Db,
  principal: Principal,
  query: UpcomingQuery,
): Promise<{ items: Publication[]; truncated: boolean }> {
  // One read with its joins: a month can hold the cap's 2,000, which a list of ids made two.
  const rows = await publicationsWhere(
    db,
    await upcomingConditions(db, principal, query),
    EARLIEST_FIRST,
    SCHEDULE_ITEMS_MAX + 1,
  );
  return { items: rows.slice(0, SCHEDULE_ITEMS_MAX), truncated: rows.length > SCHEDULE_ITEMS_MAX };
}

/** GET /content/publish/scheduleList: the window the page shows, as much as it draws of each. */
export async function scheduleList(
  db: Db,
  principal: Principal,
  query: ScheduleFilters,
): Promise<ScheduleList> {
  const { from, to, ...filters } = query;
  const where = await upcomingConditions(db, principal, { from: new Date(from), to: new Date(to), filters });
  // The rows alone, along the index; their accounts (a few hundred at most) read once each.
  const rows = await db
    .select({
      id: publications.id,
      parentId: publications.parentId,
      title: publications.title,
      status: publications.status,
      scheduledAt: publications.scheduledAt,
      errorKind: publications.errorKind,
      errorMessage: publications.errorMessage,
      accountId: publications.accountId,
    })
    .from(publications)
    .where(where)
    .orderBy(...EARLIEST_FIRST)
    .limit(SCHEDULE_ITEMS_MAX + 1);
  const shown = rows.slice(0, SCHEDULE_ITEMS_MAX);
  const accountIds = [...new Set(shown.map((row) => row.accountId ?? 0))];
  const accounts = new Map(
    (accountIds.length === 0
      ? []
      : await db
          .select({
            id: channelAccounts.id,
            platform: channelAccounts.platform,
            name: channelAccounts.name,
            handle: channelAccounts.handle,
          })
          .from(channelAccounts)
          .where(inArray(channelAccounts.id, accountIds))
    ).map((account) => [
      account.id,
      { ...account, platform: account.platform as ScheduleItem['account']['platform'] },
    ]),
  );
  const items: ScheduleItem[] = shown.flatMap(({ errorKind, errorMessage, accountId, ...row }) => {
    const account = accounts.get(accountId ?? 0);
    return account
      ? [
          {
            ...row,
            status: row.status as ScheduleItem['status'],
            scheduledAt: row.scheduledAt?.toISOString() ?? null,
            error: errorKind ? { kind: errorKind, message: errorMessage } : null,
            account,
          },
        ]
      : [];
  });
  return { items, truncated: rows.length > SCHEDULE_ITEMS_MAX };
}
