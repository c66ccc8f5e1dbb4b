import { z } from './zod.ts';

/**
 * The platforms Postdeck publishes to, and its channel platforms: those plus Google Analytics 4,
 * connected like an account but only read from (its reports come with the statistics).
 * Capabilities per platform: platform-capabilities.ts; how each counts text: platform-text.ts.
 */
export const PUBLISHING_PLATFORMS = [
  'facebook',
  'instagram',
  'youtube',
  'x',
  'vk',
  'telegram',
  'linkedin',
  'mastodon',
  'bluesky',
  'tiktok',
] as const;
export type PublishingPlatform = (typeof PUBLISHING_PLATFORMS)[number];

export const DATA_SOURCE_PLATFORMS = ['ga4'] as const;
export type DataSourcePlatform = (typeof DATA_SOURCE_PLATFORMS)[number];

export const CHANNEL_PLATFORMS = [...PUBLISHING_PLATFORMS, ...DATA_SOURCE_PLATFORMS] as const;
export type ChannelPlatform = (typeof CHANNEL_PLATFORMS)[number];

export const channelPlatformSchema = z.enum(CHANNEL_PLATFORMS);
export const publishingPlatformSchema = z.enum(PUBLISHING_PLATFORMS);

export function isPublishingPlatform(platform: string): platform is PublishingPlatform {
  return (PUBLISHING_PLATFORMS as readonly string[]).includes(platform);
}

/**
 * How an account is connected: the platform's OAuth; OAuth on an instance the user names, with
 * Postdeck registered there on first use (Mastodon); a bot token (Telegram); a handle and an app
 * password (Bluesky).
 */
export const connectKindSchema = z.enum(['oauth', 'oauthPerInstance', 'botToken', 'appPassword']);

/**
 * How the platform measures a text against its limit: UTF-16 code units (JavaScript's length),
 * Unicode code points, grapheme clusters (what a reader sees as one character), UTF-8 bytes, or
 * X's weighted count (platform-text.ts).
 */
export const textCountingSchema = z.enum(['utf16', 'codePoints', 'graphemes', 'utf8Bytes', 'weighted']);

const positiveInt = z.number().int().positive();

export const platformTextSchema = z.object({
  maxLength: positiveInt,
  /** The limit when media is attached, where the text becomes a shorter caption (Telegram). */
  maxLengthWithMedia: positiveInt.nullable(),
  counting: textCountingSchema,
  /** A URL counts as this many characters whatever its length (X, Mastodon); null: as written. */
  urlLength: positiveInt.nullable(),
  /** A post needs at least one image or video (Instagram, YouTube, TikTok). */
  mediaRequired: z.boolean(),
});

export const platformMediaSchema = z.object({
  /** Per post. */
  maxCount: positiveInt,
  /** Per file; null where the platform states no byte limit (its own check decides). */
  maxBytes: positiveInt.nullable(),
  /** Null for images, and for videos where the platform states no limit. */
  maxDurationS: positiveInt.nullable(),
  mimeTypes: z.array(z.string().regex(/^(image|video)\/[a-z0-9.+-]+$/)).min(1),
});

/**
 * How a lost answer to a publish is settled (DESIGN.md §6): the platform dedupes a retry sent
 * with the same key; Postdeck looks for the post among the account's recent ones; or neither,
 * and the user settles it.
 */
export const idempotencySchema = z.enum(['key', 'search', 'none']);

/** Before a token expires: refresh it, ask the user to connect again, or nothing (it never expires). */
export const tokenRenewalSchema = z.enum(['refresh', 'reconnect', 'never']);

const accountCapabilities = {
  displayName: z.string().min(1),
  connect: connectKindSchema,
  pkce: z.boolean(),
  tokenRenewal: tokenRenewalSchema,
  /** Release can revoke the grant at the platform (otherwise the tokens are only wiped here). */
  canRevoke: z.boolean(),
  /** The scopes Postdeck asks for; empty where the platform has none. */
  scopes: z.array(z.string().min(1)),
  /** Post metrics (statistics.ts POST_METRICS) through the adapter. */
  metrics: z.boolean(),
  /** Daily account metrics (followers, reach) through the adapter. */
  accountMetrics: z.boolean(),
};

export const publishingCapabilitiesSchema = z.object({
  role: z.literal('publishing'),
  ...accountCapabilities,
  text: platformTextSchema,
  /** Null where the platform takes no images (or no videos) in a post. */
  images: platformMediaSchema.nullable(),
  videos: platformMediaSchema.nullable(),
  /** Images and videos in one post. */
  mixedMedia: z.boolean(),
  canDelete: z.boolean(),
  /** A post can be deleted only this long after it was sent (Telegram: 48 hours); absent: any time. */
  deleteWithinHours: z.number().int().positive().optional(),
  canEdit: z.boolean(),
  idempotency: idempotencySchema,
});

export const dataSourceCapabilitiesSchema = z.object({
  role: z.literal('dataSource'),
  ...accountCapabilities,
});

export const platformCapabilitiesSchema = z.discriminatedUnion('role', [
  publishingCapabilitiesSchema,
  dataSourceCapabilitiesSchema,
]);

export type PlatformText = z.infer<typeof platformTextSchema>;
export type PlatformMedia = z.infer<typeof platformMediaSchema>;
export type PublishingCapabilities = z.infer<typeof publishingCapabilitiesSchema>;
export type DataSourceCapabilities = z.infer<typeof dataSourceCapabilitiesSchema>;
export type PlatformCapabilities = z.infer<typeof platformCapabilitiesSchema>;
