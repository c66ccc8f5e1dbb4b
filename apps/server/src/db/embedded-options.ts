import type { PGliteOptions } from '@electric-sql/pglite';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { durablePgliteOptions } from './durable-pglite.ts';

/**
 * What the embedded server may hold (issue 11: 430-600 MB idle, 481 MB of write-ahead log).
 * PGlite's WebAssembly memory never shrinks, so each of these bounds it for good: the buffer
 * pool (the files stay in the OS page cache, a system call away), vacuum's and analyse's work
 * memory (the minute maintenance grew the heap by 80 MB at 64 MB). Without a checkpointer
 * process a checkpoint happens only when the log reaches max_wal_size, so that bound is the
 * log's size on disk; each checkpoint then writes at most the small buffer pool.
 */
const RESOURCE_SETTINGS = [
  'shared_buffers=16MB',
  'maintenance_work_mem=16MB',
  'max_wal_size=64MB',
  'min_wal_size=32MB',
].flatMap((setting) => ['-c', setting]);

/**
 * How Postdeck opens PGlite, on a directory (durable commits) or in memory (`dir` undefined):
 * with the extensions the migrations create, which must be loaded into the embedded build first.
 */
export function embeddedPgliteOptions(dir: string | undefined): PGliteOptions {
  const durable = dir ? durablePgliteOptions(dir) : {};
  return {
    extensions: { pg_trgm },
    ...durable,
    startParams: [...(durable.startParams ?? PGlite.defaultStartParams), ...RESOURCE_SETTINGS],
  };
}
