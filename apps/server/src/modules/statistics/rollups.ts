import { POST_METRICS } from '@postdeck/contract/statistics';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rawRows } from '../../db/client.ts';
import { lockKeys } from '../../db/locks.ts';
import { METRIC_COLUMN } from './metric-columns.ts';

/**
 * The daily roll-ups (stats_daily, stats_failures_daily, stats_hourly) kept up from the (day,
 * account) keys that triggers and new readings mark in stats_dirty (migration 0021): each refresh
 * makes the rows of the keys it takes again from the publications and their latest counts, so a
 * roll-up row is always what a scan of the raw rows would give, however the marks came.
 */

/** One refresh at a time across processes: two recomputing one key could write the older one last. */
const REFRESH_LOCK = 7_301_601n;

/** A publication counts once it went: published, withdrawn afterwards, failed, or left unconfirmed. */
const COUNTED = sql.raw(`stats_counted(p.status)`);
const DAY = sql.raw(`stats_day(p.published_at, p.scheduled_at, p.created_at)`);
const columns = POST_METRICS.map((name) => METRIC_COLUMN[name]);

/**
 * stats_daily's rows as the raw rows give them, for the publications `where` keeps (alias p for
 * publications, m for their latest counts): what a refresh writes, and what the statistics read
 * when a filter (an author) has no roll-up.
 */
export function rawDaily(where: SQL): SQL {
  const sums = sql.raw(columns.map((c) => `sum(m.${c})::bigint as ${c}`).join(', '));
  return sql`
    select ${DAY} as day, p.account_id, p.department_id, p.platform,
      count(*)::int as publications,
      (count(*) filter (where p.status in ('published', 'withdrawn')))::int as published,
      (count(*) filter (where p.status = 'failed'))::int as failed,
      ${sums}, sum(m.engagement)::bigint as engagement
    from publications p left join publication_metrics m on m.publication_id = p.id
    where p.parent_id is not null and p.account_id is not null and ${COUNTED} and ${where}
    group by 1, 2, 3, 4`;
}

/** stats_failures_daily's rows as the raw rows give them. */
export function rawFailures(where: SQL): SQL {
  return sql`
    select ${DAY} as day, p.account_id, p.department_id, p.platform,
      coalesce(p.error_kind, 'unknown') as cause, count(*)::int as count
    from publications p
    where p.parent_id is not null and p.account_id is not null and p.status = 'failed' and ${where}
    group by 1, 2, 3, 4, 5`;
}

/** stats_hourly's rows as the raw rows give them. */
export function rawHourly(where: SQL): SQL {
  return sql`
    select ${DAY} as day,
      extract(hour from coalesce(p.published_at, p.scheduled_at, p.created_at) at time zone 'UTC')::smallint as hour,
      p.department_id, p.platform,
      count(*)::int as publications, sum(m.engagement)::bigint as engagement
    from publications p left join publication_metrics m on m.publication_id = p.id
    where p.parent_id is not null and p.account_id is not null and ${COUNTED} and ${where}
    group by 1, 2, 3, 4`;
}

/** A roll-up row's totals (db/schema.ts rollupTotals), after its key. */
const totals = ['publications', 'published', 'failed', ...columns, 'engagement'];
const dailyColumns = sql.raw(['day', 'account_id', 'department_id', 'platform', ...totals].join(', '));
const platformColumns = sql.raw(['day', 'department_id', 'platform', ...totals].join(', '));

/** stats_platform_daily's rows as stats_daily gives them (the property test holds one to the other). */
export function dailyByPlatform(): SQL {
  return sql`
    select d.day, d.department_id, d.platform, sum(d.publications)::int as publications,
      sum(d.published)::int as published, sum(d.failed)::int as failed,
      ${sql.raw(columns.map((c) => `sum(d.${c})::bigint as ${c}`).join(', '))}, sum(d.engagement)::bigint as engagement
    from stats_daily d group by 1, 2, 3`;
}

