import {
  type StatisticsFilters,
  type StatisticsQuery,
  daysBetween,
  statisticsQuerySchema,
} from '@postdeck/contract/statistics';
import { urlFilters } from '../../utils/url-filters';

/** How many days the page shows when the address names no range: the last 30, today included. */
export const DEFAULT_RANGE_DAYS = 30;

const DAY_MS = 86_400_000;

/** A day (UTC) as the contract writes it. */
export const isoDay = (time: number): string => new Date(time).toISOString().slice(0, 10);

/** The day `days` after (or before) `day`. */
export const addDays = (day: string, days: number): string =>
  isoDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);

/** The last DEFAULT_RANGE_DAYS days up to `today` (UTC), both included. */
export function defaultRange(today: string): { from: string; to: string } {
  return { from: addDays(today, -(DEFAULT_RANGE_DAYS - 1)), to: today };
}

/**
 * The page's filters in the address, read and written with the contract's own query schema; the
 * range, when the address has none (or one the server would refuse), is the last 30 days, and
 * is then left out of the address so that a saved link keeps meaning "the last 30 days".
 */
const filtersFor = (today: string) => {
  const range = defaultRange(today);
  // The contract's schema, its range check kept, with defaults for the range. Typed as the
  // contract's (zod's safeExtend types a changed key as never): its output is the same.
  const withDefaults = statisticsQuerySchema.safeExtend({
    from: statisticsQuerySchema.shape.from.default(range.from),
    to: statisticsQuerySchema.shape.to.default(range.to),
  } as unknown as Record<never, never>) as unknown as typeof statisticsQuerySchema;
  return urlFilters(withDefaults);
};

let cached: { today: string; filters: ReturnType<typeof filtersFor> } | undefined;
const filtersOf = (today: string) => {
  if (cached?.today !== today) cached = { today, filters: filtersFor(today) };
  return cached.filters;
};

export const todayUtc = (): string => isoDay(Date.now());

export function readStatisticsFilters(params: URLSearchParams, today = todayUtc()): StatisticsFilters {
  return filtersOf(today).read(params);
}

export function writeStatisticsFilters(
  filters: Partial<StatisticsFilters>,
  today = todayUtc(),
): URLSearchParams {
  return filtersOf(today).write(filters);
}

/** The request query: the range always (the server requires it), the other filters when set. */
export function toStatisticsQuery(filters: StatisticsFilters, today = todayUtc()): StatisticsQuery {
  return { ...filtersOf(today).toQuery(filters), from: filters.from, to: filters.to };
}

/** The range's length in days, both ends included. */
export const rangeDays = (filters: Pick<StatisticsFilters, 'from' | 'to'>): number =>
  daysBetween(filters.from, filters.to) + 1;
