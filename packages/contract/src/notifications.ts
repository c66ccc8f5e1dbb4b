import { z } from './zod.ts';
import {
  idListSchema,
  int4ParamSchema,
  int4Schema,
  keysetPageOf,
  keysetPageQuerySchema,
  pageOf,
  pageQuerySchema,
} from './envelope.ts';

/**
 * Messages (spec §3 Notification, §7 Messages), tips, notification preferences, the
 * 'what's new' read marks and the own-profile form (issue 3, items 9-12).
 */

/** Notification types the server writes; `type` filters accept any of them. */
/**
 * channel_expiring: a channel account's token ends within a week and cannot be renewed;
 * channel_reauthorize: the platform refused the account's grant (issue 12, health).
 */
export const NOTIFICATION_TYPES = [
  'publish_failure',
  'publish_success',
  'tip',
  'channel_expiring',
  'channel_reauthorize',
  /** A scheduled publication held: its account was released before it went out (issue 20). */
  'publish_held',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** readStatus values of spec §3. */
export const READ_STATUS = { unread: 1, read: 2 } as const;

export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);

const isoDateTime = z.iso.datetime({ offset: true });

/** Both bounds of a `time` filter: 'from,to', each an ISO datetime with zone, from <= to. */
export function parseTimeRange(value: string): { from: Date; to: Date } | undefined {
  const parts = value.split(',').map((p) => p.trim());
  if (parts.length !== 2) return undefined;
  const [from, to] = parts as [string, string];
  if (!isoDateTime.safeParse(from).success || !isoDateTime.safeParse(to).success) return undefined;
  const range = { from: new Date(from), to: new Date(to) };
  return range.from.getTime() <= range.to.getTime() ? range : undefined;
}

/**
 * `time` filter: ONE query parameter holding two ISO datetimes separated by a comma,
 * `time=2026-01-01T00:00:00Z,2026-02-01T00:00:00Z` (inclusive bounds on the creation time).
 * A repeated `time` parameter is refused (400 naming `time`).
 */
export const timeRangeSchema = z
  .string()
  .max(100)
  .refine((v) => parseTimeRange(v) !== undefined, 'invalidTimeRange');

const readStatusSchema = z.coerce.number().int().min(1).max(2);

export const notificationItemSchema = z.object({
  id: z.number().int(),
  /** The publication the message is about, null for tips. */
  oppId: z.number().int().nullable(),
  title: z.string(),
  channelName: z.string(),
  type: z.string(),
  content: z.string(),
  /** 1 unread, 2 read */
  readStatus: z.number().int(),
  /** Creation time, ISO 8601 UTC. */
  time: z.string(),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

/** GET /infor/myInfor. navLink 1 = unread only, 2 = all (default). Newest first. */
export const myInforQuerySchema = keysetPageQuerySchema.extend({
  navLink: z.coerce.number().int().min(1).max(2).default(2),
  time: timeRangeSchema.optional(),
  type: notificationTypeSchema.optional(),
});
export const myInforSchema = keysetPageOf(notificationItemSchema).extend({
  /** All the caller's unread notifications, whatever the filters, counted up to LIST_TOTAL_BOUND. */
  unread: z.number().int(),
});

/**
 * GET /infor/allInfor (permission message:all). `account` matches exactly, case-insensitive
 * (empty = no filter). Omit the other filters when not set: an empty value is refused.
 */
export const allInforQuerySchema = keysetPageQuerySchema.extend({
  account: z.string().trim().max(64).optional(),
  readStatus: readStatusSchema.optional(),
  type: notificationTypeSchema.optional(),
  time: timeRangeSchema.optional(),
});
export const allInforItemSchema = notificationItemSchema.extend({
  user: z.object({ id: z.number().int(), account: z.string(), name: z.string() }),
});
export const allInforSchema = keysetPageOf(allInforItemSchema);

/**
 * GET /infor/read: give exactly one of `id` (one notification), `ids` (comma list, at most
 * 500) or `all=true` (every own unread one). Rows of other users are never touched.
 */
export const readQuerySchema = z
  .object({
    id: int4ParamSchema.optional(),
    ids: idListSchema.optional(),
    all: z.enum(['true', 'false']).optional(),
  })
  .superRefine((q, ctx) => {
    const given = [q.id !== undefined, q.ids !== undefined, q.all === 'true'].filter(Boolean).length;
    if (given !== 1) ctx.addIssue({ code: 'custom', path: ['id'], message: 'readTargetRequired' });
  });
export const readResultSchema = z.object({ changed: z.number().int() });

/**
 * POST /infor/notReadList: the caller's unread notifications, newest first. `total` counts
 * those matching `type`; `count` is every unread one (the bell badge); both are counted up to
 * LIST_TOTAL_BOUND (`totalExact` says whether `total` reached it). The bell polls it with
 * `{readStatus: 1, page: 1, pageSize: 1, type: 'publish_failure'}` for the failure banner.
 */
export const notReadListBodySchema = pageQuerySchema.extend({
  readStatus: z.literal(1),
  type: notificationTypeSchema.optional(),
});
export const notReadListSchema = pageOf(notificationItemSchema).extend({ count: z.number().int() });

/** POST /infor/tip/send. `departmentIds` empty = everyone in the sender's department scope. */
export const tipSendBodySchema = z.object({
  title: z.string().trim().min(1, 'validation.required').max(100),
  content: z.string().trim().min(1, 'validation.required').max(2000),
  departmentIds: z.array(int4Schema).max(200).default([]),
});
export const tipSendResultSchema = z.object({ id: z.number().int(), recipients: z.number().int() });

export const tipListQuerySchema = pageQuerySchema;
export const tipItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  sender: z.object({ id: z.number().int().nullable(), account: z.string(), name: z.string() }),
  /** The departments chosen (empty = everyone); names of removed departments are left out. */
  departments: z.array(z.object({ id: z.number().int(), name: z.string() })),
  recipients: z.number().int(),
  time: z.string(),
});
export const tipListSchema = pageOf(tipItemSchema);

/** Which events notify the user; all on by default. */
export const preferencesSchema = z.object({
  publishFailure: z.boolean(),
  publishSuccess: z.boolean(),
  tip: z.boolean(),
  /** Also the failures of every publication of the departments one's data scope holds. */
  departmentFailures: z.boolean(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** A real calendar date written 'YYYY-MM-DD' (2026-02-30 is refused). */
export function isCalendarDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const date = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(v);
}

/** 'what's new' release key: a calendar date 'YYYY-MM-DD'. */
export const upgradeTimeQuerySchema = z.object({
  upgradeTime: z.string().trim().max(10).refine(isCalendarDate, 'invalidUpgradeTime'),
});
export const guideStatusSchema = z.object({ seen: z.boolean() });

/** An avatar is empty, an http(s) URL, or a site path starting with a single '/'. */
export const isValidAvatar = (v: string) =>
  v === '' || /^https?:\/\/[^\s/]+\S*$/i.test(v) || /^\/(?!\/)\S*$/.test(v);

/** POST /control/user/profile. An omitted avatar or introduction stays as it is. */
export const profileBodySchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(50),
  avatar: z.string().trim().max(500).refine(isValidAvatar, 'invalidAvatar').optional(),
  introduction: z.string().trim().max(500).optional(),
});
export type ProfileBody = z.infer<typeof profileBodySchema>;
export const profileSchema = z.object({ name: z.string(), avatar: z.string(), introduction: z.string() });
