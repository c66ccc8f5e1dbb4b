import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import { systemClock } from '../../lib/clock.ts';
import type {
  AccountAccess,
  MediaFile,
  PlatformAdapter,
  PostInput,
  PublishedPost,
  Target,
} from '../adapter.ts';
import { PlatformError, isPlatformError } from '../errors.ts';
import { mediaBlob } from '../media-blob.ts';
import { type AdapterCallSettings, type PollingSettings, polling } from '../settings.ts';
import { sameText } from '../x/same-text.ts';
import { type VkApi, type VkGroup, createVkHttp, uploadPhoto, uploadVideoFile, vkApi } from './api.ts';
import { authorizationUrl, exchangeCode, refresh } from './oauth.ts';

/** Every host VK uses, each a setting; upload servers are the exception: VK names them per upload. */
export interface VkHosts {
  /** The API: /method/<name>. */
  api: string;
  /** VK ID's consent page. */
  authorize: string;
  /** VK ID's token endpoint (/oauth2/auth). */
  token: string;
  /** Public pages: a community's profile, a post's /wall<owner>_<id>. */
  web: string;
}

export const DEFAULT_VK_HOSTS: VkHosts = {
  api: 'https://api.vk.com',
  authorize: 'https://id.vk.com',
  token: 'https://id.vk.com',
  web: 'https://vk.com',
};

/** platforms.md §5: the official schema is at 5.199 (postiz sends 5.251). */
export const VK_API_VERSION = '5.199';

/** Polls check a video still processing. */
export interface VkAdapterSettings extends AdapterCallSettings, PollingSettings {
  clientId: string;
  /** Unused: VK ID's OAuth 2.1 takes PKCE instead of a secret (platforms.md §5 OAuth). */
  clientSecret?: string;
  hosts?: Partial<VkHosts>;
  apiVersion?: string;
}

const SCOPES = PLATFORM_CAPABILITIES.vk.scopes;
const VIDEO_MAX_BYTES = PLATFORM_CAPABILITIES.vk.videos.maxBytes;
/** wall.get's most per call (VKCOM/vk-api-schema: count, maximum 100). */
const WALL_PAGE = 100;
/** What an attachment handed to onProgress looks like: wall.post's `<type><owner_id>_<id>`. */
const ATTACHMENT = { image: /^photo-?\d+_\d+$/, video: /^video-?\d+_\d+$/ } as const;

/**
 * VK (platforms.md §5): the user's VK ID grant reaches every community they administer; each is a
 * target and posts go to its wall as the community (owner_id=-<group>, from_group=1). Photos and
 * videos go through VK's upload URLs first; each saved one is told to onProgress as the attachment
 * it is (`media.<index>`) and taken from `progress` on a later attempt instead of uploaded again.
 * wall.post's guid is the publication's idempotency key, so a retry after a lost answer gets the
 * same post back instead of a second one; find() looks for it on the wall by its text.
 * A post's external id is VK's own key, "<owner_id>_<post_id>".
 */
