import type { EmbeddedClient } from './embedded-client.ts';
import { mayWrite } from './read-cache.ts';
import { inPoll } from './read-priority.ts';

/**
 * The order in which the embedded database runs what is asked of it (issue 11). PGlite runs one
 * statement or transaction at a time, on the server's main thread, in the order asked, and each
 * durable commit waited there for its own fsync (2.5-5 ms on the build machine). With 50
 * editors saving at once, every request waited behind the whole queue of saves, once per
 * statement (the 5-second unread poll: a second and more), and the fsyncs alone limited saves
 * to a few hundred a second. Two changes, both inside this queue:
 *
 * - Reads first. A read of one statement takes a millisecond or two, so waiting reads run
 *   before waiting writes, at most READS_IN_A_ROW of them while a write waits, so that writes
 *   keep moving under any read load. Among reads, the console's polls go first (read-priority.ts).
 * - Group commit. Commits are asynchronous (synchronous_commit off: the commit record is
 *   written, the flush skipped), and a write's caller hears of it only after a flush of the
 *   write-ahead log that started after it committed. The flush waits in the write queue, so
 *   every write queued before it commits first and shares it, as a PostgreSQL server shares one
 *   flush among the commits that arrive together.
 *
 * What each statement sees is unchanged: one runs at a time, and a transaction holds the
 * database from BEGIN to COMMIT. What a caller is told is exactly as durable as before. What
 * other requests read may run ahead of the disk by one flush (a row is visible once committed):
 * a crash in that window loses a write that no caller was told had succeeded, as with
 * PostgreSQL's own asynchronous commit.
 */
const READS_IN_A_ROW = 16;
/** Polls in a row while another read waits: a flood of polls still lets other reads through. */
const POLLS_IN_A_ROW = 8;
/** Writes and flushes a WAL record, which flushes all WAL before it, the commits' included. */
const FLUSH = "select pg_logical_emit_message(false, 'postdeck', '', true)";

type Job = () => Promise<void>;
type Method = 'query' | 'exec' | 'transaction';

export interface EmbeddedQueue {
  /** How long nothing has run nor waited; 0 while something runs or waits. */
  quietForMs(): number;
}

export async function queueEmbedded(client: EmbeddedClient): Promise<EmbeddedQueue> {
  const run = {
    query: client.query.bind(client),
    exec: client.exec.bind(client),
    transaction: client.transaction.bind(client),
  } as Record<Method, (...args: unknown[]) => Promise<unknown>>;
  const pollReads: Job[] = [];
  const reads: Job[] = [];
  const writes: Job[] = [];
  let busy = false;
  let readsInARow = 0;
  let pollsInARow = 0;
  let lastEndedAt = performance.now();

  const pump = () => {
    if (busy) return;
    const waitingReads = pollReads.length + reads.length;
    const read = waitingReads > 0 && (writes.length === 0 || readsInARow < READS_IN_A_ROW);
    const poll = read && pollReads.length > 0 && (reads.length === 0 || pollsInARow < POLLS_IN_A_ROW);
    const job = poll ? pollReads.shift() : read ? reads.shift() : writes.shift();
    if (!job) return;
    busy = true;
    readsInARow = read ? readsInARow + 1 : 0;
    pollsInARow = poll ? pollsInARow + 1 : 0;
    void job().finally(() => {
      busy = false;
      lastEndedAt = performance.now();
      pump();
    });
  };
  const enqueue = (queue: Job[], job: Job) => {
    queue.push(job);
    pump();
  };

  /** Callers whose writes committed since the queued flush was queued; it answers them. */
  let committed: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  let flushQueued = false;
  const flushed = () =>
    new Promise<void>((resolve, reject) => {
      committed.push({ resolve, reject });
      if (flushQueued) return;
      flushQueued = true;
      enqueue(writes, async () => {
        flushQueued = false;
        const group = committed;
        committed = [];
        try {
          await run.query(FLUSH);
          for (const caller of group) caller.resolve();
        } catch (error) {
          for (const caller of group) caller.reject(error);
        }
      });
    });

  const queued = (method: Method, writes_: (first: unknown) => boolean) => {
    Object.assign(client, {
      [method]: (...args: unknown[]) =>
        new Promise((resolve, reject) => {
          const write = writes_(args[0]);
          enqueue(write ? writes : inPoll() ? pollReads : reads, async () => {
            let result: unknown;
            try {
              result = await run[method](...args);
            } catch (error) {
              reject(error);
              return;
            }
            if (write) flushed().then(() => resolve(result), reject);
            else resolve(result);
          });
        }),
    });
  };
  queued('query', mayWrite);
  queued('exec', mayWrite);
  queued('transaction', () => true);
  await run.query('set synchronous_commit to off');
  return {
    quietForMs: () =>
      busy || pollReads.length + reads.length + writes.length > 0 ? 0 : performance.now() - lastEndedAt,
  };
}
