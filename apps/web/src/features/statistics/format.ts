import type { Language } from '@postdeck/contract/constants';
import type { StatsGranularity } from '@postdeck/contract/statistics';

/** What stands for a figure the platforms do not give (absent is "not offered", never zero). */
export const ABSENT = '—';

const TAGS: Record<Language, string> = { en: 'en', zh: 'zh-CN', es: 'es', ja: 'ja' };

/** The BCP 47 tag Intl formats the interface language with. */
export const localeOf = (lang: Language): string => TAGS[lang];

/** The number formats of one language: counts, percentages, signed changes. */
export function numberFormats(lang: Language) {
  const locale = localeOf(lang);
  const count = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const signed = new Intl.NumberFormat(locale, { signDisplay: 'exceptZero', maximumFractionDigits: 1 });
  const signedPercent = new Intl.NumberFormat(locale, {
    style: 'percent',
    signDisplay: 'exceptZero',
    maximumFractionDigits: 1,
  });
  return {
    /** A count, or "—" when absent. */
    count: (value: number | null | undefined) =>
      value === null || value === undefined ? ABSENT : count.format(value),
    /** A ratio 0..1 as a percentage, or "—". */
    percent: (value: number | null | undefined) =>
      value === null || value === undefined ? ABSENT : percent.format(value),
    signed: (value: number) => signed.format(value),
    signedPercent: (value: number) => signedPercent.format(value),
  };
}
export type NumberFormats = ReturnType<typeof numberFormats>;

/** published / (published + failed), or null when none ended. */
export const successRate = (row: { published: number; failed: number }): number | null =>
  row.published + row.failed === 0 ? null : row.published / (row.published + row.failed);

export type Direction = 'up' | 'down' | 'same';

export interface Delta {
  direction: Direction;
  /** "+20%", "−3" or, for a rate, "+5 pts" is made by the caller from `points`. */
  text: string;
}

/**
 * A figure against the period before: the relative change when the earlier figure is above 0,
 * the difference otherwise; for a rate (0..1), the difference in percentage points. None when
 * either is absent.
 */
export function deltaOf(
  figure: { value: number | null; previous: number | null },
  formats: NumberFormats,
  kind: 'count' | 'rate',
): (Delta & { points: boolean }) | null {
  const { value, previous } = figure;
  if (value === null || previous === null) return null;
  const diff = value - previous;
  const direction: Direction = diff > 0 ? 'up' : diff < 0 ? 'down' : 'same';
  if (kind === 'rate') return { direction, text: formats.signed(diff * 100), points: true };
  if (previous > 0) return { direction, text: formats.signedPercent(diff / previous), points: false };
  return { direction, text: formats.signed(diff), points: false };
}

/** Monday first, as the heatmap's weekdays (0 Monday … 6 Sunday); 2024-01-01 was a Monday. */
export function weekdayNames(lang: Language, width: 'short' | 'long' = 'short'): string[] {
  const format = new Intl.DateTimeFormat(localeOf(lang), { weekday: width, timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, day) => format.format(Date.UTC(2024, 0, 1 + day)));
}

/** The hours 0–23 as the language writes them ("3 AM", "3時", "3"). */
export function hourNames(lang: Language): string[] {
  const format = new Intl.DateTimeFormat(localeOf(lang), { hour: 'numeric', timeZone: 'UTC' });
  return Array.from({ length: 24 }, (_, hour) => format.format(Date.UTC(2024, 0, 1, hour)));
}

/** A trend bucket (the day it starts) as the granularity reads: a day, a week from its Monday, a month. */
export function bucketLabel(bucket: string, granularity: StatsGranularity, lang: Language): string {
  const time = Date.parse(`${bucket.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(time)) return bucket;
  const options: Intl.DateTimeFormatOptions =
    granularity === 'month'
      ? { year: 'numeric', month: 'short', timeZone: 'UTC' }
      : { month: 'short', day: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(localeOf(lang), options).format(time);
}

/** A range's day (YYYY-MM-DD, UTC) as the language writes a date. */
export const dayLabel = (day: string, lang: Language): string =>
  new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    Date.parse(`${day}T00:00:00Z`),
  );
