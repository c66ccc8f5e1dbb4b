import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { documentTitle } from './document-title';

describe('documentTitle (checklist PG-1)', () => {
  it('names the page, then Postdeck and the product title of spec §1', async () => {
    await i18n.changeLanguage('en');
    expect(documentTitle('departmentContent', i18n.t)).toBe(
      'Department content - Postdeck · Global social media content operations platform',
    );
    expect(documentTitle(undefined, i18n.t)).toBe(
      'Postdeck · Global social media content operations platform',
    );
  });

  it('says the product title in the interface language', async () => {
    await i18n.changeLanguage('zh');
    expect(documentTitle(undefined, i18n.t)).toBe('Postdeck · 全球社交媒体内容运营平台');
    await i18n.changeLanguage('en');
  });
});
