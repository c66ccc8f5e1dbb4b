import { OAuthStore } from '../oauth/store.ts';
import type { FakeMedia } from '../posts.ts';

/** The users, communities and media a VK fake knows, as tests and the sandbox seed them. */

export interface VkUser {
  id: number;
  firstName: string;
  lastName: string;
  screenName: string;
}

export interface VkCommunity {
  id: number;
  name: string;
  screenName: string;
  /** Users who administer it: groups.get?filter=admin lists it for them, and they may post as it. */
  admins: Set<number>;
  /** The last post id on its wall. */
  lastPostId: number;
  /** The post wall.get lists first whatever its date, as VK shows a pinned post. */
  pinnedPostId?: number | undefined;
  /** Its subscribers: groups.getById's members_count (a test sets it). */
  members: number;
}

/** What wall.get gives of a post besides the store's text: the message as sent, who posted, who signed. */
export interface VkWallEntry {
  message: string;
  /** The community's -id with from_group=1, else the user who posted. */
  fromId: number;
  /** signed=1 on a community post: the user's id under it. */
  signerId?: number | undefined;
  links: string[];
}

/** A file sent to an upload URL, kept until photos.saveWallPhoto or video processing uses it. */
export interface VkUploadTicket {
  kind: 'photo' | 'video';
  userId: number;
  groupId?: number | undefined;
  /** video.save's video, which the upload fills in. */
  videoKey?: string | undefined;
}

export interface VkVideo {
  ownerId: number;
  id: number;
  title: string;
  file?: FakeMedia | undefined;
  /** video.get checks still answering `processing: 1`. */
  processingPolls: number;
}

/** platforms.md §5 OAuth: access tokens last an hour; the refresh lifetime (180 days) is unverified. */
export const VK_ACCESS_TTL_S = 3600;
export const VK_REFRESH_TTL_S = 180 * 24 * 3600;

export class VkState {
  /** Refresh tokens rotate: postiz stores the new one each time (platforms.md §5). */
  readonly oauth: OAuthStore;
  readonly users = new Map<number, VkUser>();
  readonly communities = new Map<number, VkCommunity>();
  /** VK ID binds codes and refresh tokens to the device_id it sent back with the code. */
  readonly deviceIds = new Map<string, string>();
  readonly tickets = new Map<string, VkUploadTicket>();
  /** What an upload server answered, by hash: photos.saveWallPhoto turns it into a photo. */
  readonly uploadedPhotos = new Map<string, { file: FakeMedia; server: number; userId: number }>();
  /** Saved photos and videos by "<owner_id>_<id>", as attachments name them. */
  readonly photos = new Map<string, FakeMedia>();
  readonly videos = new Map<string, VkVideo>();
  /** Posts by "<owner_id>_<post_id>", as wall.get answers them. */
  readonly wall = new Map<string, VkWallEntry>();
  /** wall.post's guid, per wall: the same guid again answers the same post (platforms.md §5, DESIGN.md §6). */
  readonly guids = new Map<string, number>();
  /** What the fake received, for tests: each call's method and parameters (tokens left out). */
  readonly calls: { method: string; params: Record<string, string> }[] = [];
  #nextUser = 500_000;
  #nextCommunity = 200_000;
  #nextMedia = 456_239_000;

  constructor(now: () => Date) {
    this.oauth = new OAuthStore({
      now,
      accessTtlS: VK_ACCESS_TTL_S,
      refreshTtlS: VK_REFRESH_TTL_S,
      rotateRefresh: true,
      prefix: 'vk1.a.',
    });
  }

  addUser(user: { firstName: string; lastName?: string; screenName?: string; id?: number }): VkUser {
    const id = user.id ?? ++this.#nextUser;
    const added = {
      id,
      firstName: user.firstName,
      lastName: user.lastName ?? '',
      screenName: user.screenName ?? `id${id}`,
    };
    this.users.set(id, added);
    this.oauth.addUser({ id: String(id), name: `${added.firstName} ${added.lastName}`.trim() });
    return added;
  }

  addCommunity(community: {
    name: string;
    screenName?: string;
    admins?: number[];
    id?: number;
    members?: number;
  }): VkCommunity {
    const id = community.id ?? ++this.#nextCommunity;
    const added = {
      id,
      name: community.name,
      screenName: community.screenName ?? `club${id}`,
      admins: new Set(community.admins ?? []),
      lastPostId: 0,
      members: community.members ?? 0,
    };
    this.communities.set(id, added);
    return added;
  }

  nextMediaId(): number {
    return ++this.#nextMedia;
  }
}
