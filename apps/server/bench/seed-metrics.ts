import { sql } from 'drizzle-orm';
import { type Db, rawRows } from '../src/db/client.ts';
import { refreshRollups } from '../src/modules/statistics/rollups.ts';

/**
 * Metric readings for the publications seedPublications made (issue 23 item 4): `perPost`
 * snapshots of every published (or since withdrawn) post at its checkpoints, counts growing
 * with each by multiplicative hashing, a platform's missing metrics left null as the adapters
 * leave them; the latest kept per post; the accounts' followers daily over `days`; then the
 * roll-ups made from nothing, as the migration's backfill would have them made. The trigger that
 * marks keys is off while the publications are written (seedPublications runs after this turns it
 * off), and every key is marked at once instead.
 */
export async function seedMetrics(db: Db, options: { perPost: number; days: number }) {
  const started = performance.now();
  // Video metrics where the platform plays videos, reach and saves where it tells them.
  const counts = (k: string) => `
      (p.id * 2654435761 % 5000 + 1) * ${k} as views,
      case when p.platform in ('facebook', 'instagram', 'linkedin') then (p.id * 40503 % 3000 + 1) * ${k} end as reach,
      (p.id * 7919 % 300) * ${k} as reactions,
      (p.id * 104729 % 40) * ${k} as comments,
      case when p.platform <> 'telegram' then (p.id * 31 % 25) * ${k} end as shares,
      case when p.platform in ('instagram', 'x') then (p.id * 17 % 15) * ${k} end as saves,
      case when p.media_type = 'video' then (p.id * 13 % 2000) * ${k} end as video_views,
      case when p.media_type = 'video' and p.platform = 'youtube' then (p.id * 11 % 9000) * ${k} end as watch_time_s,
      case when p.platform in ('facebook', 'linkedin') then (p.id * 7 % 120) * ${k} end as link_clicks`;
  const columns = 'views, reach, reactions, comments, shares, saves, video_views, watch_time_s, link_clicks';
  await db.execute(sql`
    insert into metric_snapshots (publication_id, taken_at, ${sql.raw(columns)})
    select p.id, p.published_at + make_interval(hours => case when k <= 4 then (array[1, 6, 24, 72])[k] else (k + 3) * 24 end),
      ${sql.raw(counts('k'))}
    from publications p cross join generate_series(1, ${options.perPost}::int) k
    where p.parent_id is not null and p.status in ('published', 'withdrawn')`);
  const snapshotsMs = performance.now() - started;
  await db.execute(sql`
    insert into publication_metrics (publication_id, taken_at, ${sql.raw(columns)}, engagement, next_at)
    select id, taken_at, ${sql.raw(columns)},
      case when coalesce(reactions, comments, shares, saves, link_clicks) is not null
        then coalesce(reactions, 0) + coalesce(comments, 0) + coalesce(shares, 0) + coalesce(saves, 0) + coalesce(link_clicks, 0) end,
      null
    from (select p.id, p.published_at + make_interval(hours => (${options.perPost}::int + 3) * 24) as taken_at, ${sql.raw(counts(String(options.perPost)))}
          from publications p where p.parent_id is not null and p.status in ('published', 'withdrawn')) latest
    on conflict (publication_id) do update set taken_at = excluded.taken_at,
      ${sql.raw(
        columns
          .split(', ')
          .map((c) => `${c} = excluded.${c}`)
          .join(', '),
      )}, engagement = excluded.engagement, next_at = null`);
  await db.execute(sql`
    insert into account_metric_snapshots (account_id, day, taken_at, followers, reach)
    select a.id, d::date, d + interval '4 hours', 1000 + (a.id * 7919 % 50000) + (extract(epoch from d)::bigint / 86400 - 19000) * (a.id % 7),
      case when a.platform in ('facebook', 'instagram') then a.id * 31 % 9000 end
    from channel_accounts a cross join generate_series(now()::date - ${options.days}::int, now()::date, interval '1 day') d
    on conflict do nothing`);
  await db.execute(sql`
    insert into stats_dirty (day, account_id)
    select distinct stats_day(published_at, scheduled_at, created_at), account_id from publications
    where parent_id is not null and account_id is not null and stats_counted(status)
    on conflict do nothing`);
  const rollStart = performance.now();
  let keys = 0;
  for (let taken = await refreshRollups(db, 5_000); taken > 0; taken = await refreshRollups(db, 5_000))
    keys += taken;
  const rollupMs = performance.now() - rollStart;
  await db.execute(sql`vacuum analyze metric_snapshots`);
  await db.execute(sql`vacuum analyze publication_metrics`);
  await db.execute(sql`vacuum analyze stats_daily`);
  await db.execute(sql`vacuum analyze stats_hourly`);
  await db.execute(sql`vacuum analyze stats_failures_daily`);
  await db.execute(sql`vacuum analyze account_metric_snapshots`);
  const [size] = await rawRows<{ snapshots: string; daily: string }>(
    db,
    sql`select (select count(*) from metric_snapshots) as snapshots, (select count(*) from stats_daily) as daily`,
  );
  return {
    snapshots: Number(size?.snapshots),
    dailyRows: Number(size?.daily),
    keys,
    snapshotsMs,
    rollupMs,
  };
}
