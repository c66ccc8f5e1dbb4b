import { int4ParamSchema, int4Schema, keysetPageOf, keysetPageQuerySchema } from './envelope.ts';
import { timeRangeSchema } from './notifications.ts';
import { publishingPlatformSchema } from './platforms.ts';
import { PUBLICATION_STATUSES, publicationSchema, publicationStatusSchema } from './publishing.ts';
import { z } from './zod.ts';

/**
 * The publish history (issue 21, spec §3 and §7): a row per publish action (the parent) with its
 * accounts' publications inside, filtered by what the children carry (state, platform, account)
 * and what the parent does (author, department, media, title, time).
 */

/** What a publish action sent besides text: the strongest of its media (a video, else images). */
export const PUBLICATION_MEDIA_TYPES = ['text', 'image', 'video'] as const;
export const publicationMediaTypeSchema = z.enum(PUBLICATION_MEDIA_TYPES);
export type PublicationMediaType = z.infer<typeof publicationMediaTypeSchema>;

/** Filters of the three history lists; they live in the page's URL query as they are here. */
export const publishHistoryQuerySchema = keysetPageQuerySchema.extend({
  /** A publication's state: the rows with at least one account in it. */
  status: publicationStatusSchema.optional(),
  platform: publishingPlatformSchema.optional(),
  accountId: int4ParamSchema.optional(),
  departmentId: int4ParamSchema.optional(),
  authorId: int4ParamSchema.optional(),
  mediaType: publicationMediaTypeSchema.optional(),
  /** Words of the title. */
  keyword: z.string().trim().max(100).optional(),
  /** 'from,to' ISO date-times on when the publication was made. */
  time: timeRangeSchema.optional(),
  /** spec §2: one publication (an account's, or the parent's id): only its row. */
  oppId: int4ParamSchema.optional(),
});
export type PublishHistoryQuery = z.input<typeof publishHistoryQuerySchema>;
export type PublishHistoryFilters = z.output<typeof publishHistoryQuerySchema>;

/** The keys of the filters (the page keeps them in its URL). */
export const PUBLISH_HISTORY_FILTERS = [
  'status',
  'platform',
  'accountId',
  'departmentId',
  'authorId',
  'mediaType',
  'keyword',
  'time',
  'oppId',
] as const satisfies readonly (keyof PublishHistoryFilters)[];

const named = z.object({ id: z.number().int(), name: z.string() });

/** One publish action: its content's title, who made it when, and a publication per account. */
export const publishHistoryItemSchema = z.object({
  id: z.number().int(),
  contentId: z.number().int(),
  title: z.string(),
  author: named,
  department: named,
  mediaType: publicationMediaTypeSchema,
  scheduledAt: z.string().nullable(),
  createdAt: z.string(),
  children: z.array(publicationSchema),
});
export type PublishHistoryItem = z.infer<typeof publishHistoryItemSchema>;

/** spec §3: `data.items` and `data.param` with the states and media types the filters offer. */
export const publishHistoryListSchema = keysetPageOf(publishHistoryItemSchema).extend({
  param: z.object({
    statusList: z.array(publicationStatusSchema),
    mediaType: z.array(publicationMediaTypeSchema),
  }),
});
export type PublishHistoryList = z.infer<typeof publishHistoryListSchema>;

export const PUBLISH_HISTORY_PARAM = {
  statusList: [...PUBLICATION_STATUSES],
  mediaType: [...PUBLICATION_MEDIA_TYPES],
};

/** GET /content/publish/getPubHistoryByParentId?id: the accounts' publications of one publish action. */
export const publishHistoryChildrenSchema = z.object({ items: z.array(publicationSchema) });

export const WITHDRAW_NOTE_MAX = 500;

/**
 * POST /content/publish/withdrawArticle: deletes a published post from its platform (an
 * account's publication, or every one of a parent's). With `note`, one publication the platform
 * cannot delete is marked withdrawn by hand: the user removed it there and says how.
 */
export const withdrawArticleBodySchema = z.object({
  id: int4Schema,
  note: z.string().trim().min(1, 'validation.required').max(WITHDRAW_NOTE_MAX).optional(),
});
export type WithdrawArticleBody = z.infer<typeof withdrawArticleBodySchema>;

/**
 * Why a post must be removed by hand: the platform has no delete, allows it only for a while
 * (Telegram: 48 hours), refused it for this post, or its account is no longer connected.
 */
export const MANUAL_WITHDRAW_REASONS = [
  'platformCannotDelete',
  'tooOld',
  'platformRefused',
  'accountReleased',
] as const;
export type ManualWithdrawReason = (typeof MANUAL_WITHDRAW_REASONS)[number];

export const withdrawArticleResultSchema = z.object({
  /** Deleted from their platforms now (or marked withdrawn by hand, with `note`). */
  withdrawn: z.array(z.number().int()),
  /** Not gone out yet: cancelled instead. */
  cancelled: z.array(z.number().int()),
  /** The checklist: posts the user must delete on the platform, then mark withdrawn with a note. */
  manual: z.array(
    z.object({
      id: z.number().int(),
      platform: publishingPlatformSchema,
      url: z.string().nullable(),
      reason: z.enum(MANUAL_WITHDRAW_REASONS),
    }),
  ),
  /** Left as they are: still sending, never posted, already withdrawn, or the delete failed (why). */
  kept: z.array(
    z.object({
      id: z.number().int(),
      status: publicationStatusSchema,
      error: z.object({ kind: z.string(), message: z.string().nullable() }).nullable(),
    }),
  ),
});
export type WithdrawArticleResult = z.infer<typeof withdrawArticleResultSchema>;
