import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { manualSources, pdfSourceHash } from './manual-source.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('operation manual', () => {
  it('serves a page in each of the four languages under its own strict policy', async () => {
    const titles = {
      en: 'Postdeck operation manual',
      zh: 'Postdeck 操作手册',
      es: 'Manual de operación de Postdeck',
      ja: 'Postdeck 操作マニュアル',
    };
    for (const [lang, title] of Object.entries(titles)) {
      const res = await t.app.inject({ method: 'GET', url: `/manual/${lang}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<h1>${title}</h1>`);
      expect(res.body).toContain(`<html lang="${lang}">`);
      expect(res.body).toContain(`<title>${title}</title>`);
      expect(res.body).toContain('<a href="/manual/ja">日本語</a>');
      expect(res.body).toContain(`<a class="pdf" href="/manual/${lang}.pdf">`);
      expect(res.headers['content-security-policy']).toContain("style-src 'self'");
      expect(res.headers['content-security-policy']).not.toContain('unsafe-inline');
    }
  });

  it("opens /manual/ in the reader's language", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/manual/',
      headers: { 'accept-language': 'ja-JP,ja;q=0.9' },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/manual/ja');
    const unknown = await t.app.inject({ method: 'GET', url: '/manual/fr', cookies: { language: 'es' } });
    expect(unknown.headers.location).toBe('/manual/es');
  });

  it('serves each language as a PDF made from the current page and stylesheet', async () => {
    for (const source of manualSources().pages) {
      const res = await t.app.inject({ method: 'GET', url: `/manual/${source.lang}.pdf` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `inline; filename="postdeck-manual-${source.lang}.pdf"`,
      );
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(
        pdfSourceHash(res.rawPayload),
        `pages/${source.lang}.pdf was not made from the current ${source.lang}.html and manual.css: run npm run manual:pdf`,
      ).toBe(source.hash);
    }
    const unknown = await t.app.inject({ method: 'GET', url: '/manual/fr.pdf', cookies: { language: 'zh' } });
    expect(unknown.statusCode).toBe(302);
    expect(unknown.headers.location).toBe('/manual/zh.pdf');
  });

  it('tells the client where the manual is', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/prod-api/public/config' });
    expect(res.json().data.operationManualUrl).toBe('/manual/{lang}.pdf');
  });
});
