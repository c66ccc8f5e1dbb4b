import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type ParserOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { durablePgliteOptions } from './durable-pglite.ts';
import { type Reply, type Request, serializeError, type WorkerSettings } from './embedded-protocol.ts';

/**
 * The embedded database's own thread (issue 11). PGlite runs each statement synchronously in
 * WebAssembly, and its durable commits wait for fsync: on the server's main thread, every
 * statement stopped every request for as long as it ran. Here it runs beside the main thread
 * (a second core when there is one), and the main thread keeps answering meanwhile.
 * Requests are run one at a time, in the order they came (embedded-client.ts orders them).
 */
if (!parentPort) throw new Error('embedded-worker.ts runs as a worker thread');
const port = parentPort;
const post = (reply: Reply) => port.postMessage(reply);
const keepText = (value: string) => value;

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

try {
  const { dir } = workerData as WorkerSettings;
  // Extensions the migrations create must be loaded into the embedded build first.
  const durable = dir ? durablePgliteOptions(dir) : {};
  const client = await PGlite.create({
    extensions: { pg_trgm },
    ...durable,
    startParams: [...(durable.startParams ?? PGlite.defaultStartParams), ...RESOURCE_SETTINGS],
  });
  const run = async (request: Request): Promise<unknown> => {
    switch (request.op) {
      case 'query': {
        const parsers: ParserOptions = Object.fromEntries(request.rawTypes.map((type) => [type, keepText]));
        return client.query(request.text, request.params, {
          ...(request.rowMode ? { rowMode: request.rowMode } : {}),
          parsers,
        });
      }
      case 'exec':
        return client.exec(request.text);
      case 'close':
        await client.close();
        return null;
    }
  };
  let turn = Promise.resolve();
  port.on('message', (request: Request) => {
    turn = turn.then(async () => {
      try {
        post({ id: request.id, result: await run(request) });
      } catch (error) {
        post({ id: request.id, error: serializeError(error) });
      }
    });
  });
  post({ ready: true });
} catch (error) {
  post({ failed: serializeError(error) });
}