export function createVkAdapter(settings: VkAdapterSettings): PlatformAdapter {
  const hosts = { ...DEFAULT_VK_HOSTS, ...settings.hosts };
  const clock = settings.clock ?? systemClock;
  const http = createVkHttp({ timeoutMs: settings.timeoutMs ?? 60_000, fetch: settings.fetch, clock });
  const version = settings.apiVersion ?? VK_API_VERSION;
  const { wait, pollIntervalMs, maxPolls } = polling(settings, { pollIntervalMs: 3_000, maxPolls: 100 });
  const api = (token: string) => vkApi(http, hosts.api, version, token);

  function target(group: VkGroup): Target {
    const handle = group.screen_name ?? `club${group.id}`;
    return {
      externalId: String(group.id),
      name: group.name,
      handle,
      avatarUrl: group.photo_200 ?? group.photo_100 ?? group.photo_50,
      profileUrl: new URL(`/${handle}`, hosts.web).toString(),
    };
  }

  async function photo(client: VkApi, groupId: string, file: MediaFile): Promise<string> {
    const { upload_url } = await client.wallUploadServer(groupId);
    const uploaded = await uploadPhoto(http, upload_url, await mediaBlob(file), file.name);
    const [saved] = await client.saveWallPhoto(groupId, uploaded, file.altText);
    return `photo${saved.owner_id}_${saved.id}`;
  }

  /**
   * VK's upload server takes a video as one multipart body, which the adapters' fetch holds
   * whole (http.ts, guarded-fetch.ts take no stream): the capability's maxBytes bounds that, and a
   * bigger file is refused before a byte of it is read.
   */
  async function video(client: VkApi, groupId: string, file: MediaFile, post: PostInput): Promise<string> {
    if (file.bytes > VIDEO_MAX_BYTES)
      throw new PlatformError('mediaInvalid', {
        platform: 'vk',
        platformMessage: `${file.name}: ${file.bytes} bytes, over ${VIDEO_MAX_BYTES}`,
      });
    const saved = await client.saveVideo(groupId, file.name, post.text.slice(0, 5000));
    await uploadVideoFile(http, saved.upload_url, await mediaBlob(file), file.name);
    const key = `${saved.owner_id}_${saved.video_id}`;
    await playable(client, key, file.name, false);
    return `video${key}`;
  }

  /**
   * Waits while VK processes a video; false when a video an earlier attempt uploaded is not there
   * (its upload never finished, or it was deleted), so it is uploaded again.
   */
  async function playable(client: VkApi, key: string, name: string, earlier: boolean): Promise<boolean> {
    for (let polls = 0; ; polls++) {
      const [item] = (await client.videos([key])).items;
      if (item && !item.processing) return true;
      if (!item && earlier) return false;
      if (polls >= maxPolls)
        throw new PlatformError('transient', {
          platform: 'vk',
          platformMessage: `the video ${name} was still processing after ${polls} checks`,
        });
      await wait(pollIntervalMs);
    }
  }

  /** The attachment for a file: the one an earlier attempt saved, if it is still good, else a new one. */
  async function attachment(client: VkApi, groupId: string, file: MediaFile, post: PostInput, index: number) {
    const name = `media.${index}`;
    const earlier = post.progress?.[name];
    if (earlier !== undefined && ATTACHMENT[file.kind].test(earlier)) {
      if (file.kind === 'image') return earlier;
      if (await playable(client, earlier.slice('video'.length), file.name, true)) return earlier;
    }
    const saved =
      file.kind === 'image' ? await photo(client, groupId, file) : await video(client, groupId, file, post);
    await post.onProgress?.({ [name]: saved });
    return saved;
  }

  return {
    platform: 'vk',
    authorizationUrl: (request) => authorizationUrl(hosts, settings.clientId, request, SCOPES),
    exchangeCode: (exchange) => exchangeCode(http.calls, hosts, settings.clientId, exchange, clock),
    refresh: (grant) => refresh(http.calls, hosts, settings.clientId, grant, clock),
    async targets(grant) {
      const client = api(grant.accessToken);
      const groups: VkGroup[] = [];
      for (;;) {
        const page = await client.adminGroups(groups.length);
        groups.push(...page.items);
        if (page.items.length === 0 || groups.length >= page.count) break;
      }
      return groups.map(target);
    },
    async publish(account: AccountAccess, post: PostInput): Promise<PublishedPost> {
      const client = api(account.grant.accessToken);
      const groupId = account.externalId;
      const attachments: string[] = [];
      for (const [index, file] of post.media.entries())
        attachments.push(await attachment(client, groupId, file, post, index));
      // A URL among the attachments is shown as a link card (platforms.md §5 wall.post).
      if (post.link) attachments.push(post.link);
      const ownerId = -Number(groupId);
      const { fromGroup, signed } = post.options ?? {};
      const { post_id } = await client.wallPost({
        owner_id: ownerId,
        message: post.text,
        attachments: attachments.join(','),
        guid: post.idempotencyKey,
        // As the community unless the account's variant says as the user (publish-options.ts).
        from_group: fromGroup === false ? 0 : 1,
        signed: signed === undefined ? undefined : signed ? 1 : 0,
      });
      return postOf(hosts.web, ownerId, post_id);
    },
    async find(account, post, since) {
      const client = api(account.grant.accessToken);
      const ownerId = -Number(account.externalId);
      // VK dates posts in whole seconds.
      const from = Math.floor(Date.parse(since) / 1000);
      for (let offset = 0; ; offset += WALL_PAGE) {
        const page = await client.wall(ownerId, offset, WALL_PAGE);
        const found = page.items.find((item) => item.date >= from && sameText(item.text, post.text));
        if (found) return postOf(hosts.web, found.owner_id, found.id);
        // A pinned post comes first whatever its date: the page's age is that of the others.
        const oldest = page.items.filter((item) => !item.is_pinned).at(-1);
        const read = offset + page.items.length;
        if (page.items.length === 0 || read >= page.count || (oldest && oldest.date < from)) return null;
      }
    },
    async remove(account, externalId) {
      const [ownerId, postId] = postKey(externalId);
      try {
        await api(account.grant.accessToken).wallDelete(ownerId, postId);
      } catch (error) {
        // Already gone: a repeated removal, or deleted on VK.
        if (isPlatformError(error) && error.detail.platformCode === '104') return;
        throw error;
      }
    },
    /**
     * platforms.md §5 Metrics, wall.getById: views, likes (VK's one reaction), comments and
     * reposts. A counter VK leaves out (views on an old post) stays absent. Reach and link clicks
     * are stats.getPostReach's, which needs the "stats" scope Postdeck does not ask for: absent.
     */
    async metrics(account, externalId) {
      const [ownerId, postId] = postKey(externalId);
      const [post] = (await api(account.grant.accessToken).wallGetById([`${ownerId}_${postId}`])).items;
      if (!post)
        throw new PlatformError('rejected', {
          platform: 'vk',
          platformCode: '104',
          platformMessage: 'the post is gone',
        });
      return {
        views: post.views?.count,
        reactions: post.likes?.count,
        comments: post.comments?.count,
        shares: post.reposts?.count,
        at: clock.now().toISOString(),
      };
    },
    /** The community's members_count (groups.getById) as its followers; absent where VK hides it. */
    async accountMetrics(account) {
      const { groups } = await api(account.grant.accessToken).groupById(account.externalId);
      const group = groups.find((g) => String(g.id) === account.externalId);
      if (!group)
        throw new PlatformError('rejected', {
          platform: 'vk',
          platformMessage: `groups.getById did not answer the community ${account.externalId}`,
          raw: groups,
        });
      return { followers: group.members_count, at: clock.now().toISOString() };
    },
  };
}

function postOf(web: string, ownerId: number, postId: number): PublishedPost {
  return { externalId: `${ownerId}_${postId}`, url: new URL(`/wall${ownerId}_${postId}`, web).toString() };
}

function postKey(externalId: string): [number, number] {
  const match = /^(-?\d+)_(\d+)$/.exec(externalId);
  if (!match) throw new TypeError(`Not a VK post id: ${externalId}`);
  return [Number(match[1]), Number(match[2])];
}