/**
 * Makes the roll-up rows of up to `batch` marked keys again; returns how many keys it took (0:
 * nothing was marked). The marks are taken in the same transaction that writes the rows, so a
 * crash leaves them marked; a publication changed while it runs marks its key again.
 */
export async function refreshRollups(
  db: Db,
  batch = 2_000,
  options: { wait?: boolean } = {},
): Promise<number> {
  return db.transaction(async (tx) => {
    if (options.wait === false) {
      const [taken] = await rawRows<{ locked: boolean }>(
        tx,
        sql`select pg_try_advisory_xact_lock(${REFRESH_LOCK.toString()}::bigint) as locked`,
      );
      if (!taken?.locked) return 0;
    } else await lockKeys(tx, [REFRESH_LOCK]);
    const keys = await rawRows<{ day: string; account_id: number }>(
      tx,
      sql`
        delete from stats_dirty
        where (day, account_id) in (select day, account_id from stats_dirty order by day, account_id limit ${batch})
        returning day::text as day, account_id`,
    );
    if (keys.length === 0) return 0;
    const days = sql.param(keys.map((k) => k.day));
    const accounts = sql.param(keys.map((k) => Number(k.account_id)));
    const taken = sql`(select * from unnest(${days}::date[], ${accounts}::int[]) as k(day, account_id))`;
    const ofKeys = sql`(${DAY}, p.account_id) in (select day, account_id from ${taken} k)`;
    await tx.execute(sql`
      delete from stats_daily d using ${taken} k where d.day = k.day and d.account_id = k.account_id`);
    await tx.execute(sql`insert into stats_daily (${dailyColumns}) ${rawDaily(ofKeys)}`);
    await tx.execute(sql`
      delete from stats_failures_daily d using ${taken} k where d.day = k.day and d.account_id = k.account_id`);
    await tx.execute(sql`
      insert into stats_failures_daily (day, account_id, department_id, platform, cause, count)
      ${rawFailures(ofKeys)}`);
    // The heatmap's rows are per platform, not account: every (day, platform) a key touches is made again whole.
    const pairs = sql`(select distinct k.day, a.platform from ${taken} k join channel_accounts a on a.id = k.account_id)`;
    await tx.execute(sql`
      delete from stats_hourly h using ${pairs} t where h.day = t.day and h.platform = t.platform`);
    await tx.execute(sql`
      insert into stats_hourly (day, hour, department_id, platform, publications, engagement)
      ${rawHourly(sql`(${DAY}, p.platform) in (select day, platform from ${pairs} t)`)}`);
    // stats_daily summed over its accounts, for the same (day, platform) pairs.
    await tx.execute(sql`
      delete from stats_platform_daily s using ${pairs} t where s.day = t.day and s.platform = t.platform`);
    await tx.execute(sql`
      insert into stats_platform_daily (${platformColumns})
      select d.day, d.department_id, d.platform, sum(d.publications), sum(d.published), sum(d.failed),
        ${sql.raw(columns.map((c) => `sum(d.${c})`).join(', '))}, sum(d.engagement)
      from stats_daily d join ${pairs} t on t.day = d.day and t.platform = d.platform
      group by d.day, d.department_id, d.platform`);
    return keys.length;
  });
}

/** Keys a read makes up before it answers, at most: the rest wait for the schedule. */
const FRESHEN_BATCH = 500;

/**
 * What a statistics read does first: the keys marked since the schedule's last run (a post
 * published a moment ago) made up, so the figures count it; skipped when nothing is marked or a
 * refresh is already running, so reads never queue behind one.
 */
export async function freshen(db: Db): Promise<void> {
  const [marked] = await rawRows<{ any: boolean }>(db, sql`select exists (select 1 from stats_dirty) as any`);
  if (marked?.any) await refreshRollups(db, FRESHEN_BATCH, { wait: false });
}

/** Refreshes until nothing is marked (tests, the bench's seeding); the job takes a batch a run. */
export async function refreshAll(db: Db): Promise<void> {
  while ((await refreshRollups(db)) > 0);
}
