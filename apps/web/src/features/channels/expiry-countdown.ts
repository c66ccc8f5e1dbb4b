const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How far a time is from now in the reader's language ("in 12 days", "3 hours ago"): minutes
 * within the hour, hours within the day, days beyond. Intl words it, in every language.
 */
export function countdown(time: string, lang: string, now = Date.now()): string {
  const diff = new Date(time).getTime() - now;
  const size = Math.abs(diff);
  const format = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  if (size < HOUR) return format.format(Math.round(diff / MINUTE), 'minute');
  if (size < DAY) return format.format(Math.round(diff / HOUR), 'hour');
  return format.format(Math.round(diff / DAY), 'day');
}
