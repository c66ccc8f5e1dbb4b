import type { PublishingPlatform } from '@postdeck/contract/platforms';
import type {
  StatisticsAccounts,
  StatisticsFilters,
  StatisticsOverview,
  StatsTotals,
} from '@postdeck/contract/statistics';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rawRows } from '../../db/client.ts';
import { type Departments, departmentCondition, previousRange, sources } from './filters.ts';
import { metricSums, metricsOfRow } from './metric-columns.ts';

type Row = Record<string, unknown> & {
  grouping_set: 'trend' | 'platform' | 'total';
  bucket: string | null;
  platform: string | null;
};

const totalsOf = (row: Record<string, unknown> | undefined): StatsTotals => ({
  publications: Number(row?.['publications'] ?? 0),
  published: Number(row?.['published'] ?? 0),
  failed: Number(row?.['failed'] ?? 0),
  engagement:
    row?.['engagement'] === null || row?.['engagement'] === undefined ? null : Number(row['engagement']),
  ...metricsOfRow(row ?? {}),
});

const sums = sql`sum(d.publications)::int as publications, sum(d.published)::int as published,
  sum(d.failed)::int as failed, ${metricSums('d')}, sum(d.engagement)::float8 as engagement`;

const successRate = (t: StatsTotals) =>
  t.published + t.failed === 0 ? null : t.published / (t.published + t.failed);

/**
 * The statistics page's overview (issue 23, item 2) from the daily roll-ups: the period's totals,
 * the trend, and the per-platform and per-account tables in one pass (grouping sets), the period
 * before's totals, failures by cause and the accounts' follower change.
 */
export async function overview(
  db: Db,
  filters: StatisticsFilters,
  departments: Departments,
): Promise<StatisticsOverview> {
  const range = { from: filters.from, to: filters.to };
  const previous = previousRange(filters.from, filters.to);
  const now = sources(filters, departments, range);
  const before = sources(filters, departments, previous);
  const unit = sql.raw(`'${filters.granularity}'`);
  const [rows, previousRows, causes, followers] = await Promise.all([
    rawRows<Row>(
      db,
      sql`
      select case when grouping(bucket) = 0 then 'trend' when grouping(platform) = 0 then 'platform'
          else 'total' end as grouping_set,
        bucket, platform, ${sums}
      from (select date_trunc(${unit}, d.day)::date::text as bucket, d.* from ${now.summary} d where ${now.where}) d
      group by grouping sets ((bucket), (platform), ())`,
    ),
    rawRows<Record<string, unknown>>(db, sql`select ${sums} from ${before.summary} d where ${before.where}`),
    rawRows<{ cause: string; count: number }>(
      db,
      sql`select d.cause, sum(d.count)::int as count from ${now.failures} d where ${now.where}
          group by d.cause order by count desc, d.cause`,
    ),
    followerChanges(db, filters, departments, range, previous),
  ]);
  const total = totalsOf(rows.find((r) => r.grouping_set === 'total'));
  const previousTotal = totalsOf(previousRows[0]);
  const compared = (value: number | null, before: number | null) => ({ value, previous: before });
  return {
    range,
    previousRange: previous,
    figures: {
      publications: compared(total.publications, previousTotal.publications),
      failed: compared(total.failed, previousTotal.failed),
      successRate: compared(successRate(total), successRate(previousTotal)),
      engagement: compared(total.engagement, previousTotal.engagement),
      views: compared(total.views, previousTotal.views),
      followerChange: compared(followers.now.total, followers.before.total),
    },
    trend: (() => {
      // Every bucket of the range, those without publications too, so a chart's axis is the range's.
      const found = new Map(
        rows.filter((r) => r.grouping_set === 'trend').map((r) => [String(r.bucket), totalsOf(r)]),
      );
      return bucketsOf(filters).map((bucket) => ({ bucket, ...(found.get(bucket) ?? totalsOf(undefined)) }));
    })(),
    byPlatform: rows
      .filter((r) => r.grouping_set === 'platform')
      .map((r) => ({ platform: r.platform as PublishingPlatform, ...totalsOf(r) }))
      .sort((a, b) => b.publications - a.publications || a.platform.localeCompare(b.platform)),
    failureCauses: causes.map((c) => ({ cause: c.cause, count: Number(c.count) })),
  };
}

const DAY_MS = 86_400_000;

