import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Language, LANGUAGE_NAMES, LANGUAGES } from '@postdeck/contract/constants';
import { pdfInfoValue } from './pdf-info.ts';

/** Where the pages, their stylesheet and the PDFs made from them live. */
export const PAGES_DIR = new URL('./pages/', import.meta.url);

const read = (name: string) => readFileSync(new URL(name, PAGES_DIR), 'utf8');

const languageLinks = LANGUAGE_NAMES.map(({ lang, name }) => `<a href="/manual/${lang}">${name}</a>`).join(
  '',
);

/** The link from each page to the same manual as a PDF. */
const PDF_LINK: Record<Language, string> = {
  en: 'PDF version',
  zh: 'PDF 版',
  es: 'Versión PDF',
  ja: 'PDF 版',
};

/** The address of a language's PDF, and the file name it is saved under. */
export const pdfPath = (lang: Language) => `/manual/${lang}.pdf`;
export const pdfFileName = (lang: Language) => `postdeck-manual-${lang}.pdf`;

/** One language's page: the shared skeleton around its body, titled by its first heading. */
function manualPage(lang: Language, body: string): string {
  const title = manualTitle(body);
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="stylesheet" href="/manual/manual.css">
</head>
<body><main><nav class="lang">${languageLinks}<a class="pdf" href="${pdfPath(lang)}">${PDF_LINK[lang]}</a></nav>
${body}</main></body>
</html>
`;
}

const manualTitle = (body: string) => /<h1>([^<]*)<\/h1>/.exec(body)?.[1] ?? 'Postdeck';

export interface ManualSource {
  lang: Language;
  title: string;
  /** The page as served at /manual/<lang>. */
  html: string;
  /** SHA-256 of the page and the stylesheet: what the PDF was made from. */
  hash: string;
}

/** Every language's page and the stylesheet, read from the source. */
export function manualSources(): { css: string; pages: ManualSource[] } {
  const css = read('manual.css');
  const pages = LANGUAGES.map((lang) => {
    const body = read(`${lang}.html`);
    const html = manualPage(lang, body);
    const hash = createHash('sha256').update(html).update('\0').update(css).digest('hex');
    return { lang, title: manualTitle(body), html, hash };
  });
  return { css, pages };
}

/** How a PDF names the source it was made from, in its Keywords. */
const SOURCE_KEYWORD = 'postdeck-manual-source-sha256:';
export const sourceKeyword = (hash: string) => `${SOURCE_KEYWORD}${hash}`;

/** The source hash a PDF was made from, if it says. */
export function pdfSourceHash(pdf: Buffer): string | undefined {
  const keywords = pdfInfoValue(pdf, 'Keywords');
  return keywords?.startsWith(SOURCE_KEYWORD) ? keywords.slice(SOURCE_KEYWORD.length) : undefined;
}
