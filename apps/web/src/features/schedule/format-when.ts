import { currentLanguage } from '../../i18n/i18n';

const LOCALES = { en: 'en-US', zh: 'zh-CN', es: 'es-ES', ja: 'ja-JP' } as const;

/**
 * A publication's time in the browser's time zone and the interface language, on the 24-hour
 * clock as the calendar and the time field show it ("Tue, Jun 2, 2026, 09:00"); `year: false`
 * leaves the year out where the period shown already says it (the list).
 */
export function formatWhen(iso: string | Date, lang: string, options: { year?: boolean } = {}): string {
  return new Intl.DateTimeFormat(LOCALES[currentLanguage(lang)], {
    weekday: 'short',
    ...(options.year === false ? {} : { year: 'numeric' }),
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
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
