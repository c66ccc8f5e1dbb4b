import { int4ParamSchema, int4Schema } from './envelope.ts';
import { publishingPlatformSchema } from './platforms.ts';
import { pauseScopeSchema } from './publishing-pauses.ts';
import { z } from './zod.ts';

/**
 * Publications (issue 20, DESIGN.md §6): a parent per publish action, a child per account.
 * - scheduled: waits for its time; queued: due, waiting for a worker (or a rate limit's budget);
 * - publishing: a worker is sending it; published: the platform has it;
 * - failed: the platform refused, or retries ran out; unconfirmed: the answer was lost and the
 *   post could not be found: the author settles it ("it is there", or "publish again");
 * - held: its account was released or paused before it went out;
 * - cancelled: withdrawn before it went out; withdrawn: deleted from the platform after.
 */
export const PUBLICATION_STATUSES = [
  'scheduled',
  'queued',
  'publishing',
  'published',
  'failed',
  'unconfirmed',
  'held',
  'cancelled',
  'withdrawn',
] as const;
export const publicationStatusSchema = z.enum(PUBLICATION_STATUSES);
export type PublicationStatus = z.infer<typeof publicationStatusSchema>;

/** States no worker will move on its own. */
export const FINAL_PUBLICATION_STATUSES: readonly PublicationStatus[] = [
  'published',
  'failed',
  'cancelled',
  'withdrawn',
];

const named = z.object({ id: z.number().int(), name: z.string() });

/** One account's share of a publish action: its own text and its platform's choices, else the content's. */
export const publishTargetSchema = z.object({
  accountId: int4Schema,
  /** The account's own text; the content rendered for the platform when absent. */
  text: z.string().max(70_000).optional(),
  /** The platform's choices (publish-options.ts), checked against the account's platform. */
  options: z.record(z.string(), z.unknown()).optional(),
});
export type PublishTarget = z.infer<typeof publishTargetSchema>;

export const publishBodySchema = z.object({
  contentId: int4Schema,
  targets: z.array(publishTargetSchema).min(1).max(100),
  /** ISO time with offset; absent: publish now. A time in the past is refused. */
  scheduledAt: z.iso.datetime({ offset: true }).optional(),
  /**
   * Tag the links of every account's text with UTM parameters (utm.ts: source the platform,
   * medium social, campaign content-<contentId>), so analytics files the sessions they bring
   * under the content. Absent: false. The parent publication remembers the choice.
   */
  utm: z.boolean().optional(),
});
export type PublishBody = z.infer<typeof publishBodySchema>;

export const publicationErrorSchema = z.object({
  /** The platform error's class (rejected, reauthorize, rateLimited, mediaInvalid, transient, outcomeUnknown). */
  kind: z.string(),
  message: z.string().nullable(),
});

/** One account's publication. */
export const publicationSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  contentId: z.number().int(),
  title: z.string(),
  account: z.object({
    id: z.number().int(),
    platform: publishingPlatformSchema,
    name: z.string(),
    handle: z.string().nullable(),
  }),
  department: named,
  author: named,
  status: publicationStatusSchema,
  /** The text as sent (or to be sent) to this account. */
  text: z.string(),
  options: z.record(z.string(), z.unknown()),
  mediaIds: z.array(z.number().int()),
  scheduledAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  externalUrl: z.string().nullable(),
  error: publicationErrorSchema.nullable(),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Publication = z.infer<typeof publicationSchema>;

export const publishResultSchema = z.object({
  parentId: z.number().int(),
  publications: z.array(publicationSchema),
});

export const publicationEventSchema = z.object({
  from: publicationStatusSchema.nullable(),
  to: publicationStatusSchema,
  at: z.string(),
  actor: named.nullable(),
  detail: z.record(z.string(), z.unknown()),
});

/** GET /content/publish/detail: the publication with its timeline and the platform's raw error. */
export const publicationDetailSchema = publicationSchema.extend({
  events: z.array(publicationEventSchema),
  /** The platform's own answer to the failure, as it came. */
  errorRaw: z.unknown().nullable(),
});

export const publicationIdQuerySchema = z.object({ id: int4ParamSchema });

