import type {
  ChannelPlatform,
  DataSourceCapabilities,
  DataSourcePlatform,
  PublishingCapabilities,
  PublishingPlatform,
} from './platforms.ts';

/**
 * What each platform can do, from ../shared/platforms.md (sections cited as §n). Where that file
 * marks a figure [3rd] or [unverified], the comment says so: the platform's own check stays the
 * last word. canRevoke is true only where platforms.md documents the call (the OAuth revoke
 * endpoints of §3, §4, §8, §11). canEdit, canDelete and metrics say what Postdeck's adapter does,
 * not what the platform's API could: no adapter edits a post yet, so canEdit is false everywhere
 * (Facebook, YouTube and Telegram document edits; capabilities-match.test.ts in the server holds
 * them to the adapters). Where platforms.md names no MIME types (YouTube's "video/*", Telegram,
 * Mastodon's per-instance list, VK's videos), the lists hold the common formats the platform takes.
 */
const MB = 1024 * 1024;
const GB = 1024 * MB;
const GOOGLE_SCOPE = 'https://www.googleapis.com/auth/';

const facebook = {
  role: 'publishing',
  displayName: 'Facebook',
  connect: 'oauth',
  pkce: false,
  // §1 OAuth: a long-lived user token lasts ~60 days with no refresh token.
  tokenRenewal: 'reconnect',
  canRevoke: false,
  // §1 OAuth, scopes in use [oss].
  scopes: [
    'pages_show_list',
    'business_management',
    'pages_manage_posts',
    'pages_manage_engagement',
    'pages_read_engagement',
    'read_insights',
  ],
  metrics: true,
  accountMetrics: true,
  // §1 Limits: 63,206 characters [oss], as JavaScript counts them.
  text: {
    maxLength: 63_206,
    maxLengthWithMedia: null,
    counting: 'utf16',
    urlLength: null,
    mediaRequired: false,
  },
  // §1 Limits: photo under 4 MB, JPG/PNG [oss]; platforms.md gives no count for multi-photo posts, 10 is our cap.
  images: { maxCount: 10, maxBytes: 4 * MB, maxDurationS: null, mimeTypes: ['image/jpeg', 'image/png'] },
  // §1 Limits: 2 GB / 4 h [3rd: Ayrshare].
  videos: {
    maxCount: 1,
    maxBytes: 2 * GB,
    maxDurationS: 4 * 3600,
    mimeTypes: ['video/mp4', 'video/quicktime'],
  },
  mixedMedia: false,
  canDelete: true,
  canEdit: false,
  // DESIGN.md §6: found again in the Page's feed.
  idempotency: 'search',
} satisfies PublishingCapabilities;

const instagram = {
  role: 'publishing',
  displayName: 'Instagram',
  connect: 'oauth',
  pkce: false,
  // §2: the Facebook Login flavour, so Facebook's token rules (§1).
  tokenRenewal: 'reconnect',
  canRevoke: false,
  // §2 postiz's Facebook Login scopes [oss], without comment management.
  scopes: [
    'instagram_basic',
    'pages_show_list',
    'pages_read_engagement',
    'business_management',
    'instagram_content_publish',
    'instagram_manage_insights',
  ],
  metrics: true,
  accountMetrics: true,
  // §2 Limits: caption 2,200 characters [oss].
  text: {
    maxLength: 2_200,
    maxLengthWithMedia: null,
    counting: 'utf16',
    urlLength: null,
    mediaRequired: true,
  },
  // §2 Limits: carousel 2-10 items [oss]; image JPEG, ≤ 8 MB [3rd].
  images: { maxCount: 10, maxBytes: 8 * MB, maxDurationS: null, mimeTypes: ['image/jpeg'] },
  // §2 Limits: reels MOV/MP4, 3 s-15 min, 300 MB (the lower of Ayrshare's two figures) [3rd].
  videos: {
    maxCount: 10,
    maxBytes: 300 * MB,
    maxDurationS: 15 * 60,
    mimeTypes: ['video/mp4', 'video/quicktime'],
  },
  // §2: a carousel takes images and videos.
  mixedMedia: true,
  // §2 Delete: unverified in official docs, treated as unsupported.
  canDelete: false,
  canEdit: false,
  // DESIGN.md §6: found again among the account's media (GET /{ig-user-id}/media).
  idempotency: 'search',
} satisfies PublishingCapabilities;

