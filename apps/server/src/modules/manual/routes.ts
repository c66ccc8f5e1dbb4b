import { readFileSync } from 'node:fs';
import { type Language, LANGUAGE_NAMES, LANGUAGES } from '@postdeck/contract/constants';
import type { FastifyInstance } from 'fastify';
import { requestLanguage } from '../../lib/i18n.ts';

const page = (name: string) => readFileSync(new URL(`./pages/${name}`, import.meta.url), 'utf8');

const languageLinks = LANGUAGE_NAMES.map(({ lang, name }) => `<a href="/manual/${lang}">${name}</a>`).join(
  '',
);

/** One language's page: the shared skeleton around its body, titled by its first heading. */
export function manualPage(lang: Language, body: string): string {
  const title = /<h1>([^<]*)<\/h1>/.exec(body)?.[1] ?? 'Postdeck';
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="stylesheet" href="/manual/manual.css">
</head>
<body><main><nav class="lang">${languageLinks}</nav>
${body}</main></body>
</html>
`;
}

/** The manual's pages load nothing but their own stylesheet. */
const MANUAL_CSP = "default-src 'none'; style-src 'self'; frame-ancestors 'none'; base-uri 'none'";

/**
 * The operation manual the avatar menu opens (spec §2) when OPERATION_MANUAL_URL names no other:
 * a page per language under /manual/<lang>, and /manual/ in the reader's language. Public: the
 * sign-in page's readers may need it too.
 */
export function manualRoutes(app: FastifyInstance) {
  const pages = new Map<Language, string>(
    LANGUAGES.map((lang) => [lang, manualPage(lang, page(`${lang}.html`))]),
  );
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
