import { readFile, writeFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../lib/chromium.ts';
import { manualSources, PAGES_DIR, pdfSourceHash, sourceKeyword } from '../modules/manual/manual-source.ts';
import { withPdfInfo } from '../modules/manual/pdf-info.ts';

/**
 * `npm run manual:pdf`: prints each language's manual page, exactly as /manual/<lang> serves it,
 * to pages/<lang>.pdf with Debian's chromium (CHROMIUM_PATH; CJK text needs fonts-noto-cjk here,
 * the PDF embeds what it uses). Each PDF names the SHA-256 of its source in its Keywords, which
 * the manual's test compares with the source. A PDF already made from the current source is left
 * alone (its bytes would differ only by the date); `--force` makes it anyway.
 */
const force = process.argv.includes('--force');
// Never resolved: every request of the page is answered below, from the source.
const ORIGIN = 'http://manual.postdeck.invalid';
const { css, pages } = manualSources();

const browser = await chromium.launch(chromiumLaunchOptions());
try {
  for (const source of pages) {
    const target = new URL(`${source.lang}.pdf`, PAGES_DIR);
    const current = await readFile(target).catch(() => undefined);
    if (!force && current && pdfSourceHash(current) === source.hash) {
      console.log(`${source.lang}.pdf is up to date`);
      continue;
    }
    const page = await browser.newPage();
    await page.route('**/*', (route) => {
      const { pathname } = new URL(route.request().url());
      if (pathname === '/manual/manual.css') return route.fulfill({ contentType: 'text/css', body: css });
      if (pathname === `/manual/${source.lang}`)
        return route.fulfill({ contentType: 'text/html', body: source.html });
      return route.abort();
    });
    await page.goto(`${ORIGIN}/manual/${source.lang}`);
    // A string: this file is compiled for Node, without the DOM's types.
    await page.evaluate('document.fonts.ready.then(() => true)');
    const printed = await page.pdf({
      preferCSSPageSize: true,
      printBackground: true,
      outline: true,
      tagged: true,
    });
    await page.close();
    const pdf = withPdfInfo(printed, {
      Title: source.title,
      Author: 'Postdeck',
      Subject: source.title,
      Keywords: sourceKeyword(source.hash),
      Creator: 'Postdeck npm run manual:pdf',
      Producer: 'Chromium (Skia/PDF)',
    });
    await writeFile(target, pdf);
    console.log(`${source.lang}.pdf: ${pdf.length} bytes`);
  }
} finally {
  await browser.close();
}
