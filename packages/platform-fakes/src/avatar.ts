import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from './html.ts';

/**
 * Profile pictures for the accounts a fake lists (a community, a creator), so the console's
 * sandbox shows a picture instead of a broken image: initials on a colour taken from the name.
 */
export function avatarSvg(name: string): string {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0]?.toUpperCase() ?? '')
    .join('');
  const hue = createHash('sha256').update(name).digest()[0] ?? 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200"><rect width="200" height="200" rx="100" fill="hsl(${Math.round((hue / 256) * 360)} 55% 45%)"/><text x="100" y="100" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" font-size="80" fill="#fff">${escapeHtml(initials)}</text></svg>`;
}

/** GET /avatars/<key>.svg: the name `nameOf` gives for the key, or 404. */
export function avatarRoute(app: FastifyInstance, nameOf: (key: string) => string | undefined): void {
  app.get<{ Params: { file: string } }>('/avatars/:file', async (request, reply) => {
    const name = nameOf(request.params.file.replace(/\.svg$/, ''));
    if (name === undefined) return reply.code(404).type('text/plain').send('No such picture');
    return reply.type('image/svg+xml').send(avatarSvg(name));
  });
}

/** Where a fake serves the picture for `key`. */
export const avatarUrl = (base: string, key: string) => `${base}/avatars/${encodeURIComponent(key)}.svg`;
