import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { deserializeError, type Reply, type Request, type WorkerSettings } from './embedded-protocol.ts';

/**
 * The embedded database as the server's main thread sees it: PGlite's calls (query, exec,
 * transaction, close), each sent to the worker thread that runs it (embedded-worker.ts).
 * Like PGlite, it runs one call or transaction at a time, in the order asked, and a
 * transaction holds the database from BEGIN to COMMIT.
 */
export type EmbeddedClient = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'close'>;

type Ask = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export async function startEmbeddedWorker(settings: WorkerSettings): Promise<EmbeddedClient> {
  const worker = new Worker(new URL('./embedded-worker.ts', import.meta.url), {
    workerData: settings,
    // The worker's garbage is short-lived protocol buffers: with V8's default young generation
    // a count over 100,000 rows left the process 400 MB larger for a while; 8 MB keeps it flat.
    resourceLimits: { maxYoungGenerationSizeMb: 8 },
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let stopped: Error | undefined;

  const stop = (error: Error) => {
    stopped ??= error;
    for (const call of pending.values()) call.reject(stopped);
    pending.clear();
  };
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (reply: Reply) => {
      if ('ready' in reply) return resolve();
      if ('failed' in reply) return reject(deserializeError(reply.failed));
      const call = pending.get(reply.id);
      pending.delete(reply.id);
      if ('error' in reply) call?.reject(deserializeError(reply.error));
      else call?.resolve(reply.result);
    });
    worker.on('error', (error) => {
      reject(error);
      stop(error);
    });
    worker.on('exit', (code) => {
      const error = new Error(`the embedded database stopped (worker exit ${code})`);
      reject(error);
      stop(error);
    });
  });
  await ready;

  const ask = <T>(request: Ask): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  };
  const query = <T>(text: string, params?: unknown[], options?: QueryOptions) =>
    ask<Results<T>>({
      op: 'query',
      text,
      params,
      rowMode: options?.rowMode,
      // drizzle's parsers keep the text of dates, timestamps and intervals; no others are given.
      rawTypes: Object.keys(options?.parsers ?? {}).map(Number),
    });
  const exec = (text: string) => ask<Results[]>({ op: 'exec', text });

  // PGlite's own rule: one call or transaction at a time, in the order asked.
  let tail: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };

  return {
    query: (text, params, options) => inTurn(() => query(text, params, options)),
    exec: (text) => inTurn(() => exec(text)),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) =>
      inTurn(async () => {
        await exec('BEGIN');
        let closed = false;
        const open = () => {
          if (closed) throw new Error('Transaction is closed');
        };
        const tx = {
          query: async (text: string, params?: unknown[], options?: QueryOptions) => (
            open(),
            query(text, params, options)
          ),
          exec: async (text: string) => (open(), exec(text)),
          rollback: async () => {
            open();
            await exec('ROLLBACK');
            closed = true;
          },
          get closed() {
            return closed;
          },
        } as unknown as Transaction;
        try {
          const result = await callback(tx);
          if (!closed) {
            closed = true;
            const [commit] = await exec('COMMIT');
            // A COMMIT of a failed transaction rolls back instead; PGlite says so by throwing.
            if ((commit as { command?: string } | undefined)?.command === 'ROLLBACK') {
              throw new Error('the transaction was rolled back');
            }
          }
          return result;
        } catch (error) {
          if (!closed) {
            closed = true;
            await exec('ROLLBACK');
          }
          throw error;
        }
      }),
    close: () =>
      inTurn(async () => {
        if (!stopped) await ask({ op: 'close' });
        stop(new Error('the embedded database is closed'));
        await worker.terminate();
      }),
  } as EmbeddedClient;
}
