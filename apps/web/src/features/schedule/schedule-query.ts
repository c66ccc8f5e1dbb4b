import { int4ParamSchema } from '@postdeck/contract/envelope';
import { publishingPlatformSchema } from '@postdeck/contract/platforms';
import { type ScheduleQuery, upcomingStatusSchema } from '@postdeck/contract/publish-schedule';
import { z } from '@postdeck/contract/zod';
import { urlFilters } from '../../utils/url-filters';

export const SCHEDULE_VIEWS = ['list', 'month', 'week', 'day'] as const;
export type ScheduleView = (typeof SCHEDULE_VIEWS)[number];
export type CalendarView = Exclude<ScheduleView, 'list'>;

/** The list shows this many days from its date. */
export const LIST_DAYS = 31;

/**
 * What the page keeps in its address: the view, the day it shows (YYYY-MM-DD in the user's time
 * zone; today when absent) and the filters the server applies.
 */
export const schedulePageSchema = z.object({
  view: z.enum(SCHEDULE_VIEWS).optional(),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .refine((value) => !Number.isNaN(Date.parse(value)))
    .optional(),
  platform: publishingPlatformSchema.optional(),
  accountId: int4ParamSchema.optional(),
  status: upcomingStatusSchema.optional(),
  keyword: z.string().trim().max(100).optional(),
});
export type SchedulePageState = z.output<typeof schedulePageSchema>;
export type ScheduleFilterValues = Pick<SchedulePageState, 'platform' | 'accountId' | 'status' | 'keyword'>;

const address = urlFilters(schedulePageSchema);
export const readSchedulePage = address.read;
/** The address for a state, its keys always in the schema's order. */
export const writeSchedulePage = (state: Partial<SchedulePageState>) =>
  address.write(
    Object.fromEntries(
      Object.keys(schedulePageSchema.shape).map((key) => [key, state[key as keyof SchedulePageState]]),
    ),
  );
export const refusedSchedulePage = address.refused;

/** A day as the address writes it, in the user's time zone. */
export function dayString(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Local midnight of a YYYY-MM-DD day. */
export function dayStart(day: string): Date {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
}

const addDays = (date: Date, days: number) =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);

/** The list's window: LIST_DAYS local days from its date. */
export function listWindow(day: string): { start: Date; end: Date } {
  const start = dayStart(day);
  return { start, end: addDays(start, LIST_DAYS) };
}

/** The day shown after a step back (-1) or forward (+1) in a view. */
export function stepDay(view: ScheduleView, day: string, step: -1 | 1): string {
  const date = dayStart(day);
  switch (view) {
    case 'list':
      return dayString(addDays(date, step * LIST_DAYS));
    case 'month':
      return dayString(new Date(date.getFullYear(), date.getMonth() + step, 1));
    case 'week':
      return dayString(addDays(date, step * 7));
    case 'day':
      return dayString(addDays(date, step));
  }
}

/** The request for a window and the filters. */
export function scheduleQuery(
  window: { start: Date; end: Date },
  filters: ScheduleFilterValues,
): ScheduleQuery {
  return {
    from: window.start.toISOString(),
    to: window.end.toISOString(),
    ...(filters.platform ? { platform: filters.platform } : {}),
    ...(filters.accountId ? { accountId: filters.accountId } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.keyword ? { keyword: filters.keyword } : {}),
  };
}

/** The browser's time zone by name ("Europe/Paris"): the page's times are in it. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
