import type { ChannelAccount, ChannelAccountListFilters } from '@postdeck/contract/channels';
import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import type { ChannelPlatform } from '@postdeck/contract/platforms';
import { type SQL, and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { channelAccountFailures, channelAccounts, departments, users } from '../../db/schema.ts';
import { type DepartmentScope, scopeFilter } from '../../lib/department-scope.ts';
import {
  type ListItems,
  type ListOrder,
  type ListSettings,
  cursorValue,
  listPage,
} from '../../lib/list-page.ts';
import type { AvatarLink } from './avatars.ts';

/** The channels page counts failures over this window (issue 12, item 7). */
export const FAILURE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

const connectedBy = alias(users, 'connected_by');
const releasedBy = alias(users, 'released_by');

const columns = (since: Date) => ({
  id: channelAccounts.id,
  platform: channelAccounts.platform,
  externalId: channelAccounts.externalId,
  name: channelAccounts.name,
  handle: channelAccounts.handle,
  avatarSha256: channelAccounts.avatarSha256,
  profileUrl: channelAccounts.profileUrl,
  departmentId: channelAccounts.departmentId,
  departmentName: departments.name,
  connectedById: channelAccounts.connectedById,
  connectedByName: connectedBy.name,
  status: channelAccounts.status,
  scopes: channelAccounts.scopes,
  tokenExpiresAt: channelAccounts.tokenExpiresAt,
  lastSuccessAt: channelAccounts.lastSuccessAt,
  lastFailureAt: channelAccounts.lastFailureAt,
  lastFailure: channelAccounts.lastFailure,
  quotaLeft: channelAccounts.quotaLeft,
  connectedAt: channelAccounts.connectedAt,
  releasedAt: channelAccounts.releasedAt,
  releasedById: channelAccounts.releasedById,
  releasedByName: releasedBy.name,
  // The (account, at) index answers this per row of a page.
  failures7d: sql<number>`(select count(*)::int from ${channelAccountFailures} where ${channelAccountFailures.accountId} = ${channelAccounts.id} and ${channelAccountFailures.at} > ${since})`,
});

/** Newest connection first, the id breaking ties. */
const LIST_ORDER: ListOrder = {
  name: 'connectedAt',
  column: channelAccounts.connectedAt,
  kind: 'timestamp',
  id: channelAccounts.id,
  direction: 'desc',
};

function baseQuery(db: Db, since: Date) {
  return db
    .select({ ...columns(since), cursorValue: cursorValue(LIST_ORDER) })
    .from(channelAccounts)
    .innerJoin(departments, eq(departments.id, channelAccounts.departmentId))
    .leftJoin(connectedBy, eq(connectedBy.id, channelAccounts.connectedById))
    .leftJoin(releasedBy, eq(releasedBy.id, channelAccounts.releasedById));
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const named = (id: number | null, name: string | null) =>
  id === null || name === null ? null : { id, name };

type Row = Omit<Awaited<ReturnType<typeof baseQuery>>[number], 'cursorValue'>;

/**
 * An account as the channels page shows it. Its picture is Postdeck's own copy, linked for the
 * user `avatar` signs for; without a copy (or a signer) null, and the page shows initials.
 */
export function toAccount(row: Row, avatar?: AvatarLink): ChannelAccount {
  const platform = row.platform as ChannelPlatform;
  const granted = new Set(row.scopes);
  const failure = row.lastFailure as { kind?: string; message?: string | null } | null;
  return {
    id: row.id,
    platform,
    externalId: row.externalId,
    name: row.name,
    handle: row.handle,
    avatarUrl: row.avatarSha256 && avatar ? avatar(row.id, row.avatarSha256) : null,
    profileUrl: row.profileUrl,
    department: { id: row.departmentId, name: row.departmentName },
    connectedBy: named(row.connectedById, row.connectedByName),
    status: row.status as ChannelAccount['status'],
    scopes: row.scopes,
    // Released accounts hold no grant, so nothing is missing from it.
    missingScopes:
      row.status === 'released'
        ? []
        : PLATFORM_CAPABILITIES[platform].scopes.filter((scope) => !granted.has(scope)),
    tokenExpiresAt: iso(row.tokenExpiresAt),
    lastSuccessAt: iso(row.lastSuccessAt),
    lastFailure:
      failure && row.lastFailureAt
        ? {
            kind: failure.kind ?? 'unknown',
            message: failure.message ?? null,
            at: row.lastFailureAt.toISOString(),
          }
        : null,
    failures7d: row.failures7d,
    quotaLeft: row.quotaLeft,
    connectedAt: row.connectedAt.toISOString(),
    releasedAt: iso(row.releasedAt),
    releasedBy: named(row.releasedById, row.releasedByName),
  };
}

export async function listAccounts(
  db: Db,
  filters: ChannelAccountListFilters,
  scope: DepartmentScope,
  settings: ListSettings,
  now: Date,
  avatar?: AvatarLink,
): Promise<ListItems<ChannelAccount>> {
  const conditions: (SQL | undefined)[] = [scopeFilter(scope, channelAccounts.departmentId)];
  if (filters.platform) conditions.push(eq(channelAccounts.platform, filters.platform));
  if (filters.departmentId) conditions.push(eq(channelAccounts.departmentId, filters.departmentId));
  if (filters.status) conditions.push(eq(channelAccounts.status, filters.status));
  const where = and(...conditions);
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const { rows, ...page } = await listPage(db, filters, LIST_ORDER, settings, {
    list: 'channelAccounts',
    fetch: (plan) =>
      baseQuery(db, since)
        .where(and(where, plan.where))
        .orderBy(...plan.orderBy)
        .limit(plan.limit)
        .offset(plan.offset),
    idOf: (row) => row.id,
    matching: db.select({ id: channelAccounts.id }).from(channelAccounts).where(where),
  });
  return { ...page, items: rows.map((row) => toAccount(row, avatar)) };
}

/** The accounts with these ids, as the channels page shows them (scope checked by the caller). */
export async function accountsById(
  db: Db,
  ids: readonly number[],
  now: Date,
  avatar?: AvatarLink,
): Promise<ChannelAccount[]> {
  if (ids.length === 0) return [];
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const rows = await baseQuery(db, since).where(inArray(channelAccounts.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, toAccount(row, avatar)]));
  return ids.map((id) => byId.get(id)).filter((account) => account !== undefined);
}
