import { int4ParamSchema } from './envelope.ts';
import { publishingPlatformSchema } from './platforms.ts';
import { z } from './zod.ts';

/**
 * Reports and statistics (issue 23): what each platform's API really returns about a post and an
 * account, kept as snapshots, rolled up by day, and read back by the statistics page.
 */

/**
 * A post's counts as the platforms give them (platforms.md, "Metrics" of each). A platform that
 * does not give one leaves it out: absent is "not offered", never zero.
 * - views: impressions or views of the post (X impression_count, Facebook post_media_view, …);
 * - reach: distinct accounts that saw it;
 * - reactions: likes and every other reaction;
 * - videoViews and watchTimeS: a video's plays and the seconds watched in all;
 * - linkClicks: clicks on the post's link.
 */
export const POST_METRICS = [
  'views',
  'reach',
  'reactions',
  'comments',
  'shares',
  'saves',
  'videoViews',
  'watchTimeS',
  'linkClicks',
] as const;
export type PostMetric = (typeof POST_METRICS)[number];
export const postMetricSchema = z.enum(POST_METRICS);

/** What adds up to a post's engagement: the ways a reader acted on it. */
export const ENGAGEMENT_METRICS = [
  'reactions',
  'comments',
  'shares',
  'saves',
  'linkClicks',
] as const satisfies readonly PostMetric[];

const count = z.number().int().nonnegative();

export const postMetricValuesSchema = z.object(
  Object.fromEntries(POST_METRICS.map((name) => [name, count.optional()])) as {
    [K in PostMetric]: z.ZodOptional<typeof count>;
  },
);
export type PostMetricValues = z.infer<typeof postMetricValuesSchema>;

/** An account's own counts, read daily: followers, and reach where the platform gives it. */
export const ACCOUNT_METRICS = ['followers', 'reach'] as const;
export type AccountMetric = (typeof ACCOUNT_METRICS)[number];
export const accountMetricValuesSchema = z.object({
  followers: count.optional(),
  reach: count.optional(),
});
export type AccountMetricValues = z.infer<typeof accountMetricValuesSchema>;

/**
 * When a published post's metrics are read, counted from its publication: at 1 h, 6 h, 24 h,
 * 72 h and 7 days, then daily to 30 days (in hours).
 */
export const METRIC_CHECKPOINTS_H = [
  1,
  6,
  24,
  72,
  ...Array.from({ length: 30 - 7 + 1 }, (_, i) => (7 + i) * 24),
] as const;

export const STATS_GRANULARITIES = ['day', 'week', 'month'] as const;
export type StatsGranularity = (typeof STATS_GRANULARITIES)[number];

/** The longest range the page asks about at once: two years and a day. */
export const STATS_RANGE_MAX_DAYS = 732;

/** A real calendar day written YYYY-MM-DD (Date.parse alone takes 2026-02-30 as 2 March). */
const isCalendarDay = (v: string) => {
  const time = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(v);
};

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
  .refine(isCalendarDay, 'validation.date');

const dayMs = 86_400_000;
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs);

/**
 * The statistics page's filters, as they live in its URL. `from` and `to` are days (UTC),
 * both included.
 */
const statisticsFilters = {
  from: isoDate,
  to: isoDate,
  granularity: z.enum(STATS_GRANULARITIES).default('day'),
  departmentId: int4ParamSchema.optional(),
  platform: publishingPlatformSchema.optional(),
  accountId: int4ParamSchema.optional(),
  authorId: int4ParamSchema.optional(),
};

