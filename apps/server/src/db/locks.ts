import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/*
 * Transaction-scoped PostgreSQL advisory locks: they serialise a check and the write it guards
 * across every process sharing the database, and end with the transaction whatever happens. The
 * one-key (bigint) and two-key (int4, int4) forms are separate lock spaces in PostgreSQL. On
 * PGlite a transaction already excludes every other query of the one process.
 */

/** Keys of the trees' advisory locks (the startup lock, 7_301_001, is in migrate.ts). */
const TREE_LOCK_KEYS = { departments: 7_301_002, menus: 7_301_003 } as const;

/** Holds the advisory lock on each key until the transaction ends, in one order, so two never deadlock. */
export async function lockKeys(tx: Db, keys: readonly bigint[]): Promise<void> {
  for (const key of [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    await tx.execute(sql`select pg_advisory_xact_lock(${key.toString()}::bigint)`);
  }
}

/**
 * Serialises changes to a tree until the transaction ends, across processes: a move checks for
 * a cycle and writes in one step, so two moves (X under Y, Y under X) cannot both pass the check.
 * Checks made after it see every change committed before it.
 */
export async function lockTree(tx: Db, tree: keyof typeof TREE_LOCK_KEYS): Promise<void> {
  await lockKeys(tx, [BigInt(TREE_LOCK_KEYS[tree])]);
}

/**
 * Runs `fn` in a transaction holding the advisory lock (`space`, `key`), so callers with the same
 * key take turns across every process sharing the database. `fn` must not use the database
 * itself: the transaction is only the lock's lifetime.
 */
export function withXactLock<T>(db: Db, space: number, key: number, fn: () => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${space}::int4, ${key}::int4)`);
    return fn();
  });
}
