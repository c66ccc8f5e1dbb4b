import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_BASE } from '@postdeck/contract/constants';
import type { Config } from './config.ts';

/** Where a process is in its life, as the readiness check tells a load balancer. */
export type Phase = 'starting' | 'migrating' | 'ready' | 'stopping';

export const READY_PATH = `${API_BASE}/ready`;
export const HEALTH_PATH = `${API_BASE}/health`;
/** A readiness answer is reused this long, so probes every few ms do not each cost a query. */
const READY_CACHE_MS = 1000;
/** A database that has not answered `select 1` by then counts as unreachable. */
const READY_QUERY_TIMEOUT_MS = 2000;

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

export interface FrontDoor {
  readonly server: Server;
  readonly port: number;
  phase: Phase;
  /**
   * From now on requests go to `handler` (the app's router); `only` limits them to these paths,
   * the rest answering 404 (a worker serves its probes and metrics, not the API).
   */
  open(handler: Handler, options?: { databaseUp: () => Promise<void>; only?: readonly string[] }): void;
  /** Stops accepting connections; resolves once the open ones are done. */
  close(): Promise<void>;
}

/**
 * The process's HTTP listener, open from the first moment so a load balancer can ask whether it
 * is ready while migrations run (an orchestrator's probes need an answer, not a refused
 * connection). Until the app is built it answers liveness yes, readiness no and everything else
 * 503 with Retry-After; then it hands requests to the app, still answering readiness itself
 * (ready while the database answers).
 */
export async function openFrontDoor(config: Pick<Config, 'port' | 'host'>): Promise<FrontDoor> {
  let handler: Handler | undefined;
  let only: ReadonlySet<string> | undefined;
  let databaseUp: (() => Promise<void>) | undefined;
  let lastCheck: { at: number; answer: Promise<string | undefined> } | undefined;

  const unready = (): Promise<string | undefined> => {
    if (door.phase !== 'ready') return Promise.resolve(door.phase);
    const now = Date.now();
    if (!lastCheck || now - lastCheck.at > READY_CACHE_MS) {
      lastCheck = { at: now, answer: databaseCheck(databaseUp) };
    }
    return lastCheck.answer;
  };

  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if (path === READY_PATH && request.method === 'GET') {
      void unready().then((reason) =>
        reason
          ? json(response, 503, { status: 'not ready', reason })
          : json(response, 200, { status: 'ready' }),
      );
      return;
    }
    if (!handler) {
      if (path === HEALTH_PATH) return json(response, 200, { status: 'ok' });
      response.setHeader('retry-after', '5');
      return json(response, 503, { code: 503, msg: 'Postdeck is starting' });
    }
    if (only && !only.has(path)) return json(response, 404, { code: 404, msg: 'Not found' });
    handler(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });

  const door: FrontDoor = {
    server,
    port: (server.address() as AddressInfo).port,
    phase: 'starting',
    open(next, options) {
      handler = next;
      databaseUp = options?.databaseUp;
      only = options?.only && new Set(options.only);
      lastCheck = undefined;
      door.phase = 'ready';
    },
    close() {
      door.phase = 'stopping';
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
    },
  };
  return door;
}

/** Undefined when the database answered, else why not. */
async function databaseCheck(databaseUp: (() => Promise<void>) | undefined): Promise<string | undefined> {
  if (!databaseUp) return undefined;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('database did not answer'), READY_QUERY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      databaseUp().then(
        () => undefined,
        () => 'database unreachable',
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function json(response: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  response.end(text);
}
