import type { MenuItem } from '@postdeck/contract/menu';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, routeTitle } from './i18n';
import { rememberMenuTitles } from './menu-titles';

const entry = (menu_name: string, titles: MenuItem['titles'], children: MenuItem[] = []): MenuItem => ({
  menu_id: 1,
  menu_name,
  titles,
  url: '#',
  icon: '',
  hidden: false,
  alwaysShow: false,
  sort: 0,
  children,
});

afterEach(async () => {
  rememberMenuTitles([]);
  await changeLanguage('en');
});

describe('menu titles an administrator set', () => {
  it('come before the built-in translation, in the interface language only', async () => {
    rememberMenuTitles([entry('reports', {}, [entry('statistics', { en: 'Numbers', ja: '数値' })])]);
    expect(routeTitle('statistics', i18n.t)).toBe('Numbers');
    await changeLanguage('ja');
    expect(routeTitle('statistics', i18n.t)).toBe('数値');
    await changeLanguage('es');
    // No Spanish name: the built-in Spanish title.
    expect(routeTitle('statistics', i18n.t)).toBe(i18n.t('route.statistics'));
  });

  it('are forgotten when another menu is loaded', () => {
    rememberMenuTitles([entry('statistics', { en: 'Numbers' })]);
    rememberMenuTitles([entry('statistics', {})]);
    expect(routeTitle('statistics', i18n.t)).toBe(i18n.t('route.statistics'));
  });
});
