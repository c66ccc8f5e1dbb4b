/**
 * Times in a person's own zone (IANA names, through Intl): the export writes them so, and the
 * bulk import reads a row's local time in the zone it names.
 */

/** A wall-clock reading: what a clock on the wall of that zone shows. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** An IANA zone name's shape (`UTC`, `Europe/Madrid`, `America/Argentina/Buenos_Aires`, `Etc/GMT+5`). */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    // Bounded: names come from requests.
    if (formatters.size < 1000) formatters.set(zone, formatter);
  }
  return formatter;
}

/**
 * The zone's canonical IANA name (`asia/tokyo` gives `Asia/Tokyo`), or undefined when it names
 * none. Offsets (`+02:00`) and other spellings Intl may take are refused: a zone is a place.
 */
export function canonicalTimeZone(name: string): string | undefined {
  const trimmed = name.trim();
  if (!IANA_NAME.test(trimmed)) return undefined;
  try {
    return formatterOf(trimmed).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** What the clocks of `zone` (a canonical name) show at `instant`. */
export function wallClockAt(instant: Date, zone: string): WallClock {
  const parts = Object.fromEntries(
    formatterOf(zone)
      .formatToParts(instant)
      .filter((part) => part.type !== 'literal')
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  return {
    year: parts['year'] ?? 1970,
    month: parts['month'] ?? 1,
    day: parts['day'] ?? 1,
    hour: parts['hour'] ?? 0,
    minute: parts['minute'] ?? 0,
    second: parts['second'] ?? 0,
  };
}

const asUtc = (wall: WallClock) =>
  Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);

/** How far `zone` is ahead of UTC at `instant`, in ms (whole seconds). */
function offsetAt(instant: number, zone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return asUtc(wallClockAt(new Date(whole), zone)) - whole;
}

/**
 * The instant a wall-clock reading in `zone` names. A reading the zone shows twice (clocks set
 * back) is the first; one it skips (clocks set forward) is read with the offset before the
 * change, so it lands as much after the change as it was meant after the hour: as Temporal's
 * 'compatible' disambiguation does.
 */
export function instantOf(wall: WallClock, zone: string): Date {
  const local = asUtc(wall);
  const candidates = [
    ...new Set([local - offsetAt(local, zone), local - offsetAt(local - offsetAt(local, zone), zone)]),
  ];
  for (const shift of [-1, 1]) candidates.push(local - offsetAt(local + shift * 86_400_000, zone));
  const exact = candidates.filter((instant) => asUtc(wallClockAt(new Date(instant), zone)) === local);
  if (exact.length > 0) return new Date(Math.min(...exact));
  // Skipped: the offset before the change is the smaller one, which gives the later instant.
  return new Date(Math.max(...candidates));
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `YYYY-MM-DD HH:mm:ss` as the clocks of `zone` show `instant`. */
export function formatInZone(instant: Date, zone: string): string {
  const w = wallClockAt(instant, zone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

/**
 * A Date whose UTC reading is the wall clock of `zone` at `instant`: spreadsheets keep date
 * cells without a zone, so this is how a local time is written into one.
 */
export function spreadsheetDate(instant: Date, zone: string): Date {
  return new Date(asUtc(wallClockAt(instant, zone)));
}
