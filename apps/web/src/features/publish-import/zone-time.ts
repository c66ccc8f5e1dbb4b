const formatters = new Map<string, Intl.DateTimeFormat>();

/** The viewer's own zone, as the browser knows it. */
export const viewerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * `YYYY-MM-DD HH:mm` as the clocks of `zone` show an instant: the form the file's time column
 * takes, so a row reads back as it was typed. Undefined when the zone names none.
 */
export function timeInZone(iso: string, zone: string): string | undefined {
  try {
    let formatter = formatters.get(zone);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      });
      formatters.set(zone, formatter);
    }
    const part = Object.fromEntries(formatter.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
    return `${part['year']}-${part['month']}-${part['day']} ${part['hour']}:${part['minute']}`;
  } catch {
    return undefined;
  }
}
