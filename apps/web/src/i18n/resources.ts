import type { Language } from '@postdeck/contract/constants';
import { VALIDATION_MESSAGES } from '@postdeck/contract/messages';
import { en, type Messages } from './locales/en';
import { es } from './locales/es';
import { ja } from './locales/ja';
import { zh } from './locales/zh';

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

const own: Record<Language, Messages> = { en, zh, es, ja };

export type Translation = Messages & { validation: Record<string, string> };

function translation(lang: Language): Translation {
  const contract = nestKeys(VALIDATION_MESSAGES[lang]);
  return { ...own[lang], validation: contract['validation'] as Record<string, string> };
}

export const resources = {
  en: { translation: translation('en') },
  zh: { translation: translation('zh') },
  es: { translation: translation('es') },
  ja: { translation: translation('ja') },
} satisfies Record<Language, { translation: Translation }>;
