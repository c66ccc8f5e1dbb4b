import { OAuthStore, type OAuthUser } from '../oauth/store.ts';
import type { FakeMedia } from '../posts.ts';
import type { GraphTargeting } from './targeting.ts';

/** What the Graph fake holds besides its posts: users, pages, Instagram accounts, uploads, containers. */

/** platforms.md §1 OAuth: a code gives a short-lived user token ("hours")... */
export const SHORT_LIVED_S = 2 * 3600;
/** ...and fb_exchange_token a long-lived one, with exactly this expires_in. */
export const LONG_LIVED_S = 5_183_944;

export interface GraphPage {
  id: string;
  name: string;
  username: string;
  category: string;
  /** The Facebook users who administer it (who see it on the consent page and in /me/accounts). */
  admins: string[];
  /** The Instagram professional account linked to it. */
  instagramId?: string | undefined;
  /** Who follow it (the page's followers_count) and who like it (fan_count); tests set them. */
  followers: number;
  fans: number;
}

export interface InstagramAccount {
  id: string;
  username: string;
  name: string;
  pageId: string;
  /** The IG user's followers_count; tests set it. */
  followers: number;
}

/** A chunked video upload (upload_phase start/transfer/finish), by upload_session_id. */
export interface VideoSession {
  id: string;
  videoId: string;
  pageId: string;
  fileSize: number;
  /** The bytes received so far, in order. */
  received: Uint8Array;
  /** Chunk lengths as the adapter sent them, for tests. */
  chunks: number[];
  finished: boolean;
}

/** A page video: its processing state, read at GET /{video-id}?fields=status. */
export interface GraphVideo {
  id: string;
  pageId: string;
  /** Status checks still to answer "processing". */
  pollsLeft: number;
  /** Published with its post (published=true, the default), or not. */
  published: boolean;
  /** The page post it became (`<page>_<n>`, its `post_id`), which the feed lists. */
  postId: string;
  error?: string | undefined;
}

/** An unpublished photo (published=false), waiting for attached_media. */
export interface UnpublishedPhoto {
  id: string;
  pageId: string;
  file: FakeMedia;
}

/** What a page post holds besides the stored post: its message and link as sent, and its kind. */
export interface PagePost {
  pageId: string;
  message: string;
  link?: string | undefined;
  kind: 'status' | 'photo' | 'video';
  /** A video post's video. */
  videoId?: string | undefined;
  /** Who sees it (platforms.md §1 Audience targeting), as sent and checked; its public page says so. */
  targeting?: GraphTargeting | undefined;
}

export type ContainerStatus = 'IN_PROGRESS' | 'FINISHED' | 'PUBLISHED' | 'ERROR' | 'EXPIRED';

/** An Instagram media container (platforms.md §2 Publish). */
export interface Container {
  id: string;
  igUserId: string;
  mediaType: 'IMAGE' | 'VIDEO' | 'REELS' | 'STORIES' | 'CAROUSEL';
  caption: string;
  isCarouselItem: boolean;
  children: string[];
  file?: FakeMedia | undefined;
  /** Where the fake fetched the file from. */
  sourceUrl?: string | undefined;
  pollsLeft: number;
  /** ERROR: the subcode and its words, as `status` shows them. */
  error?: string | undefined;
  createdAt: Date;
  /** The media it became once published. */
  mediaId?: string | undefined;
}

export class GraphState {
  readonly oauth: OAuthStore;
  readonly pages = new Map<string, GraphPage>();
  readonly instagram = new Map<string, InstagramAccount>();
  readonly videoSessions = new Map<string, VideoSession>();
  readonly videos = new Map<string, GraphVideo>();
  readonly photos = new Map<string, UnpublishedPhoto>();
  /** Page posts by id (`<page>_<post>`). */
  readonly pagePosts = new Map<string, PagePost>();
  readonly containers = new Map<string, Container>();
  /** Long-lived user tokens (from fb_exchange_token): page tokens taken with them do not end. */
  readonly longLived = new Set<string>();
  /** `<user token> <page id>` → the page token /me/accounts answered with it. */
  readonly pageTokens = new Map<string, string>();
  /** IG media id → shortcode, for permalinks. */
  readonly shortcodes = new Map<string, string>();
  /** Calls per business object (page, IG user) for the usage headers. */
  readonly calls = new Map<string, number>();
  /** The sandbox's posts' counts grow with their age where none were set (grown-counts.ts). */
  grownCounts = false;
  /** The chunk size the upload sessions ask for (Graph picks it; tests make it small). */
  videoChunkBytes = 4 * 1024 * 1024;
  #next = 1_000;

  constructor(now: () => Date) {
    this.oauth = new OAuthStore({ now, accessTtlS: SHORT_LIVED_S, refreshTtlS: null, prefix: 'EAAG' });
  }

  /** Graph ids are long digit strings; one counter behind every prefix, so none collide. */
  id(prefix: string): string {
    return `${prefix}${this.#next++}`;
  }

  addUser(user: { name: string; id?: string }): OAuthUser {
    return this.oauth.addUser({ id: user.id ?? this.id('10000000000'), name: user.name });
  }

  addPage(page: {
    name: string;
    admins: string[];
    username?: string;
    category?: string;
    id?: string;
    followers?: number;
    fans?: number;
  }): GraphPage {
    const added: GraphPage = {
      id: page.id ?? this.id('1000000000'),
      name: page.name,
      username: page.username ?? page.name.toLowerCase().replace(/[^a-z0-9]+/g, ''),
      category: page.category ?? 'Media/news company',
      admins: page.admins,
      followers: page.followers ?? 0,
      fans: page.fans ?? page.followers ?? 0,
    };
    this.pages.set(added.id, added);
    return added;
  }

  linkInstagram(
    pageId: string,
    account: { username: string; name?: string; id?: string; followers?: number },
  ): InstagramAccount {
    const page = this.pages.get(pageId);
    if (!page) throw new Error(`No page ${pageId}`);
    const added: InstagramAccount = {
      id: account.id ?? this.id('1784140000000'),
      username: account.username,
      name: account.name ?? account.username,
      pageId,
      followers: account.followers ?? 0,
    };
    this.instagram.set(added.id, added);
    page.instagramId = added.id;
    return added;
  }
}
