import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { DroppableClient } from './droppable-client.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { ensureEmbeddedCluster } from './embedded-cluster.ts';
import { type EmbeddedClient, startEmbeddedWorker } from './embedded-client.ts';
import { queueEmbedded } from './embedded-queue.ts';
import { cacheReadsUntilWrite } from './read-cache.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` while holding a cluster-wide advisory lock; on PGlite, which one process owns
   * (DATA_DIR/postdeck.lock), a lock within this process.
   */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The pg pool when on a PostgreSQL server (LISTEN/NOTIFY needs its own connection). */
  pool: pg.Pool | undefined;
  /** The embedded client when on PGlite (the job queue runs on it through its own adapter). */
  pglite: EmbeddedClient | undefined;
  /** On PGlite, how long the database has had nothing to do (its maintenance waits for that). */
  quietForMs: (() => number) | undefined;
}

export interface DatabaseOptions {
  /** postgres://… for a PostgreSQL server; otherwise PGlite. */
  url?: string | undefined;
  /**
   * DATA_DIR for PGlite (the database in its `db/`); omitted means in memory (tests). The
   * process holds DATA_DIR/postdeck.lock until `close`: a second one is refused (DataDirInUseError).
   */
  dataDir?: string | undefined;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (!dataDir) return pgliteDatabase(await startEmbeddedWorker({}), () => undefined);
  mkdirSync(dataDir, { recursive: true });
  const lock = lockDataDir(dataDir);
  try {
    const dir = join(dataDir, 'db');
    await ensureEmbeddedCluster(dir);
    return await pgliteDatabase(await startEmbeddedWorker({ dir }), lock.release);
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function pgliteDatabase(client: EmbeddedClient, release: () => void): Promise<Database> {
  // The cache forgets on commit, inside the queue, whose callers hear of a write only after its flush.
  cacheReadsUntilWrite(client);
  const queue = await queueEmbedded(client);
  // drizzle calls only what EmbeddedClient has of PGlite.
  const db = drizzlePglite(client as PGlite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pool: undefined,
    pglite: client,
    quietForMs: queue.quietForMs,
    withLock: inProcessLock(),
    async close() {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/** Calls with the same key run one after the other, in the order they asked. */
function inProcessLock(): Database['withLock'] {
  const tails = new Map<number, Promise<unknown>>();
  return (key, fn) => {
    const run = (tails.get(key) ?? Promise.resolve()).then(fn, fn);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, Client: DroppableClient });
  // A broken idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    pool,
    pglite: undefined,
    quietForMs: undefined,
    async withLock(key, fn) {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('SELECT pg_advisory_lock($1)', [key]);
        try {
          return await fn();
        } finally {
          await lockClient.query('SELECT pg_advisory_unlock($1)', [key]);
        }
      } finally {
        lockClient.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * Rows of a raw SQL query. Both drivers put them in `.rows`; 64-bit numbers arrive as strings
 * through pg and as numbers through PGlite, so callers convert ids with Number().
 */
export async function rawRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
