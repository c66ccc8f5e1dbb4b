import { readFileSync } from 'node:fs';
import { type Language, LANGUAGES } from '@postdeck/contract/constants';
import type { FastifyInstance } from 'fastify';
import { requestLanguage } from '../../lib/i18n.ts';

const page = (name: string) => readFileSync(new URL(`./pages/${name}`, import.meta.url), 'utf8');

/** The manual's pages load nothing but their own stylesheet. */
const MANUAL_CSP = "default-src 'none'; style-src 'self'; frame-ancestors 'none'; base-uri 'none'";

/**
 * The operation manual the avatar menu opens (spec §2) when OPERATION_MANUAL_URL names no other:
 * a page per language under /manual/<lang>, and /manual/ in the reader's language. Public: the
 * sign-in page's readers may need it too.
 */
export function manualRoutes(app: FastifyInstance) {
  const pages = new Map<Language, string>(LANGUAGES.map((lang) => [lang, page(`${lang}.html`)]));
  const css = page('manual.css');

  app.get('/manual/manual.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(css),
  );
  app.get<{ Params: { lang: string } }>('/manual/:lang', async (request, reply) => {
    const html = pages.get(request.params.lang as Language);
    if (!html) return reply.redirect(`/manual/${requestLanguage(request)}`);
    return reply.header('content-security-policy', MANUAL_CSP).type('text/html; charset=utf-8').send(html);
  });
  app.get('/manual/', async (request, reply) => reply.redirect(`/manual/${requestLanguage(request)}`));
}
