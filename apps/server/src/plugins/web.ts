import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_BASE } from '@postdeck/contract/constants';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { registerCompression } from './compression.ts';

/** Placeholder Vite writes into index.html (`html.cspNonce`); replaced per response. */
const NONCE_PLACEHOLDER = 'POSTDECK_CSP_NONCE';

/** The strict policy the single-page app runs under: no inline script, styles only with the nonce. */
export function appContentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Serves the built web app: hashed assets from `dist` with long caching, each from the .br or
 * .gz sibling the build made when the browser accepts it (never compressed again here), and
 * index.html for every other GET outside the API (history fallback), each time with a fresh
 * CSP nonce and so compressed on the fly.
 */
export async function registerWeb(app: FastifyInstance, distDir: string | undefined) {
  const indexFile = distDir ? join(distDir, 'index.html') : undefined;
  const indexHtml = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  if (!distDir || !indexHtml) return;

  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    // One route per built file: '/' and every client route fall through to index.html.
    wildcard: false,
    // Picks the .br/.gz sibling by Accept-Encoding and answers with Vary: Accept-Encoding.
    preCompressed: true,
    // The siblings are reached through their file's route, not as files of their own.
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders(res, path) {
      if (path.includes(join(distDir, 'assets'))) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });

  // A route rather than the not-found handler, so that its answer is compressed like any other.
  await app.register(async (pages) => {
    await registerCompression(pages);
    pages.get('/*', { schema: { hide: true } }, async (request, reply) => {
      if (request.url.startsWith(API_BASE)) throw new AppError('notFound');
      const nonce = randomBytes(16).toString('base64');
      // Vary also when sent uncompressed, so that no shared cache hands that copy to everyone.
      return reply
        .header('content-security-policy', appContentSecurityPolicy(nonce))
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .type('text/html; charset=utf-8')
        .send(indexHtml.replaceAll(NONCE_PLACEHOLDER, nonce));
    });
  });
}
