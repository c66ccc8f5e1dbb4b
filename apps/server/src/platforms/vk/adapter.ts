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
import { type VkApi, type VkGroup, createVkHttp, uploadTo, vkApi } from './api.ts';
import { authorizationUrl, exchangeCode, refresh } from './oauth.ts';
import { type AdapterCallSettings, type PollingSettings, polling } from '../settings.ts';

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

/**
 * VK (platforms.md §5): the user's VK ID grant reaches every community they administer; each is a
 * target and posts go to its wall as the community (owner_id=-<group>, from_group=1). Photos and
 * videos go through VK's upload URLs first. wall.post's guid is the publication's idempotency
 * key, so a retry after a lost answer gets the same post back instead of a second one.
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
    const uploaded = (await uploadTo(http, upload_url, 'photo', await mediaBlob(file), file.name)) as {
      server: number;
      photo: string;
      hash: string;
    };
    const [saved] = await client.saveWallPhoto(groupId, uploaded, file.altText);
    if (!saved)
      throw new PlatformError('mediaInvalid', {
        platform: 'vk',
        platformMessage: `${file.name} was not saved`,
      });
    return `photo${saved.owner_id}_${saved.id}`;
  }

  async function video(client: VkApi, groupId: string, file: MediaFile, post: PostInput): Promise<string> {
    const saved = await client.saveVideo(groupId, file.name, post.text.slice(0, 5000));
    // platforms.md §5: the field is video_file (postiz sends "photo", likely a bug).
    await uploadTo(http, saved.upload_url, 'video_file', await mediaBlob(file), file.name);
    const key = `${saved.owner_id}_${saved.video_id}`;
    for (let polls = 0; ; polls++) {
      const [item] = (await client.videos([key])).items;
      if (item && !item.processing) return `video${key}`;
      if (polls >= maxPolls)
        throw new PlatformError('transient', {
          platform: 'vk',
          platformMessage: `the video ${file.name} was still processing after ${polls} checks`,
        });
      await wait(pollIntervalMs);
    }
  }

  return {
    platform: 'vk',
    authorizationUrl: (request) => authorizationUrl(hosts, settings.clientId, request, SCOPES),
    exchangeCode: (exchange) => exchangeCode(http, hosts, settings.clientId, exchange, clock),
    refresh: (grant) => refresh(http, hosts, settings.clientId, grant, clock),
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
      for (const file of post.media)
        attachments.push(
          file.kind === 'image'
            ? await photo(client, groupId, file)
            : await video(client, groupId, file, post),
        );
      // A URL among the attachments is shown as a link card (platforms.md §5 wall.post).
      if (post.link) attachments.push(post.link);
      const ownerId = -Number(groupId);
      const { post_id } = await client.wallPost({
        owner_id: ownerId,
        message: post.text,
        attachments: attachments.join(','),
        guid: post.idempotencyKey,
      });
      return postOf(hosts.web, ownerId, post_id);
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
        likes: post.likes?.count,
        comments: post.comments?.count,
        shares: post.reposts?.count,
        at: clock.now().toISOString(),
      };
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
