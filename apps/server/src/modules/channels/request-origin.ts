import type { FastifyRequest } from 'fastify';

/**
 * The console's origin as the browser sees it, where the platforms send the browser back when
 * PUBLIC_URL is not set (a console opened at 127.0.0.1 must come back to 127.0.0.1, not to
 * localhost, where it has no session). The browser's Origin header is taken only when it names
 * the host the request itself came to; otherwise the request's own scheme and host.
 */
export function requestOrigin(request: FastifyRequest): string {
  const host = request.host.toLowerCase();
  const sent = request.headers.origin;
  if (sent) {
    const url = URL.parse(sent);
    if (url && url.host === host && (url.protocol === 'http:' || url.protocol === 'https:'))
      return url.origin;
  }
  return `${request.protocol}://${host}`;
}
