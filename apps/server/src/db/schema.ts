import type { MaterialNote } from '@postdeck/contract/materials';
import type { MenuTitles } from '@postdeck/contract/menu';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Written as SQL (`to_tsvector(...)`) and only ever matched in SQL, so its value stays a string. */
const tsvector = customType<{ data: string; driverData: string }>({ dataType: () => 'tsvector' });

export const departments = pgTable(
  'departments',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => departments.id),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  // Sibling names differ ignoring case (README, Administration), enforced here against races.
  (t) => [uniqueIndex('departments_parent_name_key').on(t.parentId, sql`lower(${t.name})`)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    account: text('account').notNull(),
    name: text('name').notNull(),
    avatar: text('avatar').notNull().default(''),
    introduction: text('introduction').notNull().default(''),
    email: text('email').notNull().default(''),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: at('password_changed_at').notNull().defaultNow(),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
    deletedAt: at('deleted_at'),
  },
  (t) => [
    uniqueIndex('users_account_key').on(sql`lower(${t.account})`),
    // The user list, newest first (list indexes are ascending: see lib/list-page.ts).
    index('users_live_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('users_live_department_created_idx')
      .on(t.departmentId, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('users_live_status_created_idx')
      .on(t.status, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    // The account and name filters match any part ("ann" finds "joanna").
    index('users_account_trgm_idx').using('gin', sql`${t.account} gin_trgm_ops`),
    index('users_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    dataScope: text('data_scope', { enum: ['own', 'tree', 'all'] })
      .notNull()
      .default('own'),
    builtIn: boolean('built_in').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roles_code_key').on(sql`lower(${t.code})`)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

export const menus = pgTable(
  'menus',
  {
    id: serial('id').primaryKey(),
    /** Stable identity of a built-in entry, so bootstrap can tell what it already created. */
    key: text('key').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => menus.id, { onDelete: 'cascade' }),
    /** 'menu' entries make the side menu and pages; 'action' entries only grant permissions. */
    kind: text('kind', { enum: ['menu', 'action'] })
      .notNull()
      .default('menu'),
    name: text('name').notNull(),
    /** The administrator's name in each language; an empty one falls back to `name` (an i18n key). */
    titles: jsonb('titles').$type<MenuTitles>().notNull().default({}),
    url: text('url').notNull(),
    icon: text('icon').notNull().default(''),
    hidden: boolean('hidden').notNull().default(false),
    alwaysShow: boolean('always_show').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [uniqueIndex('menus_key_key').on(t.key)],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** One family per sign-in; every rotation stays in it, so reuse can revoke them all. */
    familyId: uuid('family_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    rotatedAt: at('rotated_at'),
    replacedBy: bigint('replaced_by', { mode: 'number' }),
    revokedAt: at('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The account named by the request, kept even when no user matched (failed sign-ins). */
    actorAccount: text('actor_account').notNull().default(''),
    action: text('action').notNull(),
    target: text('target').notNull().default(''),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [
    // The list and the export, newest first, and each of the list's filters in that order.
    index('audit_log_at_id_idx').on(t.at, t.id),
    index('audit_log_actor_at_idx').on(t.actorId, t.at, t.id),
    index('audit_log_action_at_idx').on(t.action, t.at, t.id),
    index('audit_log_target_at_idx').on(t.target, t.at, t.id),
    index('audit_log_ip_at_idx').on(t.ip, t.at, t.id),
    index('audit_log_actor_account_trgm_idx').using('gin', sql`${t.actorAccount} gin_trgm_ops`),
    // Sign-in throttling counts an account's and an IP's recent attempts.
    index('audit_log_action_account_at_idx').on(t.action, t.actorAccount, t.at),
    index('audit_log_action_ip_at_idx').on(t.action, t.ip, t.at),
  ],
);

/** Messages of the bell and the message pages (spec §3 Notification, §7 Messages). */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The publication the message is about; publishing comes in a later issue, so no foreign key yet. */
    oppId: bigint('opp_id', { mode: 'number' }),
    title: text('title').notNull(),
    channelName: text('channel_name').notNull().default(''),
    /** 'publish_failure' | 'publish_success' | 'tip' | … (contract NOTIFICATION_TYPES) */
    type: text('type').notNull(),
    content: text('content').notNull().default(''),
    /** 1 unread, 2 read (spec §3). */
    readStatus: smallint('read_status').notNull().default(1),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    // Each message list's filters, newest first (read backwards: list indexes are ascending).
    index('notifications_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_user_type_created_idx').on(t.userId, t.type, t.createdAt, t.id),
    index('notifications_user_read_created_idx').on(t.userId, t.readStatus, t.createdAt, t.id),
    // The bell polls the newest unread failure every 5 s: this one answers it from the index
    // (count index-only, the first row without a sort; id breaks ties of one notify call).
    index('notifications_user_read_type_created_idx').on(t.userId, t.readStatus, t.type, t.createdAt, t.id),
    index('notifications_created_idx').on(t.createdAt, t.id),
  ],
);

/** Which events notify a user; a missing row means every default (all on). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  publishFailure: boolean('publish_failure').notNull().default(true),
  publishSuccess: boolean('publish_success').notNull().default(true),
  tip: boolean('tip').notNull().default(true),
  /** Failures of the publications of the departments the user's data scope holds (administrators); off by default. */
  departmentFailures: boolean('department_failures').notNull().default(false),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Announcements sent from the message-tips page; each recipient also gets a 'tip' notification. */
export const tips = pgTable(
  'tips',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept so the list still names a sender whose account was removed. */
    senderAccount: text('sender_account').notNull(),
    senderName: text('sender_name').notNull(),
    /** The sender's department, for scoping the list. */
    senderDepartmentId: integer('sender_department_id').references(() => departments.id, {
      onDelete: 'set null',
    }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** Chosen departments (sub-departments were included at send time); empty means everyone. */
    departmentIds: integer('department_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    recipients: integer('recipients').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('tips_created_idx').on(t.createdAt, t.id)],
);

/** Which release notes ('what's new', keyed by upgrade date) a user has seen. */
export const guideReads = pgTable(
  'guide_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    upgradeTime: text('upgrade_time').notNull(),
    readAt: at('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.upgradeTime] })],
);

/** What staff compose and publish (issue 4); deleted rows stay 30 days for an administrator's restore. */
export const contents = pgTable(
  'contents',
  {
    id: serial('id').primaryKey(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    updatedById: integer('updated_by_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    /** The TipTap document as the editor wrote it, checked against its schema. */
    body: jsonb('body').notNull(),
    /** Rendered from `body` on the server and sanitised: what previews and platforms get. */
    bodyHtml: text('body_html').notNull(),
    bodyText: text('body_text').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The cover image; a forced delete of the material clears it. */
    coverMaterialId: integer('cover_material_id').references((): AnyPgColumn => materials.id, {
      onDelete: 'set null',
    }),
    /** 'draft' | 'ready' | 'archived' (contract CONTENT_STATUSES) */
    status: text('status').notNull().default('draft'),
    /** Optimistic locking: every save must name the version it started from. */
    version: integer('version').notNull().default(1),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    deletedAt: at('deleted_at'),
    deletedById: integer('deleted_by_id').references(() => users.id),
    /**
     * Title and body text tokenised for keyword search (modules/content/search-text.ts); null until
     * indexed, which start-up catches up on (rows written before the column, bulk loads).
     */
    searchVector: tsvector('search_vector'),
  },
  (t) => [
    // The default list (live, not archived), newest first, in a department or all of them; its
    // bounded count reads the same index alone. List indexes are ascending: lib/list-page.ts.
    index('contents_listed_department_updated_idx')
      .on(t.departmentId, t.updatedAt, t.id)
      .where(sql`${t.deletedAt} is null and ${t.status} <> 'archived'`),
    index('contents_listed_updated_idx')
      .on(t.updatedAt, t.id)
      .where(sql`${t.deletedAt} is null and ${t.status} <> 'archived'`),
    // A status filter (archived ones included), in a department or all of them.
    index('contents_live_department_status_updated_idx')
      .on(t.departmentId, t.status, t.updatedAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('contents_live_status_updated_idx')
      .on(t.status, t.updatedAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    // The other sorts, and the author filter ('mine only').
    index('contents_live_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('contents_live_title_idx')
      .on(t.title, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('contents_author_updated_idx').on(t.authorId, t.updatedAt, t.id),
    // The administrators' restore view.
    index('contents_deleted_updated_idx')
      .on(t.updatedAt, t.id)
      .where(sql`${t.deletedAt} is not null`),
    index('contents_tags_idx').using('gin', t.tags),
    index('contents_search_idx').using('gin', t.searchVector),
    index('contents_search_pending_idx')
      .on(t.id)
      .where(sql`${t.searchVector} is null`),
  ],
);

/** The media library (issue 4): files live in storage under `storageKey`, never at a user-given path. */
export const materials = pgTable(
  'materials',
  {
    id: serial('id').primaryKey(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    uploaderId: integer('uploader_id')
      .notNull()
      .references(() => users.id),
    /** 'image' | 'video' (contract MATERIAL_KINDS) */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** Sniffed from the content, not taken from the name or the client. */
    mime: text('mime').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    width: integer('width'),
    height: integer('height'),
    durationMs: integer('duration_ms'),
    codec: text('codec'),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    posterKey: text('poster_key'),
    /** 'processing' | 'ready' | 'failed' (contract MATERIAL_STATUSES) */
    status: text('status').notNull().default('processing'),
    /** Why processing failed or was skipped, a contract MATERIAL_NOTES code. */
    note: text('note').$type<MaterialNote>(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The library, newest first, and each filter and sort (list indexes are ascending:
    // lib/list-page.ts); the picker asks for images only.
    index('materials_department_created_idx').on(t.departmentId, t.createdAt, t.id),
    index('materials_created_idx').on(t.createdAt, t.id),
    index('materials_department_kind_created_idx').on(t.departmentId, t.kind, t.createdAt, t.id),
    index('materials_kind_created_idx').on(t.kind, t.createdAt, t.id),
    index('materials_uploader_created_idx').on(t.uploaderId, t.createdAt, t.id),
    index('materials_name_idx').on(t.name, t.id),
    index('materials_bytes_idx').on(t.bytes, t.id),
    // Duplicate detection: the same bytes uploaded again are offered as the existing material.
    index('materials_sha256_idx').on(t.sha256),
    index('materials_tags_idx').using('gin', t.tags),
    // The name filter matches any part of a file name ("2031" finds "IMG_2031.jpg").
    index('materials_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

/** The materials a content carries, in order. */
export const contentMaterials = pgTable(
  'content_materials',
  {
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.materialId] }),
    index('content_materials_material_idx').on(t.materialId),
  ],
);

/**
 * A social account Postdeck publishes to (or, for Google Analytics 4, reads from), one row per
 * platform account whoever connected it: connecting it again renews the row and keeps its
 * history. Its tokens are sealed (platforms/token-vault.ts) with the key named in `token_key_id`
 * and are never returned by any call.
 */
export const channelAccounts = pgTable(
  'channel_accounts',
  {
    id: serial('id').primaryKey(),
    /** contract CHANNEL_PLATFORMS */
    platform: text('platform').notNull(),
    /** The platform's id of the page, channel, community, organisation or profile. */
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    handle: text('handle'),
    /** The picture's address at the platform, which may expire (Facebook's do): only ever fetched, never shown. */
    avatarUrl: text('avatar_url'),
    /**
     * Postdeck's own copy of the picture (channels/avatars.ts), by the hex SHA-256 of the stored
     * file; null until one was fetched. Served from Postdeck's origin, as the CSP wants.
     */
    avatarSha256: text('avatar_sha256'),
    /** When the picture was last fetched (or tried): the health schedule refreshes old ones. */
    avatarFetchedAt: at('avatar_fetched_at'),
    profileUrl: text('profile_url'),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    connectedById: integer('connected_by_id').references(() => users.id),
    /** The scopes the platform granted, as it names them. */
    scopes: text('scopes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Which key sealed `tokens_sealed`; null once released (the tokens are wiped). */
    tokenKeyId: text('token_key_id'),
    tokensSealed: text('tokens_sealed'),
    tokenExpiresAt: at('token_expires_at'),
    /** When the health schedule should renew the grant (or warn that it cannot be renewed). */
    renewBy: at('renew_by'),
    /** 'active' | 'expiring' | 'reauthorize' | 'released' */
    status: text('status').notNull().default('active'),
    lastSuccessAt: at('last_success_at'),
    lastFailureAt: at('last_failure_at'),
    /** The last failure as the platform said it (kind, message, code), for the channels page. */
    lastFailure: jsonb('last_failure'),
    /** Calls or units left, where the platform reports them (YouTube's quota, X's rate limit). */
    quotaLeft: integer('quota_left'),
    connectedAt: at('connected_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    releasedAt: at('released_at'),
    releasedById: integer('released_by_id').references(() => users.id),
  },
  (t) => [
    uniqueIndex('channel_accounts_platform_external_key').on(t.platform, t.externalId),
    index('channel_accounts_department_idx').on(t.departmentId, t.platform, t.id),
    index('channel_accounts_renew_idx')
      .on(t.renewBy)
      .where(sql`${t.status} in ('active', 'expiring')`),
  ],
);

/**
 * Every failed call on an account (a refused refresh, a publication the platform refused), kept
 * so the channels page can count the last seven days; the account keeps only its last one.
 */
export const channelAccountFailures = pgTable(
  'channel_account_failures',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => channelAccounts.id, { onDelete: 'cascade' }),
    /** platforms/errors.ts PlatformErrorKind */
    kind: text('kind').notNull(),
    message: text('message'),
    at: at('at').notNull(),
  },
  (t) => [index('channel_account_failures_account_at_idx').on(t.accountId, t.at)],
);

/**
 * Postdeck's app registered on an instance of a federated platform (Mastodon), on first use:
 * its client id and sealed secret, shared by every account on that instance.
 */
export const platformApps = pgTable(
  'platform_apps',
  {
    id: serial('id').primaryKey(),
    platform: text('platform').notNull(),
    /** The instance's origin, e.g. https://mastodon.social */
    instance: text('instance').notNull(),
    /**
     * The redirect URI the app was registered with: without PUBLIC_URL the console's own origin,
     * which differs when it is opened at 127.0.0.1 or at localhost, so each has its app.
     */
    redirectUri: text('redirect_uri').notNull().default(''),
    clientId: text('client_id').notNull(),
    secretKeyId: text('secret_key_id').notNull(),
    secretSealed: text('secret_sealed').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('platform_apps_platform_instance_redirect_key').on(t.platform, t.instance, t.redirectUri),
  ],
);

/**
 * A connection under way: the OAuth state sent to the platform (single use, ten minutes), bound
 * to the user and the department chosen, with the PKCE verifier sealed; then, after the callback,
 * the targets the grant reaches, sealed with their tokens, until the user ticks the ones to keep.
 */
export const channelConnections = pgTable(
  'channel_connections',
  {
    id: serial('id').primaryKey(),
    /** A random value's SHA-256: the state itself is never stored. */
    stateHash: text('state_hash').notNull(),
    platform: text('platform').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    /** The instance of a federated platform. */
    instance: text('instance'),
    keyId: text('key_id').notNull(),
    /** The PKCE verifier, and after the callback the grant and its targets. */
    sealed: text('sealed').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    /** The callback came (a second one with the same state is refused). */
    usedAt: at('used_at'),
    /** The user chose the targets to keep. */
    completedAt: at('completed_at'),
  },
  (t) => [
    uniqueIndex('channel_connections_state_key').on(t.stateHash),
    index('channel_connections_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Publications (issue 20, DESIGN.md §6): one parent per publish action (its content, author and
 * time; no account) and one child per account, which carries the state machine. What is sent is a
 * snapshot taken when the publication was made (title, text, media, options), so a later edit of
 * the content changes nothing queued.
 */
export const publications = pgTable(
  'publications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => publications.id, {
      onDelete: 'cascade',
    }),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    /** The child's account; null on a parent. */
    accountId: integer('account_id').references(() => channelAccounts.id),
    platform: text('platform'),
    /** contract PUBLICATION_STATUSES; 'group' on a parent, whose children carry the states. */
    status: text('status').notNull(),
    title: text('title').notNull(),
    /** The text as it is sent to this account (rendered for the platform, or the account's own). */
    text: text('text').notNull().default(''),
    link: text('link'),
    /** Material ids in order, as chosen when the publication was made. */
    mediaIds: integer('media_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** contract PUBLICATION_MEDIA_TYPES: a video among the media, else images, else text alone. */
    mediaType: text('media_type').notNull().default('text'),
    /** The account's variant choices (contract publish-options.ts). */
    options: jsonb('options').notNull().default({}),
    scheduledAt: at('scheduled_at'),
    /** The same for every attempt: where the platform dedupes, it does by this. */
    idempotencyKey: uuid('idempotency_key').notNull().defaultRandom(),
    attempts: integer('attempts').notNull().default(0),
    /** The attempt sending now (or last): guards the writes of its outcome. */
    attemptId: uuid('attempt_id'),
    attemptStartedAt: at('attempt_started_at'),
    /** Ids the platform handed out on the way (container, publish_id, upload session), stored as they come. */
    progress: jsonb('progress').notNull().default({}),
    externalId: text('external_id'),
    externalUrl: text('external_url'),
    /** The failure's class (platforms/errors.ts kinds) and the platform's words; the raw answer for the detail. */
    errorKind: text('error_kind'),
    errorMessage: text('error_message'),
    errorRaw: jsonb('error_raw'),
    /** When the next try is due (a retry's backoff, a rate limit's wait). */
    nextAttemptAt: at('next_attempt_at'),
    publishedAt: at('published_at'),
    withdrawnAt: at('withdrawn_at'),
    screenshotMaterialId: integer('screenshot_material_id').references(() => materials.id, {
      onDelete: 'set null',
    }),
    /** When the last screenshot was tried, and why it gave no picture (contract ScreenshotReason and detail). */
    screenshotAt: at('screenshot_at'),
    screenshotError: jsonb('screenshot_error').$type<{ reason: string; detail: string | null }>(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('publications_parent_idx').on(t.parentId, t.id),
    index('publications_author_created_idx').on(t.authorId, t.createdAt, t.id),
    index('publications_department_created_idx').on(t.departmentId, t.createdAt, t.id),
    index('publications_account_status_idx').on(t.accountId, t.status),
    // The sweeper's questions: sends left in flight, queued rows whose job may be gone, schedules due.
    index('publications_status_attempt_idx').on(t.status, t.attemptStartedAt),
    index('publications_status_due_idx').on(t.status, t.nextAttemptAt),
    // The publish history (issue 21): parents newest first, by themselves or by department or
    // author; and, where a filter concerns the accounts, children in the same order by parent.
    // The migration adds INCLUDE (department_id, author_id, media_type), which drizzle cannot
    // declare: the scope and the common filters are then read from the index alone (a count of
    // 10,000 failed ones took 24 ms through the table, 3 ms so).
    index('publications_history_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.parentId} is null`),
    index('publications_history_department_idx')
      .on(t.departmentId, t.createdAt, t.id)
      .where(sql`${t.parentId} is null`),
    index('publications_history_author_idx')
      .on(t.authorId, t.createdAt, t.id)
      .where(sql`${t.parentId} is null`),
    index('publications_history_status_idx')
      .on(t.status, t.createdAt, t.parentId)
      .where(sql`${t.parentId} is not null`),
    index('publications_history_account_idx')
      .on(t.accountId, t.createdAt, t.parentId)
      .where(sql`${t.parentId} is not null`),
    index('publications_history_platform_idx')
      .on(t.platform, t.createdAt, t.parentId)
      .where(sql`${t.parentId} is not null`),
    // The scheduled publishing page and its calendar feed: what is still to go out, by its time.
    index('publications_upcoming_idx')
      .on(t.scheduledAt, t.id)
      .where(sql`${t.parentId} is not null and ${t.status} in ('scheduled', 'queued', 'held')`),
  ],
);

/** Every state change of a publication, append-only, written with the change itself. */
export const publicationEvents = pgTable(
  'publication_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicationId: bigint('publication_id', { mode: 'number' })
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** Who acted (a user's cancel, settle); null for the pipeline. */
    actorId: integer('actor_id').references(() => users.id),
    attemptId: uuid('attempt_id'),
    /** Why: the error class and message, the retry's wait, the link found by a lookup. */
    detail: jsonb('detail').notNull().default({}),
    at: at('at').notNull(),
  },
  (t) => [index('publication_events_publication_idx').on(t.publicationId, t.id)],
);

/**
 * The platforms' rate limits, per platform and per account (`key`), in the database so that
 * every worker draws on the same budget (DESIGN.md §6; publishing/rate-budget.ts): each post's
 * share of a limit, when it was sent, or for a post waiting its turn, the time booked for it.
 * Kept for the limit's window, then deleted as the key is next taken from.
 */
export const rateSends = pgTable(
  'rate_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    publicationId: integer('publication_id').notNull(),
    cost: integer('cost').notNull(),
    at: at('at').notNull(),
    sent: boolean('sent').notNull(),
  },
  (t) => [index('rate_sends_key_at_idx').on(t.key, t.at)],
);

/**
 * Locks of tus uploads shared by the API processes on one PostgreSQL server, so two requests of one
 * upload (two PATCHes, a PATCH and a HEAD or DELETE) never run at once in two processes. A lease,
 * not a held connection: the holder renews `expires_at` (the database's clock) while its request
 * runs and deletes the row when it ends; a row whose lease passed is anyone's to take. A waiter
 * sets `release_wanted`, and the holder, hearing of it on its next renewal, ends its request, as
 * tus asks of a holder in one process.
 */
export const uploadLocks = pgTable('upload_locks', {
  uploadId: text('upload_id').primaryKey(),
  holder: uuid('holder').notNull(),
  expiresAt: at('expires_at').notNull(),
  releaseWanted: boolean('release_wanted').notNull().default(false),
});

/**
 * Pauses of publishing (issue 20, item 6): on one account, a department's accounts, or all
 * ('all', target null). A row stays as history once resumed. At most one active pause per scope
 * and target, so two administrators pausing at once make one pause.
 */
export const publishingPauses = pgTable(
  'publishing_pauses',
  {
    id: serial('id').primaryKey(),
    /** contract PAUSE_SCOPES */
    scope: text('scope').notNull(),
    /** The department's or the account's id; null for 'all'. */
    targetId: integer('target_id'),
    reason: text('reason').notNull(),
    pausedById: integer('paused_by_id').references(() => users.id),
    pausedAt: at('paused_at').notNull(),
    resumedAt: at('resumed_at'),
    resumedById: integer('resumed_by_id').references(() => users.id),
  },
  (t) => [
    uniqueIndex('publishing_pauses_active_key')
      .on(t.scope, sql`coalesce(${t.targetId}, 0)`)
      .where(sql`${t.resumedAt} is null`),
  ],
);

/** The accounts each user last published to, offered ticked in the composer next time. */
export const publishTargetChoices = pgTable('publish_target_choices', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  accountIds: integer('account_ids')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  updatedAt: at('updated_at').notNull(),
});

/**
 * A user's secret iCalendar address of the scheduled publications (issue 21): only the token's
 * hash is kept; making a new one replaces it, revoking deletes the row.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: at('created_at').notNull(),
    /** The last time a calendar fetched it. */
    usedAt: at('used_at'),
  },
  (t) => [uniqueIndex('calendar_feeds_token_key').on(t.tokenHash)],
);

/**
 * A bulk scheduling file read and checked (issue 21), waiting for its author to confirm it: the
 * rows as the preview showed them. Confirming schedules them all in one transaction and marks
 * the row confirmed, so a second confirmation schedules nothing.
 */
export const publishImports = pgTable(
  'publish_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** contract PublishImportRow[] */
    rows: jsonb('rows').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    confirmedAt: at('confirmed_at'),
  },
  (t) => [index('publish_imports_user_idx').on(t.userId, t.createdAt)],
);

/** A post's counts, one column per contract POST_METRICS name; null: the platform does not give it. */
const postMetricColumns = () => ({
  views: bigint('views', { mode: 'number' }),
  reach: bigint('reach', { mode: 'number' }),
  reactions: bigint('reactions', { mode: 'number' }),
  comments: bigint('comments', { mode: 'number' }),
  shares: bigint('shares', { mode: 'number' }),
  saves: bigint('saves', { mode: 'number' }),
  videoViews: bigint('video_views', { mode: 'number' }),
  watchTimeS: bigint('watch_time_s', { mode: 'number' }),
  linkClicks: bigint('link_clicks', { mode: 'number' }),
});

/** What a statistics roll-up row adds up: the publications that went, and their latest counts summed. */
const rollupTotals = () => ({
  publications: integer('publications').notNull(),
  published: integer('published').notNull(),
  failed: integer('failed').notNull(),
  ...postMetricColumns(),
  engagement: bigint('engagement', { mode: 'number' }),
});

/** Every reading of a published post's metrics (issue 23), append-only. */
export const metricSnapshots = pgTable(
  'metric_snapshots',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicationId: bigint('publication_id', { mode: 'number' })
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    /** When the platform counted them. */
    takenAt: at('taken_at').notNull(),
    ...postMetricColumns(),
  },
  (t) => [index('metric_snapshots_publication_idx').on(t.publicationId, t.takenAt)],
);

/**
 * Per published post: its latest reading (the newest `taken_at` of metric_snapshots, kept here
 * so the roll-ups and the top list read one row a post) and the schedule of the next one. Made by
 * a trigger when a publication turns published (migration 0021), so no path that publishes can
 * forget it.
 */
export const publicationMetrics = pgTable(
  'publication_metrics',
  {
    publicationId: bigint('publication_id', { mode: 'number' })
      .primaryKey()
      .references(() => publications.id, { onDelete: 'cascade' }),
    takenAt: at('taken_at'),
    ...postMetricColumns(),
    /** The sum of the engagement metrics the platform gives; null when it gives none. */
    engagement: bigint('engagement', { mode: 'number' }),
    /** When the next reading is due; null once the schedule has ended. */
    nextAt: at('next_at'),
    /** Readings that failed in a row (the retry waits longer each time). */
    failures: smallint('failures').notNull().default(0),
    lastError: jsonb('last_error'),
  },
  (t) => [
    index('publication_metrics_due_idx')
      .on(t.nextAt)
      .where(sql`${t.nextAt} is not null`),
    index('publication_metrics_engagement_idx').on(t.engagement),
    index('publication_metrics_views_idx').on(t.views),
  ],
);

/** An account's followers (and reach) read once a day. */
export const accountMetricSnapshots = pgTable(
  'account_metric_snapshots',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => channelAccounts.id, { onDelete: 'cascade' }),
    /** The UTC day of the reading; a second reading that day replaces the first. */
    day: date('day', { mode: 'string' }).notNull(),
    takenAt: at('taken_at').notNull(),
    followers: bigint('followers', { mode: 'number' }),
    reach: bigint('reach', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] })],
);

/**
 * The daily roll-up the statistics read instead of the publications and their snapshots: per UTC
 * day of publishing, account and department, the publications that went (published, withdrawn,
 * failed, unconfirmed) and the sums of their latest counts. Kept up by statistics/rollups.ts from
 * the keys stats_dirty collects.
 */
export const statsDaily = pgTable(
  'stats_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    accountId: integer('account_id').notNull(),
    departmentId: integer('department_id').notNull(),
    platform: text('platform').notNull(),
    ...rollupTotals(),
  },
  (t) => [primaryKey({ columns: [t.day, t.accountId, t.departmentId] })],
);

/** Failed publications per day, account, department and cause, kept up with stats_daily. */
export const statsFailuresDaily = pgTable(
  'stats_failures_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    accountId: integer('account_id').notNull(),
    departmentId: integer('department_id').notNull(),
    platform: text('platform').notNull(),
    cause: text('cause').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.accountId, t.departmentId, t.cause] })],
);

/** Publications and engagement per day and UTC hour of publishing, department and platform: the heatmap's roll-up. */
export const statsHourly = pgTable(
  'stats_hourly',
  {
    day: date('day', { mode: 'string' }).notNull(),
    hour: smallint('hour').notNull(),
    departmentId: integer('department_id').notNull(),
    platform: text('platform').notNull(),
    publications: integer('publications').notNull(),
    engagement: bigint('engagement', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.day, t.hour, t.departmentId, t.platform] })],
);

/** The (day, account) keys whose roll-up rows must be made again, marked by triggers and by new readings. */
export const statsDirty = pgTable(
  'stats_dirty',
  {
    day: date('day', { mode: 'string' }).notNull(),
    accountId: integer('account_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.accountId] })],
);

/**
 * What social sources brought to the connected Google Analytics 4 properties (issue 23 item 3),
 * read from the Data API by the traffic schedule and kept per property (its channel account), day
 * (the property's), and source and medium ('source' rows) or tagged landing page ('link' rows;
 * medium empty). The statistics read these, never Google, so a page view spends no quota.
 */
export const webTrafficDaily = pgTable(
  'web_traffic_daily',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => channelAccounts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** 'source' | 'link' */
    kind: text('kind').notNull(),
    source: text('source').notNull(),
    medium: text('medium').notNull().default(''),
    landingPage: text('landing_page').notNull().default(''),
    campaign: text('campaign').notNull().default(''),
    sessions: integer('sessions').notNull(),
    totalUsers: integer('total_users').notNull(),
    engagedSessions: integer('engaged_sessions').notNull(),
    readAt: at('read_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.day, t.kind, t.source, t.medium, t.landingPage, t.campaign] }),
    index('web_traffic_daily_day_idx').on(t.day),
  ],
);

/**
 * stats_daily summed over accounts: per UTC day, department and platform. What the overview of a
 * long range reads (a year of every department is some 73,000 rows here against a million in
 * stats_daily at the benchmark's size); kept up with stats_daily by the same refresh.
 */
export const statsPlatformDaily = pgTable(
  'stats_platform_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    departmentId: integer('department_id').notNull(),
    platform: text('platform').notNull(),
    ...rollupTotals(),
  },
  (t) => [primaryKey({ columns: [t.day, t.departmentId, t.platform] })],
);
