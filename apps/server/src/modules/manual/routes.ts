import { readFileSync } from 'node:fs';
import type { Language } from '@postdeck/contract/constants';
import type { FastifyInstance } from 'fastify';
import { requestLanguage } from '../../lib/i18n.ts';
import { manualSources, PAGES_DIR, pdfFileName } from './manual-source.ts';

/** The manual's pages load nothing but their own stylesheet. */
const MANUAL_CSP = "default-src 'none'; style-src 'self'; frame-ancestors 'none'; base-uri 'none'";
/** The manual changes only with a release. */
const CACHE = 'public, max-age=3600';

/** A language's PDF as committed (npm run manual:pdf), if there is one. */
function readPdf(lang: Language): Buffer | undefined {
  try {
    return readFileSync(new URL(`${lang}.pdf`, PAGES_DIR));
  } catch {
    return undefined;
  }
}

/**
 * The operation manual the avatar menu opens (spec §2) when OPERATION_MANUAL_URL names no other:
 * a page per language under /manual/<lang>, the same page as a PDF under /manual/<lang>.pdf, and
 * /manual/ in the reader's language. Public: the sign-in page's readers may need it too.
 */
export function manualRoutes(app: FastifyInstance) {
  const { css, pages: sources } = manualSources();
  const pages = new Map(sources.map(({ lang, html }) => [lang, html]));
  const pdfs = new Map(sources.map(({ lang }) => [lang, readPdf(lang)]));

  app.get('/manual/manual.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', CACHE).send(css),
  );
  app.get<{ Params: { lang: string } }>('/manual/:lang', async (request, reply) => {
    const { lang } = request.params;
    if (lang.endsWith('.pdf')) {
      const known = lang.slice(0, -'.pdf'.length) as Language;
      if (!pdfs.has(known)) return reply.redirect(`/manual/${requestLanguage(request)}.pdf`);
      const pdf = pdfs.get(known);
      if (!pdf) return reply.callNotFound();
      return reply
        .type('application/pdf')
        .header('cache-control', CACHE)
        .header('content-disposition', `inline; filename="${pdfFileName(known)}"`)
        .send(pdf);
    }
    const html = pages.get(lang as Language);
    if (!html) return reply.redirect(`/manual/${requestLanguage(request)}`);
    return reply.header('content-security-policy', MANUAL_CSP).type('text/html; charset=utf-8').send(html);
  });
  app.get('/manual/', async (request, reply) => reply.redirect(`/manual/${requestLanguage(request)}`));
}