const youtube = {
  role: 'publishing',
  displayName: 'YouTube',
  connect: 'oauth',
  // §11 OAuth: Google's web flow takes PKCE [oss].
  pkce: true,
  tokenRenewal: 'refresh',
  canRevoke: true,
  // §3 Scopes: upload + readonly, and force-ssl for videos.update and videos.delete.
  scopes: [
    `${GOOGLE_SCOPE}youtube.upload`,
    `${GOOGLE_SCOPE}youtube.readonly`,
    `${GOOGLE_SCOPE}youtube.force-ssl`,
  ],
  metrics: true,
  accountMetrics: true,
  // §3 Limits: the description (the post's text) ≤ 5000 bytes.
  text: {
    maxLength: 5_000,
    maxLengthWithMedia: null,
    counting: 'utf8Bytes',
    urlLength: null,
    mediaRequired: true,
  },
  images: null,
  // §3 Limits: file ≤ 256 GB or 12 hours.
  videos: {
    maxCount: 1,
    maxBytes: 256 * GB,
    maxDurationS: 12 * 3600,
    mimeTypes: ['video/mp4', 'video/quicktime', 'video/webm'],
  },
  mixedMedia: false,
  canDelete: true,
  canEdit: false,
  // DESIGN.md §6: found again in the channel's uploads playlist.
  idempotency: 'search',
} satisfies PublishingCapabilities;

const x = {
  role: 'publishing',
  displayName: 'X',
  connect: 'oauth',
  pkce: true,
  // §4 OAuth: 2-hour access tokens, refreshed with offline.access.
  tokenRenewal: 'refresh',
  canRevoke: true,
  scopes: ['tweet.read', 'tweet.write', 'users.read', 'media.write', 'offline.access'],
  metrics: true,
  accountMetrics: true,
  // §4 Limits: 280 weighted characters (the weights: platform-text.ts).
  text: {
    maxLength: 280,
    maxLengthWithMedia: null,
    counting: 'weighted',
    urlLength: 23,
    mediaRequired: false,
  },
  // §4 Limits: up to 4 photos, JPG/PNG/GIF/WEBP ≤ 5 MB.
  images: {
    maxCount: 4,
    maxBytes: 5 * MB,
    maxDurationS: null,
    mimeTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
  },
  // §4 Limits: 1 video, ≤ 512 MB, 0.5-140 s, H.264.
  videos: { maxCount: 1, maxBytes: 512 * MB, maxDurationS: 140, mimeTypes: ['video/mp4'] },
  // §4 Limits: 4 photos, or 1 GIF, or 1 video.
  mixedMedia: false,
  canDelete: true,
  canEdit: false,
  // DESIGN.md §6: found again in the user's timeline.
  idempotency: 'search',
} satisfies PublishingCapabilities;

const vk = {
  role: 'publishing',
  displayName: 'VK',
  connect: 'oauth',
  // §5 OAuth: VK ID is OAuth 2.1 with mandatory PKCE.
  pkce: true,
  // §5 OAuth: 1-hour access tokens and a refresh token.
  tokenRenewal: 'refresh',
  canRevoke: false,
  // §5 OAuth: postiz's scopes [oss] less email, status and docs, which publishing does not use;
  // plus groups: the targets are the communities the user runs, listed by groups.get?filter=admin.
  scopes: ['vkid.personal_info', 'wall', 'photos', 'video', 'groups'],
  // §5 Metrics: wall.getById's counters; followers are the community's members_count (groups.getById).
  metrics: true,
  accountMetrics: true,
  // §5 Limits: postiz caps at 2,048 [oss]; how VK counts is unverified.
  text: {
    maxLength: 2_048,
    maxLengthWithMedia: null,
    counting: 'codePoints',
    urlLength: null,
    mediaRequired: false,
  },
  // §5 Limits: up to 10 attachments [unverified]; photo JPG/PNG/GIF ≤ 50 MB [unverified].
  images: {
    maxCount: 10,
    maxBytes: 50 * MB,
    maxDurationS: null,
    mimeTypes: ['image/jpeg', 'image/png', 'image/gif'],
  },
  // §5: platforms.md gives no video size or duration. 256 MB is Postdeck's cap, not VK's: the
  // upload server takes the file as one multipart body, which the adapter holds in memory whole.
  videos: {
    maxCount: 10,
    maxBytes: 256 * MB,
    maxDurationS: null,
    mimeTypes: ['video/mp4', 'video/quicktime'],
  },
  mixedMedia: true,
  canDelete: true,
  canEdit: false,
  // DESIGN.md §6: wall.post's guid.
  idempotency: 'key',
} satisfies PublishingCapabilities;

