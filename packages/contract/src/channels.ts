import { int4ParamSchema, int4Schema, keysetPageOf, keysetPageQuerySchema } from './envelope.ts';
import { channelPlatformSchema, connectKindSchema } from './platforms.ts';
import { z } from './zod.ts';

/**
 * Channel accounts (issue 12): the social accounts (and Google Analytics properties) a department
 * has connected, how they are connected and released. Tokens never appear in any of these.
 */

/** active; expiring: a token that cannot be renewed ends within a week; reauthorize: the platform refused the grant; released. */
export const CHANNEL_ACCOUNT_STATUSES = ['active', 'expiring', 'reauthorize', 'released'] as const;
export const channelAccountStatusSchema = z.enum(CHANNEL_ACCOUNT_STATUSES);
export type ChannelAccountStatus = z.infer<typeof channelAccountStatusSchema>;

const named = z.object({ id: z.number().int(), name: z.string() });

/** The last failure as the platform said it: the error kind (platforms/errors.ts) and its message. */
export const channelFailureSchema = z.object({
  kind: z.string(),
  message: z.string().nullable(),
  at: z.string(),
});

export const channelAccountSchema = z.object({
  id: z.number().int(),
  platform: channelPlatformSchema,
  externalId: z.string(),
  name: z.string(),
  handle: z.string().nullable(),
  /**
   * Postdeck's own copy of the picture, on its origin (a signed address for the caller, valid for
   * days); null until one was fetched, or when the platform gives none: the console shows initials.
   */
  avatarUrl: z.string().nullable(),
  profileUrl: z.string().nullable(),
  department: named,
  connectedBy: named.nullable(),
  status: channelAccountStatusSchema,
  /** The scopes granted, and those Postdeck asks for that the user did not grant. */
  scopes: z.array(z.string()),
  missingScopes: z.array(z.string()),
  tokenExpiresAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastFailure: channelFailureSchema.nullable(),
  /** Failed calls in the last seven days. */
  failures7d: z.number().int(),
  /** Calls or units left where the platform reports them (YouTube's quota, X's rate limit); null elsewhere. */
  quotaLeft: z.number().nullable(),
  connectedAt: z.string(),
  releasedAt: z.string().nullable(),
  releasedBy: named.nullable(),
  /**
   * channelAccountDetail only, optional: the other accounts connected through the same grant
   * (the VK communities one user administers, the Facebook pages of one consent), which /vk shows
   * as its connection.
   */
  sameGrant: z.array(named).optional(),
});
export type ChannelAccount = z.infer<typeof channelAccountSchema>;

export const channelAccountListQuerySchema = keysetPageQuerySchema.extend({
  platform: channelPlatformSchema.optional(),
  departmentId: int4ParamSchema.optional(),
  status: channelAccountStatusSchema.optional(),
});
export type ChannelAccountListQuery = z.input<typeof channelAccountListQuerySchema>;
export type ChannelAccountListFilters = z.output<typeof channelAccountListQuerySchema>;
export const channelAccountListSchema = keysetPageOf(channelAccountSchema);

export const channelAccountIdQuerySchema = z.object({ id: int4ParamSchema });

/**
 * Where each platform's calls go: sandbox (the local servers started in-process), live (the
 * platform's own hosts, credentials configured) or unavailable (live mode without credentials).
 */
export const CHANNEL_MODES = ['sandbox', 'live', 'unavailable'] as const;
export const channelPlatformInfoSchema = z.object({
  platform: channelPlatformSchema,
  displayName: z.string(),
  connect: connectKindSchema,
  mode: z.enum(CHANNEL_MODES),
  /**
   * In the sandbox, what to type where the platform asks for more than a click (Telegram's bot
   * token and channel, Mastodon's instance, Bluesky's handle and app password), keyed by the
   * connect bodies' field names: botToken, channel, instance, identifier, appPassword (the
   * console fills the fields of those names). Only callers who may connect get them.
   */
  sandboxHints: z.record(z.string(), z.string()).optional(),
});
export type ChannelPlatformInfo = z.infer<typeof channelPlatformInfoSchema>;
export const channelPlatformsSchema = z.object({
  /** Every platform runs on the local sandbox servers: the console says "Sandbox". */
  sandbox: z.boolean(),
  platforms: z.array(channelPlatformInfoSchema),
});

/** A Mastodon instance: a host name, optionally with https:// (http only in the sandbox). */
const instanceSchema = z.string().trim().min(3).max(253);

export const connectStartBodySchema = z.object({
  platform: channelPlatformSchema,
  departmentId: int4Schema,
  instance: instanceSchema.optional(),
});
export const connectStartSchema = z.object({ authorizationUrl: z.string() });

