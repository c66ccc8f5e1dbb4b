import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

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

  it('tells the client where the manual is', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/prod-api/public/config' });
    expect(res.json().data.operationManualUrl).toBe('/manual/');
  });
});
