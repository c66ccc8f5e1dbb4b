import type { Language } from '@postdeck/contract/constants';
import { VALIDATION_MESSAGES } from '@postdeck/contract/messages';
import type { Messages } from './locales/en';

export type NestedMessages = { [key: string]: string | NestedMessages };

/** Turns the contract's dotted keys ('validation.required') into the nested form i18next reads. */
export function nestKeys(flat: Record<string, string>): NestedMessages {
  const root: NestedMessages = {};
  for (const [dotted, text] of Object.entries(flat)) {
    const parts = dotted.split('.');
    const leaf = parts.pop() ?? dotted;
    let node = root;
    for (const part of parts) {
      const next = node[part];
      if (typeof next === 'object') node = next;
      else node = node[part] = {};
    }
    node[leaf] = text;
  }
  return root;
}

/** Each language's texts are a chunk of their own, loaded when the language is chosen. */
const OWN: Record<Language, () => Promise<Messages>> = {
  en: () => import('./locales/en').then((module) => module.en),
  zh: () => import('./locales/zh').then((module) => module.zh),
  es: () => import('./locales/es').then((module) => module.es),
  ja: () => import('./locales/ja').then((module) => module.ja),
};

export type Translation = Messages & { validation: Record<string, string> };

/** A language's texts with the contract's validation messages, as i18next reads them. */
export async function loadTranslation(lang: Language): Promise<Translation> {
  const contract = nestKeys(VALIDATION_MESSAGES[lang]);
  return { ...(await OWN[lang]()), validation: contract['validation'] as Record<string, string> };
}
