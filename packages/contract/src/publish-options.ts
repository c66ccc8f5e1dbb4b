import { z } from './zod.ts';
import type { PublishingPlatform } from './platforms.ts';

/**
 * What one account's variant of a publication may set besides its text (issue 20, item 1), per
 * platform as its API names the choice (platforms.md). Every field is optional: an adapter falls
 * back on the platform's default, and the preflight says what a platform requires (a YouTube
 * title). One schema per platform, so the server refuses a field another platform would take.
 */
export const youtubeOptionsSchema = z.strictObject({
  /** videos.insert snippet.title: at most 100 characters, no < or >. */
  title: z.string().trim().min(1).max(100).optional(),
  /** snippet.description: at most 5,000 bytes; the rendered text when absent. */
  description: z.string().max(5000).optional(),
  privacy: z.enum(['public', 'unlisted', 'private']).optional(),
  /** snippet.categoryId, e.g. '22' People & Blogs, '25' News & Politics. */
  categoryId: z
    .string()
    .regex(/^\d{1,3}$/)
    .optional(),
  tags: z.array(z.string().trim().min(1).max(100)).max(30).optional(),
});

/** The most places one Facebook audience takes (feed_targeting's limit on countries, for all kinds together). */
export const FACEBOOK_AUDIENCE_MAX = 25;

/** A region or a city as queryFacebookArea found it: Graph's numeric key, and its name for the composer's chips. */
const facebookAreaSchema = z.strictObject({
  key: z.string().regex(/^\d{1,20}$/),
  name: z.string().trim().min(1).max(200),
});

/**
 * Who may see a page post (platforms.md §1 Audience targeting): the places found with
 * queryFacebookArea, grouped by kind as Graph's `targeting.geo_locations` takes them (countries by
 * ISO code, regions and cities by key). Only people in these places see the post. Between 1 and
 * FACEBOOK_AUDIENCE_MAX places, none twice.
 */
export const facebookAudienceSchema = z
  .strictObject({
    /** ISO 3166 alpha-2, upper case ('CA'). */
    countries: z.array(z.string().regex(/^[A-Z]{2}$/)),
    regions: z.array(facebookAreaSchema),
    cities: z.array(facebookAreaSchema),
  })
  .superRefine((audience, ctx) => {
    const total = audience.countries.length + audience.regions.length + audience.cities.length;
    if (total === 0)
      ctx.addIssue({ code: 'custom', message: 'Choose at least one place, or leave the audience out' });
    if (total > FACEBOOK_AUDIENCE_MAX)
      ctx.addIssue({ code: 'custom', message: `At most ${FACEBOOK_AUDIENCE_MAX} places` });
    const twice = (keys: string[]) => new Set(keys).size !== keys.length;
    if (
      twice(audience.countries) ||
      twice(audience.regions.map((r) => r.key)) ||
      twice(audience.cities.map((c) => c.key))
    )
      ctx.addIssue({ code: 'custom', message: 'A place is chosen twice' });
  });
export type FacebookAudience = z.infer<typeof facebookAudienceSchema>;

export const facebookOptionsSchema = z.strictObject({
  /** Only people in these places see the post (Graph's `targeting`); everyone when absent. */
  audience: facebookAudienceSchema.optional(),
});

export const vkOptionsSchema = z.strictObject({
  /** wall.post signed=1: the author's name under a community post. */
  signed: z.boolean().optional(),
  /** wall.post from_group=1: posted as the community, not as the user. Default true. */
  fromGroup: z.boolean().optional(),
});

export const telegramOptionsSchema = z.strictObject({
  /** disable_notification: subscribers get no sound. */
  silent: z.boolean().optional(),
  /** link_preview_options.is_disabled. */
  linkPreview: z.boolean().optional(),
});

export const xOptionsSchema = z.strictObject({
  /** reply_settings of POST /2/tweets; absent: everyone may reply. */
  replySettings: z.enum(['following', 'mentionedUsers', 'subscribers', 'verified']).optional(),
});

export const linkedinOptionsSchema = z.strictObject({
  visibility: z.enum(['PUBLIC', 'CONNECTIONS', 'LOGGED_IN']).optional(),
});

export const tiktokOptionsSchema = z.strictObject({
  /** post_info.privacy_level: one of those creator_info/query answers for the account. */
  privacy: z
    .enum(['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'])
    .optional(),
  disableComment: z.boolean().optional(),
  disableDuet: z.boolean().optional(),
  disableStitch: z.boolean().optional(),
  /** Content disclosure TikTok requires: promoting a third party (branded content). */
  brandContent: z.boolean().optional(),
  /** Content disclosure: promoting the creator's own business. */
  brandOrganic: z.boolean().optional(),
});

const none = z.strictObject({});

export const PUBLISH_OPTIONS_SCHEMAS = {
  facebook: facebookOptionsSchema,
  instagram: none,
  youtube: youtubeOptionsSchema,
  x: xOptionsSchema,
  vk: vkOptionsSchema,
  telegram: telegramOptionsSchema,
  linkedin: linkedinOptionsSchema,
  mastodon: none,
  bluesky: none,
  tiktok: tiktokOptionsSchema,
} as const satisfies Record<PublishingPlatform, z.ZodType>;

export type PublishOptionsOf<P extends PublishingPlatform> = z.infer<(typeof PUBLISH_OPTIONS_SCHEMAS)[P]>;

type YouTubeOptions = z.infer<typeof youtubeOptionsSchema>;
type TikTokOptions = z.infer<typeof tiktokOptionsSchema>;

/**
 * Any platform's options, as an adapter receives them (it reads its own platform's fields;
 * `privacy`, which YouTube and TikTok both name, takes either's values: each adapter narrows it).
 */
export type PublishOptions = Partial<
  Omit<YouTubeOptions, 'privacy'> &
    z.infer<typeof facebookOptionsSchema> &
    z.infer<typeof vkOptionsSchema> &
    z.infer<typeof telegramOptionsSchema> &
    z.infer<typeof xOptionsSchema> &
    z.infer<typeof linkedinOptionsSchema> &
    Omit<TikTokOptions, 'privacy'>
> & { privacy?: YouTubeOptions['privacy'] | TikTokOptions['privacy'] };
