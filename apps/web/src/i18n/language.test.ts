import { describe, expect, it } from 'vitest';
import { i18n, routeTitle } from './i18n';
import { detectLanguage } from './language';

describe('detectLanguage (checklist I18-1)', () => {
  it('prefers the language cookie', () => {
    expect(detectLanguage('ja', 'zh-CN')).toBe('ja');
  });

  it('ignores a cookie naming an unsupported language', () => {
    expect(detectLanguage('fr', 'es-ES')).toBe('es');
  });

  it('finds the first supported language in the browser language', () => {
    expect(detectLanguage(undefined, 'zh-CN')).toBe('zh');
    expect(detectLanguage(undefined, 'JA')).toBe('ja');
    expect(detectLanguage(undefined, 'en-GB')).toBe('en');
  });

  it('falls back to English', () => {
    expect(detectLanguage(undefined, 'fr-FR')).toBe('en');
    expect(detectLanguage(undefined, undefined)).toBe('en');
  });
});

describe('routeTitle (checklist I18-4)', () => {
  it('translates known menu names and shows unknown ones as they are', async () => {
    await i18n.changeLanguage('zh');
    expect(routeTitle('publishList')).toBe('发布列表');
    expect(routeTitle('somethingNew')).toBe('somethingNew');
    await i18n.changeLanguage('en');
    expect(routeTitle('publishList')).toBe('Publish list');
  });
});
