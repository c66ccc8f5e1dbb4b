import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Helmet's security headers, computed once at start-up instead of on every request (its
 * per-request policy parsing cost a fifth of an authenticated call's time). API answers and
 * files get the tightest policy, nothing may load or frame them; index.html replaces the CSP
 * with its own nonce-based one (web.ts).
 */
function helmetHeaders(): Record<string, string> {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string | number) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    crossOriginEmbedderPolicy: false,
  })({} as never, res as never, () => undefined);
  return Object.fromEntries(headers);
}

export function registerSecurityHeaders(app: FastifyInstance) {
  const headers = helmetHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
