import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Runs `fn` in a transaction holding the advisory lock (`space`, `key`), so callers with the same
 * key take turns across every process sharing the database; the lock ends with the transaction,
 * whatever happens. On PGlite a transaction already excludes every other query of the process.
 * `fn` must not use the database itself: the transaction is only the lock's lifetime.
 */
export function withXactLock<T>(db: Db, space: number, key: number, fn: () => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${space}::int4, ${key}::int4)`);
    return fn();
  });
}
