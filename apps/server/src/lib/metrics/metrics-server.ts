import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { MetricsConfig } from '../../config.ts';
import type { Metrics } from './metrics.ts';
import { METRICS_PATH, bearerMatches } from './route.ts';

export interface MetricsServer {
  /** The port it listens on (the one asked for, or the one given for 0). */
  readonly port: number;
  /** Stops listening and ends its connections (a scraper's keep-alive one included). */
  close(): Promise<void>;
}

/**
 * With METRICS_PORT, /metrics on a small HTTP server of its own on METRICS_HOST:METRICS_PORT (a
 * port a firewall keeps for Prometheus), and not on the main port. METRICS_TOKEN, when also set,
 * is asked for here as well. Undefined, and nothing started, unless the app's metrics are on and
 * a port is set. The caller closes it on shutdown.
 */
export async function startMetricsServer(
  app: Pick<FastifyInstance, 'metrics'>,
  settings: MetricsConfig | undefined,
): Promise<MetricsServer | undefined> {
  const metrics = app.metrics;
  if (!metrics || settings?.port === undefined) return undefined;
  const { token } = settings;
  const server = createServer((request, response) => {
    void answer(metrics, token, request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function answer(
  metrics: Metrics,
  token: string | undefined,
  request: IncomingMessage,
  response: ServerResponse,
) {
  const path = new URL(request.url ?? '/', 'http://metrics').pathname.replace(/\/$/, '');
  const send = (status: number, type: string, body: string) => {
    response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
    response.end(request.method === 'HEAD' ? undefined : body);
  };
  if (path !== METRICS_PATH) return send(404, 'text/plain; charset=utf-8', 'Not found\n');
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.setHeader('allow', 'GET, HEAD');
    return send(405, 'text/plain; charset=utf-8', 'Method not allowed\n');
  }
  if (token !== undefined && !bearerMatches(request.headers.authorization, token)) {
    response.setHeader('www-authenticate', 'Bearer');
    return send(401, 'text/plain; charset=utf-8', 'Unauthorized\n');
  }
  try {
    send(200, metrics.registry.contentType, await metrics.registry.metrics());
  } catch {
    send(500, 'text/plain; charset=utf-8', 'The metrics could not be collected\n');
  }
}
