import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, i18n as instance } from '../i18n/i18n';
import { LANGUAGE_NAMES, isLanguage } from '../i18n/language';

/**
 * Checklist I18-3, shared by the navbar's antd switcher and the login page's light one: the four
 * languages in order, the current one disabled; choosing one loads it, switches, and gives the
 * success text in the language just chosen.
 */
export function useLanguageChoice() {
  const { i18n } = useTranslation();
  const current = currentLanguage(i18n.language);
  const items = LANGUAGE_NAMES.map(({ lang, name }) => ({
    key: lang,
    label: name,
    disabled: lang === current,
  }));

  /** The success text, or undefined when `key` is no language. */
  const choose = async (key: string): Promise<string | undefined> => {
    if (!isLanguage(key)) return undefined;
    await changeLanguage(key);
    // Not `t`: it is bound to the language this render had, the one just left behind.
    return instance.getFixedT(key)('langSelect.success');
  };

  return { items, choose };
}
