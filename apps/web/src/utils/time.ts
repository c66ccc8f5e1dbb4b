/** Checklist UT-1..UT-3: time formatting helpers (pure; the clock is injected where it matters). */

export type TimeInput = Date | string | number | null | undefined;

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'] as const;

const ISO_8601 = /^\d{4}-\d{2}-\d{2}T/;

/** Turns the accepted inputs into a Date (UT-1 rules), or null for falsy input. */
function toDate(time: TimeInput): Date | null {
  if (!time) return null;
  if (time instanceof Date) return time;
  let value: string | number = time;
  if (typeof value === 'string') {
    // The template's '-' to '/' swap is for Safari's 'yyyy-mm-dd hh:mm' parsing; ISO 8601 (what
    // the server sends, with a 'T') parses everywhere and the swap would break it.
    if (/^[0-9]+$/.test(value)) value = parseInt(value, 10);
    else if (!ISO_8601.test(value)) value = value.replace(/-/g, '/');
  }
  if (typeof value === 'number' && value.toString().length === 10) value *= 1000;
  return new Date(value);
}

/**
 * Checklist UT-1: `{y}-{m}-{d} {h}:{i}:{s}` style formatting, zero-padded; `{a}` is the
 * Chinese weekday (日一二三四五六). Falsy input gives null.
 */
export function parseTime(time: TimeInput, format = '{y}-{m}-{d} {h}:{i}:{s}'): string | null {
  const date = toDate(time);
  if (!date) return null;
  const parts: Record<string, number> = {
    y: date.getFullYear(),
    m: date.getMonth() + 1,
    d: date.getDate(),
    h: date.getHours(),
    i: date.getMinutes(),
    s: date.getSeconds(),
    a: date.getDay(),
  };
  return format.replace(/{([ymdhisa])+}/g, (_match, key: string) => {
    const value = parts[key] ?? 0;
    if (key === 'a') return WEEKDAYS[value] ?? '';
    return value.toString().padStart(2, '0');
  });
}

/** The words formatTime uses, per language (UT-2 'Ours: same thresholds, 4 languages'). */
export interface RelativeTimeWords {
  justNow: string;
  minutesAgo: (n: number) => string;
  hoursAgo: (n: number) => string;
  oneDayAgo: string;
  /** The fallback date, unpadded month/day/hour/minute. */
  date: (m: number, d: number, h: number, i: number) => string;
}

export const RELATIVE_TIME_WORDS: Record<'en' | 'zh' | 'es' | 'ja', RelativeTimeWords> = {
  zh: {
    justNow: '刚刚',
    minutesAgo: (n) => `${n}分钟前`,
    hoursAgo: (n) => `${n}小时前`,
    oneDayAgo: '1天前',
    date: (m, d, h, i) => `${m}月${d}日${h}时${i}分`,
  },
  en: {
    justNow: 'just now',
    minutesAgo: (n) => `${n} minute${n === 1 ? '' : 's'} ago`,
    hoursAgo: (n) => `${n} hour${n === 1 ? '' : 's'} ago`,
    oneDayAgo: '1 day ago',
    date: (m, d, h, i) => `${m}/${d} ${h}:${String(i).padStart(2, '0')}`,
  },
  es: {
    justNow: 'justo ahora',
    minutesAgo: (n) => `hace ${n} minuto${n === 1 ? '' : 's'}`,
    hoursAgo: (n) => `hace ${n} hora${n === 1 ? '' : 's'}`,
    oneDayAgo: 'hace 1 día',
    date: (m, d, h, i) => `${d}/${m} ${h}:${String(i).padStart(2, '0')}`,
  },
  ja: {
    justNow: 'たった今',
    minutesAgo: (n) => `${n}分前`,
    hoursAgo: (n) => `${n}時間前`,
    oneDayAgo: '1日前',
    date: (m, d, h, i) => `${m}月${d}日${h}時${i}分`,
  },
};

export interface FormatTimeOptions {
  /** A parseTime format for times more than two days ago. */
  format?: string;
  /** Interface language; Chinese (the template's texts) when omitted. */
  lang?: keyof typeof RELATIVE_TIME_WORDS;
  /** The clock, injected for tests. */
  now?: number;
}

/**
 * Checklist UT-2: relative time with the template's thresholds (seconds): <30 just now,
 * <3600 ceil(minutes), <86400 ceil(hours), <172800 one day, else the date.
 */
export function formatTime(time: TimeInput, options: FormatTimeOptions = {}): string | null {
  const date = toDate(time);
  if (!date) return null;
  const words = RELATIVE_TIME_WORDS[options.lang ?? 'zh'];
  const now = options.now ?? Date.now();
  const diff = (now - date.getTime()) / 1000;
  if (diff < 30) return words.justNow;
  if (diff < 3600) return words.minutesAgo(Math.ceil(diff / 60));
  if (diff < 86400) return words.hoursAgo(Math.ceil(diff / 3600));
  if (diff < 3600 * 24 * 2) return words.oneDayAgo;
  if (options.format) return parseTime(date, options.format);
  return words.date(date.getMonth() + 1, date.getDate(), date.getHours(), date.getMinutes());
}

const pluralize = (n: number, label: string) => (n === 1 ? `${n}${label}` : `${n}${label}s`);

/** Checklist UT-3: a duration in seconds as minutes (<1 h), hours (<1 day) or days. */
export function timeAgo(seconds: number): string {
  if (seconds < 3600) return pluralize(Math.floor(seconds / 60), ' minute');
  if (seconds < 86400) return pluralize(Math.floor(seconds / 3600), ' hour');
  return pluralize(Math.floor(seconds / 86400), ' day');
}
