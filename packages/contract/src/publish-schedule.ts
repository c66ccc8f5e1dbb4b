import { int4ParamSchema } from './envelope.ts';
import { publishingPlatformSchema } from './platforms.ts';
import { publicationSchema } from './publishing.ts';
import { z } from './zod.ts';

/**
 * The scheduled publishing page (issue 21, spec §2 /api/content/schedulepubmaterial/list): the
 * publications still to go out, in a window of time, for a list and a calendar (month, week,
 * day) shown in the user's time zone; moved by `POST /content/publish/update` with a new time.
 */

/** States of a publication that has not gone out: what the calendar shows. */
export const UPCOMING_STATUSES = ['scheduled', 'queued', 'held'] as const;
export const upcomingStatusSchema = z.enum(UPCOMING_STATUSES);

/** A month view with the days around it, and no more: a window is one read. */
export const SCHEDULE_WINDOW_MAX_DAYS = 62;
/** At most this many in a window; `truncated` says there were more. */
export const SCHEDULE_ITEMS_MAX = 2_000;

const isoDateTime = z.iso.datetime({ offset: true });

export const scheduleQuerySchema = z
  .object({
    /** The window, ISO with offset: from inclusive, to exclusive. */
    from: isoDateTime,
    to: isoDateTime,
    status: upcomingStatusSchema.optional(),
    platform: publishingPlatformSchema.optional(),
    accountId: int4ParamSchema.optional(),
    departmentId: int4ParamSchema.optional(),
    authorId: int4ParamSchema.optional(),
    keyword: z.string().trim().max(100).optional(),
  })
  .superRefine((query, ctx) => {
    // A time that could not be read is named by its own check: no window to judge.
    if (Number.isNaN(Date.parse(query.from)) || Number.isNaN(Date.parse(query.to))) return;
    const span = Date.parse(query.to) - Date.parse(query.from);
    if (!(span > 0)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'invalidTimeRange' });
    else if (span > SCHEDULE_WINDOW_MAX_DAYS * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.scheduleWindow' });
  });
export type ScheduleQuery = z.input<typeof scheduleQuerySchema>;
export type ScheduleFilters = z.output<typeof scheduleQuerySchema>;

/**
 * What the list and the calendar draw of a publication: a month can hold 2,000, and the whole
 * publication (its text, options, people) made the answer five times larger (issue 21 item 7:
 * 119 ms on PGlite against a 50 ms target). The drawer asks for the detail when it opens.
 */
export const scheduleItemSchema = publicationSchema.pick({
  id: true,
  parentId: true,
  title: true,
  status: true,
  scheduledAt: true,
  error: true,
  account: true,
});
export type ScheduleItem = z.infer<typeof scheduleItemSchema>;

/** GET /content/publish/scheduleList: the window's publications, earliest first. */
export const scheduleListSchema = z.object({
  items: z.array(scheduleItemSchema),
  /** More than SCHEDULE_ITEMS_MAX in the window: narrow it or filter. */
  truncated: z.boolean(),
});
export type ScheduleList = z.infer<typeof scheduleListSchema>;

/**
 * The calendar as an iCalendar feed (Outlook, Google Calendar subscribe to it): a secret address
 * per user, made again (the old one stops) or revoked at will. The feed shows what its owner's
 * scheduled publishing page would, as of each fetch.
 */
export const calendarLinkSchema = z.object({
  /**
   * The address to subscribe to, in the answer to a renewal only: just its hash is kept, so
   * afterwards (and when the user has none) it is null; `createdAt` says whether one exists.
   */
  url: z.string().nullable(),
  createdAt: z.string().nullable(),
});
export type CalendarLink = z.infer<typeof calendarLinkSchema>;

/** GET /content/publish/calendarFeed?token: public, the token is the credential. */
export const calendarFeedQuerySchema = z.object({
  token: z
    .string()
    .min(20)
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/),
});
/** text/calendar, not the JSON envelope. */
export const calendarFeedSchema = z.string();
