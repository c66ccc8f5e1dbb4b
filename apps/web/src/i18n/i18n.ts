import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@postdeck/contract/constants';
import i18next, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { detectLanguage, isLanguage, saveLanguage } from './language';
import { menuTitleOverride } from './menu-titles';
import { loadBootTranslation, loadRestTranslation } from './resources';
import { prepareUiLocales } from './ui-locales';

export const i18n = i18next.createInstance();

// Synchronous init with no texts yet: each language's texts are loaded when it is chosen
// (loadLanguage); the app renders once the first language is in (main.tsx). antd's and dayjs's
// locales come with antd's routes (ui-locales.ts).
void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: detectLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
});

function followLanguage(lang: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = currentLanguage(lang);
}

i18n.on('languageChanged', followLanguage);

export function currentLanguage(lang: string = i18n.language): Language {
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

const loading = new Map<string, Promise<void>>();

/** Adds texts to a language once; a failed load (a dropped connection) may be tried again. */
function addTexts(key: string, lang: Language, load: () => Promise<object>): Promise<void> {
  let loaded = loading.get(key);
  if (!loaded) {
    loaded = load().then((texts) => {
      i18n.addResourceBundle(lang, 'translation', texts, true, true);
    });
    loaded.catch(() => loading.delete(key));
    loading.set(key, loaded);
  }
  return loaded;
}

/** Loads the texts of a language the first paint needs (the login page, the shell), once. */
export const loadBootLanguage = (lang: Language): Promise<void> =>
  addTexts(`${lang}:boot`, lang, () => loadBootTranslation(lang));

/** Loads a language's every text, once. */
export const loadLanguage = (lang: Language): Promise<void> =>
  Promise.all([loadBootLanguage(lang), addTexts(`${lang}:rest`, lang, () => loadRestTranslation(lang))]).then(
    () => undefined,
  );

/** The first language's texts for the first paint: the app renders once they are in. */
export const languageReady: Promise<void> = loadBootLanguage(currentLanguage()).then(() =>
  followLanguage(i18n.language),
);

/**
 * Switches the interface language (its texts and antd's and dayjs's locales loaded first, so no
 * key ever shows) and remembers it for this browser and the server.
 */
export async function changeLanguage(lang: Language): Promise<void> {
  await Promise.all([loadLanguage(lang), prepareUiLocales(lang)]);
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
