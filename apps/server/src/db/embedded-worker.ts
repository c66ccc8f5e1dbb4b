import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type ParserOptions } from '@electric-sql/pglite';
import { embeddedPgliteOptions } from './embedded-options.ts';
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

try {
  const { dir } = workerData as WorkerSettings;
  const client = await PGlite.create(embeddedPgliteOptions(dir));
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
