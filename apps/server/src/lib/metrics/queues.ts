import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** Counts stop here: a scrape reads at most this many index entries per queue and state. */
export const QUEUE_COUNT_CAP = 10_000;
/** A scrape's queue statement is cancelled past this (on PostgreSQL; PGlite cannot interrupt one). */
export const QUEUE_STATS_TIMEOUT_MS = 2000;
/** Queues reported at most (the app declares about ten). */
const MAX_QUEUES = 100;

export interface QueueStats {
  queue: string;
  /** Waiting for a worker: created or retry, not blocked, their start time come. */
  ready: number;
  /** Waiting for their start time (a scheduled publication's send, a retry's backoff). */
  deferred: number;
  /** Being handled now. */
  active: number;
  /** How long the oldest ready job has been ready (since its start time, or creation if later); 0 when none is. */
  oldestSeconds: number;
}

/**
 * For the read's transaction only: the time bound; JIT compilation off (it took 400 of the 470 ms
 * a read of 450,000 jobs took on PostgreSQL); plain index scans, which stop at the cap, rather
 * than bitmap scans, which read every matching entry first, or sequential ones, which the planner
 * picks for a queue it cannot tell from the busiest (the queue is a correlated value) and which
 * read the whole table for an empty one; no parallel workers to start. That read took 8 ms then on
 * PostgreSQL, 12 to 28 on PGlite (whose read cache the transaction empties, as pg-boss's polling
 * does every half second anyway).
 */
const QUEUE_STATS_SETTINGS = [
  `set local statement_timeout = ${QUEUE_STATS_TIMEOUT_MS}`,
  'set local jit = off',
  'set local enable_bitmapscan = off',
  'set local enable_seqscan = off',
  'set local max_parallel_workers_per_gather = 0',
];

/**
 * The job queue's depth, read from pg-boss's own tables (pg-boss 12: `job`, partitioned by queue
 * name, and `queue`) at scrape time rather than from the counts its monitor caches, which are up
 * to a monitor interval old. Every part walks an index of pg-boss's: the counts, job_i14 (name,
 * state, blocked, start_after, over live jobs) up to QUEUE_COUNT_CAP entries; the oldest, the first
 * entry of that index in start_after order for each waiting state. A job's age follows pg-boss's
 * readyOldestSeconds: from the later of its creation and start_after (a retry's start_after is
 * when its backoff ended), its oldest being the first by start_after (the same job, since
 * start_after is never before creation unless a sender set it in the past).
 */
export async function readQueueStats(database: Pick<Database, 'db'>, schema: string): Promise<QueueStats[]> {
  const s = sql.identifier(schema);
  const count = (condition: ReturnType<typeof sql>) =>
    sql`(select count(*) from (select 1 from ${s}.job j where j.name = q.name and ${condition} limit ${QUEUE_COUNT_CAP}) c)::int`;
  const waiting = sql`j.state in ('created', 'retry') and not j.blocked`;
  const oldest = (state: 'created' | 'retry') =>
    sql`(select greatest(j.created_on, j.start_after) from ${s}.job j
          where j.name = q.name and j.state = ${state} and not j.blocked and j.start_after <= now()
          order by j.start_after limit 1)`;
  const query = sql`
    select q.name as queue,
      ${count(sql`${waiting} and j.start_after <= now()`)} as ready,
      ${count(sql`${waiting} and j.start_after > now()`)} as deferred,
      ${count(sql`j.state = 'active'`)} as active,
      coalesce(extract(epoch from now() - least(${oldest('created')}, ${oldest('retry')})), 0)::float8 as oldest
    from ${s}.queue q
    order by q.name
    limit ${MAX_QUEUES}`;
  const result = (await database.db.transaction(async (tx) => {
    for (const setting of QUEUE_STATS_SETTINGS) await tx.execute(sql.raw(setting));
    return tx.execute(query);
  })) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((row) => ({
    queue: String(row['queue']),
    ready: Number(row['ready']),
    deferred: Number(row['deferred']),
    active: Number(row['active']),
    oldestSeconds: Math.max(0, Number(row['oldest'])),
  }));
}