const telegram = {
  role: 'publishing',
  displayName: 'Telegram',
  connect: 'botToken',
  pkce: false,
  tokenRenewal: 'never',
  canRevoke: false,
  scopes: [],
  // §6 Metrics: none through the Bot API; the channel's subscribers from getChatMemberCount.
  metrics: false,
  accountMetrics: true,
  // §6 Publish: text 1-4096, caption 0-1024 characters (Telegram measures in UTF-16 code units).
  text: {
    maxLength: 4_096,
    maxLengthWithMedia: 1_024,
    counting: 'utf16',
    urlLength: null,
    mediaRequired: false,
  },
  // §6 Publish: albums of 2-10; photos ≤ 10 MB by multipart upload.
  images: { maxCount: 10, maxBytes: 10 * MB, maxDurationS: null, mimeTypes: ['image/jpeg', 'image/png'] },
  // §6 Publish: other files ≤ 50 MB by multipart upload.
  videos: { maxCount: 10, maxBytes: 50 * MB, maxDurationS: null, mimeTypes: ['video/mp4'] },
  mixedMedia: true,
  // §6 Delete: only within 48 hours of sending.
  canDelete: true,
  deleteWithinHours: 48,
  canEdit: false,
  // DESIGN.md §6: no dedupe and no history to search.
  idempotency: 'none',
} satisfies PublishingCapabilities;

const linkedin = {
  role: 'publishing',
  displayName: 'LinkedIn',
  connect: 'oauth',
  pkce: false,
  // §7 OAuth: 60-day tokens; refresh tokens only for approved partners (without one: reconnect).
  tokenRenewal: 'refresh',
  canRevoke: false,
  // §7 Scopes: organisation posting and reading, plus the admin scope postiz uses to list organisations [oss].
  scopes: ['openid', 'profile', 'w_organization_social', 'r_organization_social', 'rw_organization_admin'],
  // §7 Metrics: organisation share statistics (rw_organization_admin); followers from networkSizes.
  metrics: true,
  accountMetrics: true,
  // §7 Limits: commentary ≤ 3,000 characters [oss].
  text: {
    maxLength: 3_000,
    maxLengthWithMedia: null,
    counting: 'utf16',
    urlLength: null,
    mediaRequired: false,
  },
  // §7 Limits: multiImage up to 20, JPG/PNG/GIF; a pixel limit but no byte limit stated.
  images: {
    maxCount: 20,
    maxBytes: null,
    maxDurationS: null,
    mimeTypes: ['image/jpeg', 'image/png', 'image/gif'],
  },
  // §7 Limits: MP4, ≤ 500 MB, ≤ 30 min on pages [3rd].
  videos: { maxCount: 1, maxBytes: 500 * MB, maxDurationS: 30 * 60, mimeTypes: ['video/mp4'] },
  // §7 Limits: a video cannot be mixed with other media.
  mixedMedia: false,
  canDelete: true,
  canEdit: false,
  // DESIGN.md §6: found again among the author's posts.
  idempotency: 'search',
} satisfies PublishingCapabilities;

const mastodon = {
  role: 'publishing',
  displayName: 'Mastodon',
  connect: 'oauthPerInstance',
  // §8 OAuth: PKCE from Mastodon 4.3.
  pkce: true,
  // §8 OAuth: no expiry and no refresh token.
  tokenRenewal: 'never',
  canRevoke: true,
  scopes: ['write:statuses', 'write:media', 'profile'],
  // §8 Metrics: a status's counts; followers from verify_credentials (the profile scope).
  metrics: true,
  accountMetrics: true,
  // §8 Limits: the defaults of /api/v2/instance (an instance may change them): 500 characters,
  // a URL counts 23. Mastodon counts grapheme clusters (its StatusLengthValidator).
  text: {
    maxLength: 500,
    maxLengthWithMedia: null,
    counting: 'graphemes',
    urlLength: 23,
    mediaRequired: false,
  },
  // §8 Limits: 4 attachments; images ≤ 16,777,216 bytes; videos ≤ 103,809,024 bytes.
  images: {
    maxCount: 4,
    maxBytes: 16_777_216,
    maxDurationS: null,
    mimeTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
  },
  videos: {
    maxCount: 4,
    maxBytes: 103_809_024,
    maxDurationS: null,
    mimeTypes: ['video/mp4', 'video/webm', 'video/quicktime'],
  },
  // Mastodon refuses a video in a post that has images (not stated in platforms.md).
  mixedMedia: false,
  canDelete: true,
  canEdit: false,
  // §8 Publish: the Idempotency-Key header.
  idempotency: 'key',
} satisfies PublishingCapabilities;

