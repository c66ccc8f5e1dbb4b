import { COOKIE, DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@postdeck/contract/constants';
import Cookies from 'js-cookie';

export { LANGUAGE_NAMES } from '@postdeck/contract/constants';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * Checklist I18-1: the `language` cookie, else the first supported language found in the
 * browser's language tag, else English.
 */
export function detectLanguage(
  cookie: string | undefined = Cookies.get(COOKIE.language),
  browser: string | undefined = typeof navigator === 'undefined' ? undefined : navigator.language,
): Language {
  if (isLanguage(cookie)) return cookie;
  const lowered = (browser ?? '').toLowerCase();
  return LANGUAGES.find((lang) => lowered.includes(lang)) ?? DEFAULT_LANGUAGE;
}

export function saveLanguage(lang: Language): void {
  // A lasting cookie, because the server reads it too to answer in the same language.
  Cookies.set(COOKIE.language, lang, { expires: 365, path: '/', sameSite: 'lax' });
}
