import { OAuthStore } from '../oauth/store.ts';
import type { FakeMedia } from '../posts.ts';

/** The creators and publishes a TikTok fake knows. */

export const PRIVACY_LEVELS = [
  'PUBLIC_TO_EVERYONE',
  'MUTUAL_FOLLOW_FRIENDS',
  'FOLLOWER_OF_CREATOR',
  'SELF_ONLY',
] as const;

export interface TikTokCreator {
  /** The user's id for this app, as the token endpoint names it. */
  openId: string;
  username: string;
  nickname: string;
  /** An unaudited app sees only SELF_ONLY (platforms.md §10 Publish). */
  privacyLevelOptions: string[];
  maxVideoPostDurationSec: number;
  /** user/info's follower_count; tests set it. */
  followers: number;
}

export type PublishStatus =
  'PROCESSING_UPLOAD' | 'PROCESSING_DOWNLOAD' | 'SEND_TO_USER_INBOX' | 'PUBLISH_COMPLETE' | 'FAILED';

/** One Direct Post, from init to its end. */
export interface TikTokPublish {
  id: string;
  openId: string;
  kind: 'video' | 'photo';
  title: string;
  /** A photo post's description (the caption below its title). */
  description?: string | undefined;
  /** post_info as init received it: privacy, interaction settings, disclosures. */
  postInfo: Record<string, unknown>;
  privacyLevel: string;
  status: PublishStatus;
  failReason?: string | undefined;
  /** FILE_UPLOAD: what init declared, and the bytes received so far, in order. */
  videoSize: number;
  chunkSize: number;
  totalChunkCount: number;
  received: Uint8Array[];
  receivedBytes: number;
  mime?: string | undefined;
  /** status/fetch checks still answering "processing" once the media is in. */
  processingPolls: number;
  /** The post's id once public (publicaly_available_post_id), and its stored post. */
  postId?: string | undefined;
  photos?: FakeMedia[] | undefined;
}

/** platforms.md §10 OAuth (the Nov-2026 page): access 2 hours, refresh 180 days, refresh tokens rotate. */
export const TIKTOK_ACCESS_TTL_S = 2 * 3600;
export const TIKTOK_REFRESH_TTL_S = 180 * 24 * 3600;

export class TikTokState {
  readonly oauth: OAuthStore;
  readonly creators = new Map<string, TikTokCreator>();
  readonly publishes = new Map<string, TikTokPublish>();
  /** upload_url's token → publish id. */
  readonly uploads = new Map<string, string>();
  /** What the fake received, for tests: each API call's path and JSON body, each chunk's headers. */
  readonly calls: { call: string; body?: unknown; headers?: Record<string, string> }[] = [];
  /**
   * platforms.md §10 Rate limits: 6 init calls a minute per access token (video, inbox, photo).
   * Tests that publish more often with one token raise it.
   */
  initsPerMinute = 6;
  /** The sandbox's posts' counts grow with their age where none were set (graph/grown-counts.ts). */
  grownCounts = false;
  /** When each token called an init endpoint, within the last minute. */
  readonly initCalls = new Map<string, Date[]>();
  #next = 7_300_000_000_000_000_000n;

  constructor(now: () => Date) {
    this.oauth = new OAuthStore({
      now,
      accessTtlS: TIKTOK_ACCESS_TTL_S,
      refreshTtlS: TIKTOK_REFRESH_TTL_S,
      rotateRefresh: true,
      prefix: 'act.',
    });
  }

  addCreator(creator: {
    username: string;
    nickname?: string;
    privacyLevelOptions?: string[];
    maxVideoPostDurationSec?: number;
    followers?: number;
  }): TikTokCreator {
    const openId = `-000${this.creators.size + 1}${creator.username.replace(/\W/g, '')}`;
    const added = {
      openId,
      username: creator.username,
      nickname: creator.nickname ?? creator.username,
      privacyLevelOptions: creator.privacyLevelOptions ?? [...PRIVACY_LEVELS],
      maxVideoPostDurationSec: creator.maxVideoPostDurationSec ?? 600,
      followers: creator.followers ?? 0,
    };
    this.creators.set(openId, added);
    this.oauth.addUser({ id: openId, name: added.nickname });
    return added;
  }

  /** TikTok's ids are 19-digit numbers. */
  nextId(): string {
    return String(++this.#next);
  }
}
