import { currentLanguage } from '../../i18n/i18n';

const LOCALES = { en: 'en-US', zh: 'zh-CN', es: 'es-ES', ja: 'ja-JP' } as const;

/** A publication's time in the browser's time zone, in the interface language ("Tue 2 Jun 2026, 09:00"). */
export function formatWhen(iso: string | Date, lang: string): string {
  return new Intl.DateTimeFormat(LOCALES[currentLanguage(lang)], {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(typeof iso === 'string' ? new Date(iso) : iso);
}

/** A day in the interface language ("2 Jun 2026"). */
export function formatDay(date: Date, lang: string): string {
  return new Intl.DateTimeFormat(LOCALES[currentLanguage(lang)], {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }).format(date);
}
