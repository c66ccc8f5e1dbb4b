import type { Language } from '@postdeck/contract/constants';
import type { Messages } from './locales/en';
import type { BootMessages } from './locales/en-boot';

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

/**
 * Each language's texts are chunks of their own, loaded when the language is chosen: those the
 * first paint needs (the login page, the shell, the client's messages), and the rest.
 */
const BOOT: Record<Language, () => Promise<BootMessages>> = {
  en: () => import('./locales/en-boot').then((module) => module.enBoot),
  zh: () => import('./locales/zh-boot').then((module) => module.zhBoot),
  es: () => import('./locales/es-boot').then((module) => module.esBoot),
  ja: () => import('./locales/ja-boot').then((module) => module.jaBoot),
};

const REST: Record<Language, () => Promise<Messages>> = {
  en: () => import('./locales/en').then((module) => module.en),
  zh: () => import('./locales/zh').then((module) => module.zh),
  es: () => import('./locales/es').then((module) => module.es),
  ja: () => import('./locales/ja').then((module) => module.ja),
};

export type Translation = BootMessages & Messages & { validation: Record<string, string> };

/** The texts the first paint needs, as i18next reads them. */
export const loadBootTranslation = (lang: Language): Promise<BootMessages> => BOOT[lang]();

/** The other texts with the contract's validation messages, as i18next reads them. */
export async function loadRestTranslation(lang: Language): Promise<Omit<Translation, keyof BootMessages>> {
  // Every language's validation messages are one module: loaded with the rest, not up front.
  const [own, { VALIDATION_MESSAGES }] = await Promise.all([
    REST[lang](),
    import('@postdeck/contract/messages'),
  ]);
  const contract = nestKeys(VALIDATION_MESSAGES[lang]);
  return { ...own, validation: contract['validation'] as Record<string, string> };
}

/** A language's every text. */
export async function loadTranslation(lang: Language): Promise<Translation> {
  const [boot, rest] = await Promise.all([loadBootTranslation(lang), loadRestTranslation(lang)]);
  return { ...boot, ...rest };
}
