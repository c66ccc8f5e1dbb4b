import { sql } from 'drizzle-orm';
import { type Db, rawRows } from './client.ts';

/**
 * PGlite runs no autovacuum (one process, no background workers), so the tables of an embedded
 * Postdeck were never analysed nor vacuumed: without statistics the planner read the landing
 * list's 10,000-row count through a bitmap of all 100,000 contents (125 ms a page instead of 4),
 * and without a visibility map an index-only scan still fetches every heap row. This does
 * autovacuum's job with PostgreSQL's default thresholds (a PostgreSQL server does it itself).
 */

/** autovacuum's defaults: analyse after 50 + 10 % changed rows; vacuum after 50 + 20 % dead or 1,000 + 20 % new. */
const NEEDS = sql`
  select relname as name,
    (n_dead_tup > 50 + 0.2 * n_live_tup or n_ins_since_vacuum > 1000 + 0.2 * n_live_tup) as vacuum,
    n_mod_since_analyze > 50 + 0.1 * n_live_tup as analyze
  from pg_stat_user_tables
  where schemaname = current_schema()`;

/** Vacuums and analyses the tables that need it; returns what it did, e.g. `vacuum contents`. */
export async function maintainTables(db: Db): Promise<string[]> {
  // This connection's own counts reach the shared statistics when its next statement ends.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const rows = await rawRows<{ name: string; vacuum: boolean; analyze: boolean }>(db, NEEDS);
  const done: string[] = [];
  for (const row of rows) {
    const table = sql.identifier(row.name);
    if (row.vacuum) {
      await db.execute(sql`vacuum (analyze) ${table}`);
      done.push(`vacuum ${row.name}`);
    } else if (row.analyze) {
      await db.execute(sql`analyze ${table}`);
      done.push(`analyze ${row.name}`);
    }
  }
  return done;
}

/**
 * When maintenance runs. Its statements hold the embedded database while they run (an analyse of
 * 100,000 contents reads a sample of 30,000 rows: 0.3-0.7 s), and every request's statements
 * wait behind them; so a run that is due waits for a quiet second, and runs anyway once it has
 * waited `maxWaitMs` (statistics must not go stale under steady load).
 */
export interface MaintenanceTiming {
  /** autovacuum's naptime: how often the tables are checked. */
  everyMs: number;
  /** How long the database must have been quiet. */
  quietMs: number;
  /** How long a due run waits for quiet at most. */
  maxWaitMs: number;
}

export const MAINTENANCE_TIMING: MaintenanceTiming = { everyMs: 60_000, quietMs: 1_000, maxWaitMs: 600_000 };

export function maintenanceDue(
  timing: MaintenanceTiming,
  state: { sinceLastRunMs: number; quietForMs: number },
): boolean {
  if (state.sinceLastRunMs < timing.everyMs) return false;
  return state.quietForMs >= timing.quietMs || state.sinceLastRunMs >= timing.everyMs + timing.maxWaitMs;
}

/**
 * Runs `maintainTables` now, then whenever `maintenanceDue` says so (checked every second), one
 * run at a time; the returned function stops it and waits for a run under way.
 */
export function startEmbeddedMaintenance(
  db: Db,
  options: {
    quietForMs: () => number;
    log: (message: string, error?: unknown) => void;
    timing?: MaintenanceTiming;
    now?: () => number;
  },
): () => Promise<void> {
  const timing = options.timing ?? MAINTENANCE_TIMING;
  const now = options.now ?? (() => performance.now());
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  let lastRunAt = now();
  const run = () => {
    busy = true;
    lastRunAt = now();
    running = maintainTables(db)
      .then(
        (done) => {
          if (done.length > 0) options.log(`embedded maintenance: ${done.join(', ')}`);
        },
        (error: unknown) => options.log('embedded maintenance failed', error),
      )
      .finally(() => {
        busy = false;
      });
  };
  run();
  const timer = setInterval(
    () => {
      if (busy) return;
      if (maintenanceDue(timing, { sinceLastRunMs: now() - lastRunAt, quietForMs: options.quietForMs() }))
        run();
    },
    Math.min(timing.quietMs, timing.everyMs),
  );
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
