import type { ChannelPlatform, DataSourcePlatform, PublishingPlatform } from '@postdeck/contract/platforms';
import type { PublishOptions } from '@postdeck/contract/publish-options';
import type { AccountMetricValues, PostMetricValues } from '@postdeck/contract/statistics';

/**
 * The one interface every platform implements (DESIGN.md §7, style.md §2.7). An adapter holds no
 * state of its own: the account's grant comes in with each call and a renewed grant goes out,
 * so the caller stores it (sealed) and no two processes disagree about a token. Every failure is
 * a PlatformError (errors.ts); every host is a setting of the adapter's factory.
 */

/** What a platform granted: tokens and when they end. Sealed at rest (token-vault.ts), never logged. */
export interface Grant {
  accessToken: string;
  refreshToken?: string | undefined;
  /** ISO time the access token ends; undefined: it does not (Telegram's bot token). */
  expiresAt?: string | undefined;
  refreshExpiresAt?: string | undefined;
  /** The scopes granted, as the platform names them (a user may untick some). */
  scopes: string[];
  /** Whatever else a platform needs to call on the account's behalf (Mastodon's instance, a page token's user). */
  context?: Record<string, string> | undefined;
}

/** Something a grant can publish to: a page, a channel, a community, an organisation, a profile. */
export interface Target {
  externalId: string;
  name: string;
  handle?: string | undefined;
  avatarUrl?: string | undefined;
  profileUrl?: string | undefined;
  /** A target with a token of its own (a Facebook page) carries its grant; otherwise the user's applies. */
  grant?: Grant | undefined;
}

/** A file to send, read from the media library only when the adapter needs its bytes. */
export interface MediaFile {
  kind: 'image' | 'video';
  mime: string;
  bytes: number;
  name: string;
  altText?: string | undefined;
  width?: number | undefined;
  height?: number | undefined;
  durationS?: number | undefined;
  /** The file's bytes, or the range [start, end) of them, for chunked and resumable uploads. */
  open(range?: { start: number; end: number }): AsyncIterable<Uint8Array>;
  /** A public address the platform can fetch it from (Instagram and Threads fetch media themselves). */
  publicUrl?: string | undefined;
}

export interface PostInput {
  text: string;
  link?: string | undefined;
  media: MediaFile[];
  /** The same for every attempt of one publication: where the platform dedupes, it does by this. */
  idempotencyKey: string;
  /** The account's variant choices (a YouTube title, Telegram's silent…): each adapter reads its platform's. */
  options?: PublishOptions | undefined;
  /**
   * The ids the platform handed out on an earlier attempt of this publication (an Instagram
   * container, a TikTok publish_id, a YouTube upload session, an X media id), as `onProgress` was
   * told them: an adapter resumes from them (or looks up by them) instead of starting again.
   */
  progress?: Readonly<Record<string, string>> | undefined;
  /**
   * Told every id the platform hands out, the moment it is known, and awaited: the pipeline
   * stores it before the adapter's next call, so a crash after it leaves something to ask about.
   */
  onProgress?: ((ids: Record<string, string>) => Promise<void>) | undefined;
}

export interface PublishedPost {
  externalId: string;
  /** The post's public address. */
  url: string;
}

/** A post's counts (contract statistics.ts POST_METRICS): what the platform does not give is left out, never 0. */
export type PostMetrics = PostMetricValues & {
  /** When the platform counted them. */
  at: string;
};

/** An account's counts (followers, reach), read daily. */
export type AccountMetrics = AccountMetricValues & { at: string };

/** One account as an adapter call needs it. */
export interface AccountAccess {
  externalId: string;
  grant: Grant;
}

export interface AuthorizationRequest {
  /** Single use, signed, bound to the user and department (modules/channels). */
  state: string;
  redirectUri: string;
  /** PKCE S256 challenge, where the platform takes one. */
  codeChallenge?: string | undefined;
  /** Per-instance OAuth (Mastodon): the instance and the app registered there. */
  context?: Record<string, string> | undefined;
}

export interface CodeExchange {
  code: string;
  redirectUri: string;
  codeVerifier?: string | undefined;
  /** As in AuthorizationRequest: what the platform's app registration returned. */
  context?: Record<string, string> | undefined;
}

/** How an account is connected and what it reaches: what publishing platforms and data sources share. */
export interface AccountAdapter {
  readonly platform: ChannelPlatform;
  /** The platform's consent page (OAuth platforms). */
  authorizationUrl?(request: AuthorizationRequest): string;
  /** The grant for a consent's code (OAuth platforms). */
  exchangeCode?(exchange: CodeExchange): Promise<Grant>;
  /** A renewed grant (where tokenRenewal is 'refresh'); reauthorize when the platform refuses. */
  refresh?(grant: Grant): Promise<Grant>;
  /** Revokes the grant at the platform, where its API allows. */
  revoke?(grant: Grant): Promise<void>;
  /** Everything the grant can publish to or read from (pages, channels, communities, organisations, properties). */
  targets(grant: Grant): Promise<Target[]>;
}

export interface PlatformAdapter extends AccountAdapter {
  readonly platform: PublishingPlatform;
  publish(account: AccountAccess, post: PostInput): Promise<PublishedPost>;
  /** Looks for a post whose answer was lost (DESIGN.md §6: reconciling); null when it is not there. */
  find?(account: AccountAccess, post: PostInput, since: string): Promise<PublishedPost | null>;
  remove(account: AccountAccess, externalId: string): Promise<void>;
  metrics?(account: AccountAccess, externalId: string): Promise<PostMetrics>;
  /** The account's followers (and reach where offered), for the daily account snapshot. */
  accountMetrics?(account: AccountAccess): Promise<AccountMetrics>;
}

/** A platform Postdeck only reads from (Google Analytics 4): connected and released like an account; its reports come with the statistics. */
export interface DataSourceAdapter extends AccountAdapter {
  readonly platform: DataSourcePlatform;
}
