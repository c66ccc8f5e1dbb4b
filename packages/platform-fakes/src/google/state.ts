import { randomBytes } from 'node:crypto';
import { OAuthStore, type OAuthUser } from '../oauth/store.ts';

/** What the Google fake holds besides its posts: OAuth, YouTube channels, uploads and videos, GA4 accounts. */

export interface YoutubeChannel {
  /** "UC" and 22 characters, as YouTube's are. */
  id: string;
  userId: string;
  title: string;
  /** Without the "@". */
  handle: string;
  description: string;
  publishedAt: Date;
  /** statistics.subscriberCount; tests set it. Hidden, channels.list leaves the count out. */
  subscribers: number;
  hiddenSubscriberCount: boolean;
}

export interface VideoMetadata {
  title: string;
  description: string;
  tags: string[];
  categoryId: string;
  privacyStatus: string;
}

/** A resumable upload session (platforms.md §3 Upload): bytes so far, each PUT as it came. */
export interface UploadSession {
  id: string;
  channelId: string;
  /** X-Upload-Content-Length; undefined until a chunk names the total. */
  total: number | undefined;
  mime: string;
  metadata: VideoMetadata;
  chunks: Uint8Array[];
  received: number;
  /** Every PUT's Content-Range ("" when there was none), for tests of the protocol. */
  puts: string[];
  /** Status checks that answer "processing" once uploaded (slowProcessing). */
  slowPolls: number;
  videoId?: string | undefined;
  /** A session URI that no longer works: 404, restart from byte 0. */
  expired: boolean;
}

export interface YoutubeVideo {
  id: string;
  channelId: string;
  metadata: VideoMetadata;
  uploadStatus: 'uploaded' | 'processed' | 'failed' | 'rejected' | 'deleted';
  processingStatus: 'processing' | 'succeeded' | 'failed' | 'terminated';
  failureReason?: string | undefined;
  /** Set by a test to have processing end in a rejection (duplicate, copyright...). */
  rejectionReason?: string | undefined;
  /** Status checks still to answer "processing". */
  pollsLeft: number;
  /** Whether the bytes are a video YouTube can read; decided when processing ends. */
  readable: boolean;
  publishedAt: Date;
  thumbnail?: { mime: string; bytes: number } | undefined;
}

export interface AnalyticsAccount {
  /** Numeric, as "accounts/100". */
  id: string;
  displayName: string;
  /** The users who can read it. */
  userIds: string[];
}

export interface AnalyticsProperty {
  id: string;
  accountId: string;
  displayName: string;
  propertyType: 'PROPERTY_TYPE_ORDINARY' | 'PROPERTY_TYPE_SUBPROPERTY' | 'PROPERTY_TYPE_ROLLUP';
}

/** platforms.md §3 Quota: 10,000 units a day, and a bucket of 100 videos.insert calls. */
export const DAILY_UNITS = 10_000;
export const DAILY_INSERTS = 100;

const pacificDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' });

export class GoogleState {
  readonly oauth: OAuthStore;
  readonly channels = new Map<string, YoutubeChannel>();
  readonly sessions = new Map<string, UploadSession>();
  readonly videos = new Map<string, YoutubeVideo>();
  /** The sandbox's videos' statistics grow with their age where none were set (graph/grown-counts.ts). */
  youtubeGrownCounts = false;
  readonly accounts = new Map<string, AnalyticsAccount>();
  readonly properties = new Map<string, AnalyticsProperty>();
  /** Codes given with access_type=offline: only their exchange returns a refresh token. */
  readonly offlineCodes = new Set<string>();
  /** Units and inserts spent per client per Pacific day (quotas reset at midnight Pacific time). */
  readonly quota = new Map<string, { units: number; inserts: number }>();
  readonly #now: () => Date;
  #accountId = 100;
  #propertyId = 300_000_000;

  constructor(now: () => Date) {
    this.#now = now;
    // §3 OAuth: access tokens live about an hour (Google answers expires_in 3599); refresh tokens do not end.
    this.oauth = new OAuthStore({ now, accessTtlS: 3599, prefix: 'ya29.' });
  }

  addUser(user: { name: string; id?: string }): OAuthUser {
    return this.oauth.addUser({
      id: user.id ?? String(110_000_000_000 + this.oauth.users.size + 1),
      name: user.name,
    });
  }

  addChannel(
    userId: string,
    channel: { title: string; handle?: string; description?: string },
  ): YoutubeChannel {
    const added: YoutubeChannel = {
      id: `UC${randomBytes(17).toString('base64url').slice(0, 22)}`,
      userId,
      title: channel.title,
      handle: channel.handle ?? channel.title.toLowerCase().replace(/[^a-z0-9]+/g, ''),
      description: channel.description ?? '',
      publishedAt: this.#now(),
      subscribers: 0,
      hiddenSubscriberCount: false,
    };
    this.channels.set(added.id, added);
    return added;
  }

  addAnalyticsAccount(userIds: string[], displayName: string): AnalyticsAccount {
    const added = { id: String(++this.#accountId), displayName, userIds };
    this.accounts.set(added.id, added);
    return added;
  }

  addProperty(
    accountId: string,
    property: { displayName: string; propertyType?: AnalyticsProperty['propertyType'] },
  ): AnalyticsProperty {
    const added: AnalyticsProperty = {
      id: String((this.#propertyId += 17)),
      accountId,
      displayName: property.displayName,
      propertyType: property.propertyType ?? 'PROPERTY_TYPE_ORDINARY',
    };
    this.properties.set(added.id, added);
    return added;
  }

  /** The client's quota for today (Pacific), to spend or to look at. */
  quotaOf(clientId: string): { units: number; inserts: number } {
    const key = `${clientId} ${pacificDay.format(this.#now())}`;
    let today = this.quota.get(key);
    if (!today) this.quota.set(key, (today = { units: 0, inserts: 0 }));
    return today;
  }
}

/** YouTube's ids: 11 characters of base64url. */
export function videoId(): string {
  return randomBytes(8).toString('base64url').slice(0, 11);
}