/** POST /content/publish/withdrawal: cancel before it goes out; a parent's id cancels its children that have not. */
export const withdrawalBodySchema = z.object({ id: int4Schema });
export const withdrawalSchema = z.object({
  /** The publications cancelled now. */
  cancelled: z.array(z.number().int()),
  /** Those already sending, sent or settled, with their state: not cancelled. */
  kept: z.array(z.object({ id: z.number().int(), status: publicationStatusSchema })),
});

/** POST /content/publish/retry: a failed publication (or a parent's failed ones) sent again. */
export const retryBodySchema = z.object({ id: int4Schema });
export const retryResultSchema = z.object({
  /** Queued again now. */
  retried: z.array(z.number().int()),
  /** Not failed (any more): left as they are, with their state. */
  kept: z.array(z.object({ id: z.number().int(), status: publicationStatusSchema })),
});
export type RetryResult = z.infer<typeof retryResultSchema>;

/** Settles an unconfirmed publication: the post is there (its link), or publish it again. */
export const settleBodySchema = z.discriminatedUnion('outcome', [
  z.object({
    id: int4Schema,
    outcome: z.literal('published'),
    url: z.url({ protocol: /^https?$/ }).max(2048),
  }),
  z.object({ id: int4Schema, outcome: z.literal('again') }),
]);
export type SettleBody = z.infer<typeof settleBodySchema>;

/** Why an account in the composer cannot be chosen now. */
export const TARGET_UNAVAILABLE_REASONS = ['released', 'reauthorize'] as const;

/** GET /content/publish/targets: the accounts of the caller's data scope the composer offers. */
export const publishTargetsSchema = z.object({
  accounts: z.array(
    z.object({
      id: z.number().int(),
      platform: publishingPlatformSchema,
      name: z.string(),
      handle: z.string().nullable(),
      department: named,
      /** Null when it can be chosen; else why not (shown, not choosable). */
      unavailable: z.enum(TARGET_UNAVAILABLE_REASONS).nullable(),
      /**
       * A pause of publishing that holds this account (its own, its department's, or everyone's):
       * it stays choosable and its posts wait; the composer shows the reason.
       */
      paused: z.object({ scope: pauseScopeSchema, reason: z.string() }).nullable().optional(),
    }),
  ),
  /** The accounts the caller last published to that are still choosable: ticked at first. */
  lastChoice: z.array(z.number().int()),
  /** Whether the caller's last publish from the composer tagged its links (utm): the switch's first state. */
  lastUtm: z.boolean(),
});
export type PublishTargets = z.infer<typeof publishTargetsSchema>;

/**
 * POST /content/publish/update: one publication before it goes out (its time, text, options);
 * after, only where the platform can edit a post (none of the adapters does yet: refused).
 */
export const publicationUpdateBodySchema = z.object({
  id: int4Schema,
  /** A new time (ISO with offset), or null to send it now. */
  scheduledAt: z.iso.datetime({ offset: true }).nullable().optional(),
  text: z.string().max(70_000).optional(),
  options: z.record(z.string(), z.unknown()).optional(),
});
export type PublicationUpdateBody = z.infer<typeof publicationUpdateBodySchema>;

/** GET /content/publish/queryChunkVideoStatus?taskId: how far a publication's upload has gone. */
export const chunkStatusQuerySchema = z.object({ taskId: int4ParamSchema });
export const chunkStatusSchema = z.object({
  taskId: z.number().int(),
  status: publicationStatusSchema,
  /** The media's bytes handed to the platform so far; null before the upload started. */
  bytesSent: z.number().int().nullable(),
  totalBytes: z.number().int(),
  /** The platform holds the upload and is processing it (an id handed out, not published yet). */
  processing: z.boolean(),
});

/** GET /content/publish/queryFacebookArea: places a Facebook account's posts can be aimed at. */
export const facebookAreaQuerySchema = z.object({
  accountId: int4ParamSchema,
  q: z.string().trim().max(100).default(''),
  type: z.enum(['country', 'region', 'city']).optional(),
  /** ISO 3166 alpha-2: search inside one country. */
  countryCode: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .optional(),
});
export const facebookAreasSchema = z.object({
  items: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      type: z.string(),
      countryCode: z.string().nullable(),
      region: z.string().nullable(),
    }),
  ),
});
