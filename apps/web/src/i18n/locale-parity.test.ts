import { LANGUAGES } from '@postdeck/contract/constants';
import { describe, expect, it } from 'vitest';
import { type NestedMessages, type Translation, loadTranslation } from './resources';

/** Every text as [dotted key, text]. */
function flatten(messages: NestedMessages, prefix = ''): [string, string][] {
  return Object.entries(messages).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : flatten(value, `${prefix}${key}.`),
  );
}

const translations = Object.fromEntries(
  await Promise.all(LANGUAGES.map(async (lang) => [lang, await loadTranslation(lang)] as const)),
) as Record<(typeof LANGUAGES)[number], Translation>;

const textsOf = (lang: (typeof LANGUAGES)[number]) => flatten(translations[lang] as NestedMessages);

const SERVER_MENU_NAMES = [
  'contentManagement',
  'departmentContent',
  'addContent',
  'adminContent',
  'publishing',
  'publishList',
  'scheduledPublishing',
  'channels',
  'channelAccounts',
  'materialsGroup',
  'materials',
  'reports',
  'statistics',
  'system',
  'users',
  'roles',
  'departments',
  'menus',
  'logs',
  'auditLog',
  'messages',
  'messageTips',
  'dashboard',
  'login',
  'page404',
  'page401',
  'profile',
];

describe('translations', () => {
  const keys = Object.fromEntries(
    LANGUAGES.map((lang) => [lang, new Set(textsOf(lang).map(([key]) => key))]),
  );
  const all = new Set(Object.values(keys).flatMap((set) => [...set]));

  it.each(LANGUAGES)('%s has every key that any language has', (lang) => {
    const missing = [...all].filter((key) => !keys[lang]?.has(key));
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)('%s has no empty text', (lang) => {
    const empty = textsOf(lang).filter(([, text]) => text.trim() === '');
    expect(empty).toEqual([]);
  });

  it('titles every menu entry the server seeds and every fixed page', () => {
    for (const name of SERVER_MENU_NAMES) expect(keys['en']?.has(`route.${name}`), name).toBe(true);
  });

  it('includes the contract validation messages', () => {
    expect(translations.en.validation['required']).toBe('This field is required');
    expect(translations.ja.validation['required']).toBe('この項目は必須です');
  });
});