const checkRange = (q: { from: string; to: string }, ctx: z.RefinementCtx) => {
  // A day that is not one has its own error already.
  if (!isCalendarDay(q.from) || !isCalendarDay(q.to)) return;
  const days = daysBetween(q.from, q.to);
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.rangeOrder' });
  else if (days >= STATS_RANGE_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.rangeTooLong' });
};

export const statisticsQuerySchema = z.object(statisticsFilters).superRefine(checkRange);
export type StatisticsQuery = z.input<typeof statisticsQuerySchema>;
export type StatisticsFilters = z.output<typeof statisticsQuerySchema>;

export const STATISTICS_FILTERS = [
  'from',
  'to',
  'granularity',
  'departmentId',
  'platform',
  'accountId',
  'authorId',
] as const satisfies readonly (keyof StatisticsFilters)[];

/** A figure now and over the period of the same length just before. */
const comparedSchema = z.object({ value: z.number().nullable(), previous: z.number().nullable() });

/** Counts of publications and the sums of their latest metrics (absent: no publication had it). */
export const statsTotalsSchema = z.object({
  publications: z.number().int(),
  published: z.number().int(),
  failed: z.number().int(),
  engagement: z.number().nullable(),
  ...Object.fromEntries(POST_METRICS.map((name) => [name, z.number().nullable()])),
}) as z.ZodObject<
  {
    publications: z.ZodNumber;
    published: z.ZodNumber;
    failed: z.ZodNumber;
    engagement: z.ZodNullable<z.ZodNumber>;
  } & { [K in PostMetric]: z.ZodNullable<z.ZodNumber> }
>;
export type StatsTotals = z.infer<typeof statsTotalsSchema>;

export const statisticsOverviewSchema = z.object({
  range: z.object({ from: z.string(), to: z.string() }),
  previousRange: z.object({ from: z.string(), to: z.string() }),
  figures: z.object({
    publications: comparedSchema,
    failed: comparedSchema,
    /** published / (published + failed), 0..1; null when none ended. */
    successRate: comparedSchema,
    engagement: comparedSchema,
    views: comparedSchema,
    /** Followers at the period's end less at its start, over the accounts that report them. */
    followerChange: comparedSchema,
  }),
  /** One point per day, week (from Monday) or month, with the day it starts. */
  trend: z.array(statsTotalsSchema.extend({ bucket: z.string() })),
  byPlatform: z.array(statsTotalsSchema.extend({ platform: publishingPlatformSchema })),
  /** Failed publications of the period by the failure's class (contract of platforms/errors). */
  failureCauses: z.array(z.object({ cause: z.string(), count: z.number().int() })),
});
export type StatisticsOverview = z.infer<typeof statisticsOverviewSchema>;

/**
 * The per-account table, apart from the overview: a year of every department has a row per
 * account and department and day to add up, where the overview's figures read a roll-up by
 * department and platform (bench/statistics-overview.ts).
 */
export const statisticsAccountsSchema = z.object({
  items: z.array(
    statsTotalsSchema.extend({
      accountId: z.number().int(),
      name: z.string(),
      platform: publishingPlatformSchema,
      followers: z.number().nullable(),
      followerChange: z.number().nullable(),
    }),
  ),
});
export type StatisticsAccounts = z.infer<typeof statisticsAccountsSchema>;

/** Publications and engagement by weekday (0 Monday … 6 Sunday) and hour (UTC) of publishing. */
export const statisticsHeatmapSchema = z.object({
  cells: z.array(
    z.object({
      weekday: z.number().int().min(0).max(6),
      hour: z.number().int().min(0).max(23),
      publications: z.number().int(),
      engagement: z.number().nullable(),
    }),
  ),
});
export type StatisticsHeatmap = z.infer<typeof statisticsHeatmapSchema>;

export const statisticsTopQuerySchema = z
  .object({
    ...statisticsFilters,
    by: z.enum(['engagement', 'views']).default('engagement'),
    limit: z.coerce.number().int().min(1).max(50).default(10),
  })
  .superRefine(checkRange);

export const statisticsTopSchema = z.object({
  items: z.array(
    z.object({
      publicationId: z.number().int(),
      /** The publish action, for the link to its detail in the publish list. */
      parentId: z.number().int(),
      title: z.string(),
      platform: publishingPlatformSchema,
      account: z.object({ id: z.number().int(), name: z.string() }),
      publishedAt: z.string(),
      externalUrl: z.string().nullable(),
      engagement: z.number().nullable(),
      metrics: postMetricValuesSchema,
      /** When the counts were read. */
      measuredAt: z.string(),
    }),
  ),
});
export type StatisticsTop = z.infer<typeof statisticsTopSchema>;

/** A publication's snapshots, oldest first, for its detail drawer. */
export const publicationMetricsSchema = z.object({
  snapshots: z.array(z.object({ at: z.string(), metrics: postMetricValuesSchema })),
  /** When the next reading is due; null when the schedule has ended. */
  nextAt: z.string().nullable(),
});
export type PublicationMetrics = z.infer<typeof publicationMetricsSchema>;

/** Web analytics (GA4): the sessions social publishing brought, from the connected properties. */
const trafficCounts = {
  sessions: z.number().int(),
  totalUsers: z.number().int(),
  engagedSessions: z.number().int(),
};

export const statisticsTrafficSchema = z.object({
  /** The GA4 properties of the caller's scope read for this answer; empty when none is connected. */
  properties: z.array(z.object({ accountId: z.number().int(), name: z.string() })),
  /** When the figures were read from Google Analytics; null when never. */
  readAt: z.string().nullable(),
  /** Per bucket (as the overview's trend) and social source (the platform), sessions with medium "social". */
  trend: z.array(z.object({ bucket: z.string(), source: z.string(), ...trafficCounts })),
  bySource: z.array(z.object({ source: z.string(), medium: z.string(), ...trafficCounts })),
  /**
   * The landing pages of the links Postdeck tagged (utm_campaign = the content), each beside the
   * clicks its publications counted.
   */
  byLink: z.array(
    z.object({
      landingPage: z.string(),
      source: z.string(),
      campaign: z.string(),
      contentId: z.number().int().nullable(),
      title: z.string().nullable(),
      linkClicks: z.number().nullable(),
      ...trafficCounts,
    }),
  ),
});
export type StatisticsTraffic = z.infer<typeof statisticsTrafficSchema>;
