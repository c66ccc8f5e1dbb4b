import type { Language } from '@postdeck/contract/constants';
import type { Locale } from 'antd/es/locale';

/** antd's texts for each language. */
const ANTD: Record<Language, () => Promise<Locale>> = {
  en: () => import('antd/locale/en_US').then((module) => module.default),
  zh: () => import('antd/locale/zh_CN').then((module) => module.default),
  es: () => import('antd/locale/es_ES').then((module) => module.default),
  ja: () => import('antd/locale/ja_JP').then((module) => module.default),
};

// Importing a dayjs locale registers it under DAYJS_LOCALES' name; English is built in.
const DAYJS: Record<Language, () => Promise<unknown>> = {
  en: () => Promise.resolve(),
  zh: () => import('dayjs/locale/zh-cn'),
  es: () => import('dayjs/locale/es'),
  ja: () => import('dayjs/locale/ja'),
};

const DAYJS_LOCALES: Record<Language, string> = { en: 'en', zh: 'zh-cn', es: 'es', ja: 'ja' };

const antdLocales = new Map<Language, Locale>();

/**
 * antd's and dayjs's locale for `lang`, loaded, with dayjs switched to it. Only antd's pages
 * need them, so they load with antd's route (and before a language switch), never before the
 * light login page paints.
 */
export async function prepareUiLocales(lang: Language): Promise<void> {
  const [locale, { default: dayjs }] = await Promise.all([ANTD[lang](), import('dayjs'), DAYJS[lang]()]);
  antdLocales.set(lang, locale);
  dayjs.locale(DAYJS_LOCALES[lang]);
}

/**
 * antd's locale for a prepared language. antd's routes render only once it is in: antd remounts
 * its message holder when the locale goes between none and one, losing a message shown then.
 */
export const antdLocale = (lang: Language): Locale | undefined => antdLocales.get(lang);
