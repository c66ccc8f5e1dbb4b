import { METRIC_CHECKPOINTS_H, POST_METRICS, type PostMetricValues } from '@postdeck/contract/statistics';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { METRIC_COLUMN, engagementOf } from './metric-columns.ts';

const HOUR_MS = 3_600_000;

/**
 * When a post published at `publishedAt` is next read after `now`: the first checkpoint still
 * ahead (1 h, 6 h, 24 h, 72 h, 7 days, then daily to 30 days); null once they are all passed. A
 * reading that came late (workers down for a day) does not make the missed ones up.
 */
export function nextCheckpoint(publishedAt: Date, now: Date): Date | null {
  for (const hours of METRIC_CHECKPOINTS_H) {
    const at = publishedAt.getTime() + hours * HOUR_MS;
    if (at > now.getTime()) return new Date(at);
  }
  return null;
}

const columnList = POST_METRICS.map((name) => METRIC_COLUMN[name]);

/**
 * Stores one reading of a post and its next time, in one transaction: the snapshot; the
 * publication's latest counts, only if this reading is not older than the one kept (readings
 * may arrive out of order: a retried job, a clock between workers); and, when the latest changed,
 * the roll-up key it belongs to, marked for rollups.ts.
 */
export async function recordReading(
  db: Db,
  publicationId: number,
  reading: { values: PostMetricValues; takenAt: Date },
  nextAt: Date | null,
): Promise<void> {
  const values = POST_METRICS.map((name) => sql`${reading.values[name] ?? null}::bigint`);
  const engagement = engagementOf(reading.values) ?? null;
  const columns = sql.raw(columnList.join(', '));
  const assignments = sql.raw(columnList.map((c) => `${c} = excluded_values.${c}`).join(', '));
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into metric_snapshots (publication_id, taken_at, ${columns})
      values (${publicationId}, ${reading.takenAt}, ${sql.join(values, sql`, `)})`);
    await tx.execute(sql`
      with excluded_values (${columns}) as (values (${sql.join(values, sql`, `)})),
      latest as (
        update publication_metrics pm
        set ${assignments}, taken_at = ${reading.takenAt}, engagement = ${engagement}::bigint
        from excluded_values
        where pm.publication_id = ${publicationId}
          and (pm.taken_at is null or pm.taken_at <= ${reading.takenAt})
        returning pm.publication_id
      )
      insert into stats_dirty (day, account_id)
      select stats_day(p.published_at, p.scheduled_at, p.created_at), p.account_id
      from publications p join latest on latest.publication_id = p.id
      where p.account_id is not null
      on conflict do nothing`);
    await tx.execute(sql`
      update publication_metrics set next_at = ${nextAt}, failures = 0, last_error = null
      where publication_id = ${publicationId}`);
  });
}