const bluesky = {
  role: 'publishing',
  displayName: 'Bluesky',
  connect: 'appPassword',
  pkce: false,
  // §9 Auth: sessions renewed with refreshSession.
  tokenRenewal: 'refresh',
  canRevoke: false,
  scopes: [],
  // §9 Metrics: the appview's getPosts; followers from its getProfile.
  metrics: true,
  accountMetrics: true,
  // §9 Limits: 300 graphemes; links are facets over the text as written.
  text: {
    maxLength: 300,
    maxLengthWithMedia: null,
    counting: 'graphemes',
    urlLength: null,
    mediaRequired: false,
  },
  // §9 Limits: 4 images, each ≤ 1,000,000 bytes.
  images: {
    maxCount: 4,
    maxBytes: 1_000_000,
    maxDurationS: null,
    mimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
  },
  // §9 Limits: MP4, maxSize 50,000,000 bytes in the stored lexicon; about 3 minutes [unverified].
  videos: { maxCount: 1, maxBytes: 50_000_000, maxDurationS: 180, mimeTypes: ['video/mp4'] },
  // §9 Publish: the embed is images or a video.
  mixedMedia: false,
  canDelete: true,
  canEdit: false,
  // DESIGN.md §6: a record key we choose.
  idempotency: 'key',
} satisfies PublishingCapabilities;

const tiktok = {
  role: 'publishing',
  displayName: 'TikTok',
  connect: 'oauth',
  // §10 OAuth: PKCE for mobile and desktop apps only.
  pkce: false,
  // §10 OAuth: short access tokens, rotating refresh tokens.
  tokenRenewal: 'refresh',
  canRevoke: false,
  // §10 OAuth: video.list for the posts' counts, user.info.stats for the followers (as postiz asks).
  scopes: ['user.info.basic', 'user.info.stats', 'video.publish', 'video.upload', 'video.list'],
  metrics: true,
  accountMetrics: true,
  // §10 Limits: video title up to 2,200 characters [3rd] (postiz caps at 2,000).
  text: {
    maxLength: 2_200,
    maxLengthWithMedia: null,
    counting: 'utf16',
    urlLength: null,
    mediaRequired: true,
  },
  // §10 Limits: photos JPG/WEBP ≤ 20 MB, up to 35 [unverified count].
  images: { maxCount: 35, maxBytes: 20 * MB, maxDurationS: null, mimeTypes: ['image/jpeg', 'image/webp'] },
  // §10 Limits: MP4/MOV/WebM ≤ 4 GB, 3 s-10 min [3rd].
  videos: {
    maxCount: 1,
    maxBytes: 4 * GB,
    maxDurationS: 10 * 60,
    mimeTypes: ['video/mp4', 'video/quicktime', 'video/webm'],
  },
  mixedMedia: false,
  // §10 Delete: not available in the Content Posting API.
  canDelete: false,
  canEdit: false,
  idempotency: 'none',
} satisfies PublishingCapabilities;

const ga4 = {
  role: 'dataSource',
  displayName: 'Google Analytics 4',
  connect: 'oauth',
  pkce: true,
  tokenRenewal: 'refresh',
  canRevoke: true,
  // §11 OAuth: analytics.readonly covers every call Postdeck makes.
  scopes: [`${GOOGLE_SCOPE}analytics.readonly`],
  // A data source's reports come with the statistics: it has no posts to count.
  metrics: false,
  accountMetrics: false,
} satisfies DataSourceCapabilities;

export const PLATFORM_CAPABILITIES = {
  facebook,
  instagram,
  youtube,
  x,
  vk,
  telegram,
  linkedin,
  mastodon,
  bluesky,
  tiktok,
  ga4,
} satisfies Record<PublishingPlatform, PublishingCapabilities> &
  Record<DataSourcePlatform, DataSourceCapabilities> &
  Record<ChannelPlatform, unknown>;