/** What the platform sent back to /authOpen, as the page read it from its address. */
export const connectCallbackBodySchema = z.object({
  state: z.string().min(1).max(200),
  code: z.string().min(1).max(4096).optional(),
  error: z.string().max(200).optional(),
  errorDescription: z.string().max(2000).optional(),
  /** VK ID sends the device the consent was given on; its code exchange and refreshes need it. */
  deviceId: z.string().max(200).optional(),
});

export const connectTargetSchema = z.object({
  platform: channelPlatformSchema,
  externalId: z.string(),
  name: z.string(),
  handle: z.string().nullable(),
  /** Always null: the platform's own address is not shown before Postdeck has its copy (the picker shows initials). */
  avatarUrl: z.string().nullable(),
  profileUrl: z.string().nullable(),
  /**
   * Connected already. In the caller's scope ('yours'): ticking it renews it where it is (a
   * released one joins the chosen department). Live in a department outside the scope
   * ('elsewhere'): not named, and not choosable; an administrator over both may move it.
   */
  existing: z
    .discriminatedUnion('scope', [
      z.object({
        scope: z.literal('yours'),
        accountId: z.number().int(),
        department: named,
        status: channelAccountStatusSchema,
      }),
      z.object({ scope: z.literal('elsewhere') }),
    ])
    .nullable(),
});
export type ConnectTarget = z.infer<typeof connectTargetSchema>;

export const connectTargetsSchema = z.object({
  connectionId: z.number().int(),
  platform: channelPlatformSchema,
  department: named,
  targets: z.array(connectTargetSchema),
  /** Scopes Postdeck needs that the consent did not grant: the accounts may not work fully. */
  missingScopes: z.array(z.string()),
  /** Until when the targets can be picked. */
  expiresAt: z.string(),
});
export type ConnectTargets = z.infer<typeof connectTargetsSchema>;

export const connectPickBodySchema = z.object({
  connectionId: int4Schema,
  externalIds: z.array(z.string().min(1).max(200)).min(1).max(200),
});
export const connectedAccountsSchema = z.object({ accounts: z.array(channelAccountSchema) });

/** platforms.md §6: the token BotFather gives (`<bot id>:<secret>`), and a public channel's @username or a private one's id. */
export const telegramConnectBodySchema = z.object({
  departmentId: int4Schema,
  botToken: z
    .string()
    .trim()
    .regex(/^\d{5,15}:[A-Za-z0-9_-]{30,64}$/, 'validation.telegramBotToken'),
  channel: z
    .string()
    .trim()
    .regex(/^(@[A-Za-z][A-Za-z0-9_]{3,31}|-100\d{5,15})$/, 'validation.telegramChannel'),
});

/** platforms.md §9: the handle (or DID) and an app password (xxxx-xxxx-xxxx-xxxx), never the account's own password. */
export const blueskyConnectBodySchema = z.object({
  departmentId: int4Schema,
  identifier: z.string().trim().min(3).max(253),
  appPassword: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{4}-[A-Za-z0-9]{4}-[A-Za-z0-9]{4}-[A-Za-z0-9]{4}$/, 'validation.blueskyAppPassword'),
});

/** Moves an account to another department: the caller's scope must hold both (audited with both). */
export const moveBodySchema = z.object({ id: int4Schema, departmentId: int4Schema });
export const moveSchema = z.object({ account: channelAccountSchema });

export const releaseBodySchema = z.object({
  id: int4Schema,
  /**
   * The platform the caller means to release (a release page's own, the list row's): an account
   * of another platform is refused, so /youtubeRelieve?id=<a Facebook page> releases nothing.
   */
  platform: channelPlatformSchema.optional(),
});

/**
 * Why a release left the grant alive at the platform: the platform has no revoke call; other
 * accounts still use the same grant (it is revoked with the last of them); the platform did not
 * confirm the revoke; no grant was stored.
 */
export const NOT_REVOKED_REASONS = ['unsupported', 'sharedGrant', 'failed', 'noGrant'] as const;
export type NotRevokedReason = (typeof NOT_REVOKED_REASONS)[number];

export const releaseSchema = z.object({
  account: channelAccountSchema,
  /** The grant was revoked at the platform too (where its API allows). */
  revokedAtPlatform: z.boolean(),
  /** When revokedAtPlatform is false: why, so the console says what is left to do at the platform. */
  notRevokedReason: z.enum(NOT_REVOKED_REASONS).optional(),
  /** Scheduled publications on the account, now held (their authors are told). */
  heldPublications: z.number().int(),
});
