import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_BASE } from '@postdeck/contract/constants';
import type { FastifyInstance } from 'fastify';

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
 * Serves the built web app: hashed assets from `dist` with long caching, and index.html for
 * every other GET outside the API (history fallback), each time with a fresh CSP nonce.
 */
export async function registerWeb(app: FastifyInstance, distDir: string | undefined) {
  const indexFile = distDir ? join(distDir, 'index.html') : undefined;
  const indexHtml = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  if (distDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      // One route per built file: '/' and every client route fall through to index.html.
      wildcard: false,
      setHeaders(res, path) {
        if (path.includes(`${join(distDir, 'assets')}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  return function serveIndex(url: string, method: string) {
    if (!indexHtml || method !== 'GET' || url.startsWith(API_BASE)) return undefined;
    const nonce = randomBytes(16).toString('base64');
    return { html: indexHtml.replaceAll(NONCE_PLACEHOLDER, nonce), csp: appContentSecurityPolicy(nonce) };
  };
}