/** The first day of each day, week (from Monday, as date_trunc) or month the range touches. */
export function bucketsOf(filters: Pick<StatisticsFilters, 'from' | 'to' | 'granularity'>): string[] {
  const end = Date.parse(`${filters.to}T00:00:00Z`);
  const start = new Date(`${filters.from}T00:00:00Z`);
  if (filters.granularity === 'week') start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() + 6) % 7));
  if (filters.granularity === 'month') start.setUTCDate(1);
  const buckets: string[] = [];
  for (const at = start; at.getTime() <= end;) {
    buckets.push(at.toISOString().slice(0, 10));
    if (filters.granularity === 'month') at.setUTCMonth(at.getUTCMonth() + 1);
    else at.setTime(at.getTime() + (filters.granularity === 'week' ? 7 : 1) * DAY_MS);
  }
  return buckets;
}

/** The per-account table of the same filters, from the daily roll-up (or the raw rows for an author). */
export async function accounts(
  db: Db,
  filters: StatisticsFilters,
  departments: Departments,
): Promise<StatisticsAccounts> {
  const range = { from: filters.from, to: filters.to };
  const now = sources(filters, departments, range);
  const [rows, followers] = await Promise.all([
    rawRows<Record<string, unknown> & { account_id: number; platform: string }>(
      db,
      sql`select d.account_id, min(d.platform) as platform, ${sums} from ${now.daily} d where ${now.where}
          group by d.account_id`,
    ),
    followerChanges(db, filters, departments, range),
  ]);
  const names = await accountNames(
    db,
    rows.map((r) => Number(r.account_id)),
  );
  return {
    items: rows
      .map((r) => {
        const id = Number(r.account_id);
        const account = names.get(id);
        const change = followers.now.byAccount.get(id);
        return {
          accountId: id,
          name: account?.name ?? String(id),
          platform: (account?.platform ?? r.platform) as PublishingPlatform,
          followers: change?.end ?? null,
          followerChange: change?.change ?? null,
          ...totalsOf(r),
        };
      })
      .sort((a, b) => b.publications - a.publications || a.name.localeCompare(b.name)),
  };
}

async function accountNames(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, { name: string; platform: string }>();
  const rows = await rawRows<{ id: number; name: string; platform: string }>(
    db,
    sql`select id, name, platform from channel_accounts where id in ${ids}`,
  );
  return new Map(rows.map((r) => [Number(r.id), { name: r.name, platform: r.platform }]));
}

interface FollowerChange {
  end: number | null;
  change: number | null;
}

/**
 * Followers at each range's end less at its start (the last daily reading before it, or the first
 * inside it), per account of the filters and in all, over the accounts that have both.
 */
async function followerChanges(
  db: Db,
  filters: StatisticsFilters,
  departments: Departments,
  ...ranges: { from: string; to: string }[]
) {
  const conditions: SQL[] = [departmentCondition(departments, sql`a.department_id`)];
  if (filters.platform) conditions.push(sql`a.platform = ${filters.platform}`);
  if (filters.accountId) conditions.push(sql`a.id = ${filters.accountId}`);
  const last = (upTo: SQL) => sql`(select s.followers from account_metric_snapshots s
    where s.account_id = a.id and s.followers is not null and ${upTo} order by s.day desc limit 1)`;
  const first = (from: string, to: string) => sql`(select s.followers from account_metric_snapshots s
    where s.account_id = a.id and s.followers is not null and s.day between ${from}::date and ${to}::date
    order by s.day asc limit 1)`;
  const [nowRows = [], beforeRows = []] = await Promise.all(
    ranges.map((range) =>
      rawRows<{ id: number; end_f: string | null; start_f: string | null }>(
        db,
        sql`select a.id, ${last(sql`s.day <= ${range.to}::date`)} as end_f,
                coalesce(${last(sql`s.day < ${range.from}::date`)}, ${first(range.from, range.to)}) as start_f
              from channel_accounts a
              where ${sql.join(conditions, sql` and `)}
                and exists (select 1 from account_metric_snapshots s where s.account_id = a.id)`,
      ),
    ),
  );
  const summarise = (rows: typeof nowRows) => {
    const byAccount = new Map<number, FollowerChange>();
    let total: number | null = null;
    for (const row of rows) {
      const end = row.end_f === null ? null : Number(row.end_f);
      const start = row.start_f === null ? null : Number(row.start_f);
      const change = end !== null && start !== null ? end - start : null;
      byAccount.set(Number(row.id), { end, change });
      if (change !== null) total = (total ?? 0) + change;
    }
    return { byAccount, total };
  };
  return { now: summarise(nowRows), before: summarise(beforeRows) };
}
