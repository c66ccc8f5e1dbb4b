import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Database } from './client.ts';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Applies the versioned SQL migrations in this folder; drizzle records what already ran. */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
  } else {
    await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder });
  }
}

/** Key of the advisory lock that serialises migration and bootstrap across processes. */
export const STARTUP_LOCK_KEY = 7_301_001;
