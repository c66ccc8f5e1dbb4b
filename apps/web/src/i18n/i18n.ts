import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@postdeck/contract/constants';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/ja';
import 'dayjs/locale/zh-cn';
import i18next, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { detectLanguage, isLanguage, saveLanguage } from './language';
import { menuTitleOverride } from './menu-titles';
import { resources } from './resources';

const DAYJS_LOCALES: Record<Language, string> = { en: 'en', zh: 'zh-cn', es: 'es', ja: 'ja' };

export const i18n = i18next.createInstance();

// Synchronous init: the resources are bundled, so the first render already has its texts.
void i18n.use(initReactI18next).init({
  resources,
  lng: detectLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
});

function followLanguage(lang: string): void {
  const current = currentLanguage(lang);
  dayjs.locale(DAYJS_LOCALES[current]);
  if (typeof document !== 'undefined') document.documentElement.lang = current;
}

followLanguage(i18n.language);
i18n.on('languageChanged', followLanguage);

export function currentLanguage(lang: string = i18n.language): Language {
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/** Switches the interface language and remembers it for this browser and the server. */
export async function changeLanguage(lang: Language): Promise<void> {
  saveLanguage(lang);
  await i18n.changeLanguage(lang);
}

/** The built-in title of a route name: `route.<name>`, or the name itself when untranslated. */
export function builtInRouteTitle(name: string, t: TFunction = i18n.t): string {
  const titles = t('route', { returnObjects: true }) as Record<string, string>;
  return titles[name] ?? name;
}

/**
 * Checklist I18-4: a route title is the key `route.<name>`, or the name itself when untranslated;
 * a name an administrator gave the menu entry in this language comes first.
 */
export function routeTitle(name: string, t: TFunction = i18n.t): string {
  return menuTitleOverride(name, currentLanguage()) ?? builtInRouteTitle(name, t);
}
