import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** Keys of the trees' advisory locks (the startup lock, 7_301_001, is in migrate.ts). */
const TREE_LOCK_KEYS = { departments: 7_301_002, menus: 7_301_003 } as const;

/**
 * Serialises changes to a tree until the transaction ends, across processes: a move checks for
 * a cycle and writes in one step, so two moves (X under Y, Y under X) cannot both pass the check.
 * Checks made after it see every change committed before it.
 */
export async function lockTree(tx: Db, tree: keyof typeof TREE_LOCK_KEYS): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${TREE_LOCK_KEYS[tree]})`);
}
