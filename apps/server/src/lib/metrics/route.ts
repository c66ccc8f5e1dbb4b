import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { MetricsConfig } from '../../config.ts';
import { registerCompression } from '../../plugins/compression.ts';
import { AppError } from '../errors.ts';
import type { Metrics } from './metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's Prometheus metrics; undefined unless METRICS=on (startMetricsServer serves them apart). */
    metrics: Metrics | undefined;
  }
}

/** Outside the API's prefix, where Prometheus looks by default. */
export const METRICS_PATH = '/metrics';
/** A request no route matched: one label value, whatever URL it asked for. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Whether an Authorization header carries `token` as a bearer token, compared in constant time
 * (digests of equal length, so neither the token's length nor its first differing byte shows).
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(token)) && given !== '';
}

/**
 * /metrics on the main port (issue 22): times every answered request by its route pattern (never
 * the raw URL, whose values are unbounded; /metrics itself is left out), and answers GET /metrics
 * with the registry in Prometheus's text format when METRICS=on with METRICS_TOKEN, to that token
 * as a bearer token only (401 otherwise). Off, or with METRICS_PORT (startMetricsServer), the path
 * is a 404 here: the route exists either way, so the web app's history fallback never answers it.
 * Called before the app's other routes, so that the timing hook covers them all. Public for the
 * auth plugin: it checks only routes under the API's prefix.
 */
export async function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics | undefined,
  settings: MetricsConfig | undefined,
) {
  app.decorate('metrics', metrics);
  if (metrics) {
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url;
      if (route !== METRICS_PATH)
        metrics.request(request.method, route ?? UNMATCHED_ROUTE, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  }
  const token = settings?.port === undefined ? settings?.token : undefined;
  await app.register(async (scope) => {
    await registerCompression(scope);
    scope.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      // Without a token it is never served here, whatever else is set.
      if (!metrics || token === undefined) throw new AppError('notFound');
      if (!bearerMatches(request.headers.authorization, token)) {
        reply.header('www-authenticate', 'Bearer');
        throw new AppError('notSignedIn');
      }
      const text = await metrics.registry.metrics();
      return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
    });
  });
}
