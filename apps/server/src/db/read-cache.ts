import type { EmbeddedClient } from './embedded-client.ts';
import type { Db } from './client.ts';

/**
 * List reads remembered until the embedded database's next write (issue 11). PGlite runs every
 * statement on the server's main thread, one at a time, so a list page costs its full price on
 * every request however many ask for the same one. But on PGlite this process is the only
 * writer (DATA_DIR is locked) and every statement, transactions included, passes one by one
 * through the client wrapped here: forgetting every remembered read whenever a statement that
 * may write completes keeps each answer exactly as fresh as reading again. A PostgreSQL server
 * has other writers, so it gets no such cache (its lists share concurrent reads instead).
 *
 * A statement counts as a read only when it starts with SELECT, SHOW or EXPLAIN; Postdeck runs
 * no SELECT of a function that writes.
 */
export interface ReadCache {
  /** The remembered answer for `key`, if no write completed since it was read. */
  get(key: string): unknown;
  /** Runs `read` and remembers its answer, unless a write completed while it ran. */
  remember<T>(key: string, read: () => Promise<T>): Promise<T>;
}

const READ = /^\s*(select|show|explain)\b/i;
/** Whether a statement's text may write: anything but a SELECT, SHOW or EXPLAIN (or no text). */
export const mayWrite = (text: unknown) => typeof text !== 'string' || !READ.test(text);
/** Caches by client: drizzle's root handle names its client, a transaction's handle does not. */
const caches = new WeakMap<object, ReadCache>();

/** The read cache behind `db`; none on a server, and none inside a transaction. */
export function readCacheOf(db: Db): ReadCache | undefined {
  const client = (db as { $client?: unknown }).$client;
  return typeof client === 'object' && client !== null ? caches.get(client) : undefined;
}

/** Wraps the embedded `client` so that its writes clear its read cache. */
export function cacheReadsUntilWrite(client: EmbeddedClient, maxEntries = 500): void {
  const entries = new Map<string, unknown>();
  let generation = 0;
  const forget = () => {
    generation++;
    entries.clear();
  };
  const clearAfterWrites = (
    method: 'query' | 'exec' | 'transaction',
    writes: (first: unknown) => boolean,
  ) => {
    const run = client[method].bind(client) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(client, {
      [method]: async (...args: unknown[]) => {
        try {
          return await run(...args);
        } finally {
          if (writes(args[0])) forget();
        }
      },
    });
  };
  clearAfterWrites('query', mayWrite);
  clearAfterWrites('exec', mayWrite);
  // Whatever a transaction ran inside, it ends here, and nothing else ran meanwhile.
  clearAfterWrites('transaction', () => true);

  caches.set(client, {
    get: (key) => entries.get(key),
    async remember(key, read) {
      const startedAt = generation;
      const value = await read();
      if (generation === startedAt) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
        entries.set(key, value);
      }
      return value;
    },
  });
}
