import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import { systemClock } from '../../lib/clock.ts';
import type { AccountAccess, MediaFile, PlatformAdapter, PostInput, PublishedPost } from '../adapter.ts';
import { PlatformError, classify } from '../errors.ts';
import { withLink } from '../media-blob.ts';
import { type TikTokApi, type TikTokCreatorInfo, createTikTokHttp, tiktokApi } from './api.ts';
import { TIKTOK_ERROR_RULES } from './errors.ts';
import { authorizationUrl, exchangeCode, refresh } from './oauth.ts';
import { chunkPlan, uploadChunks } from './upload.ts';
import {
  type AdapterCallSettings,
  type OAuthClientSettings,
  type PollingSettings,
  polling,
} from '../settings.ts';

/** Every host TikTok uses, each a setting; the upload URL is the exception: init names it. */
export interface TikTokHosts {
  /** The Content Posting and Display APIs. */
  api: string;
  /** Login Kit's consent page. */
  authorize: string;
  /** Login Kit's token endpoint. */
  token: string;
  /** Public pages: a profile at /@<username>, a post at /@<username>/video/<id>. */
  web: string;
}

export const DEFAULT_TIKTOK_HOSTS: TikTokHosts = {
  api: 'https://open.tiktokapis.com',
  authorize: 'https://www.tiktok.com',
  token: 'https://open.tiktokapis.com',
  web: 'https://www.tiktok.com',
};

/** clientId is TikTok's client_key; polls check a publish's status. */
export interface TikTokAdapterSettings extends OAuthClientSettings, AdapterCallSettings, PollingSettings {
  hosts?: Partial<TikTokHosts>;
  /** Preferred chunk size for FILE_UPLOAD, kept within TikTok's 5-64 MB. */
  chunkBytes?: number;
  /** The privacy asked for when the creator offers it; else the most public one offered. */
  privacyLevel?: string;
}

const SCOPES = PLATFORM_CAPABILITIES.tiktok.scopes;
const PRIVACY_ORDER = ['PUBLIC_TO_EVERYONE', 'FOLLOWER_OF_CREATOR', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'];
/** platforms.md §10 Limits: a photo post's title up to 90 characters [oss]. */
const PHOTO_TITLE_MAX = 90;

/**
 * TikTok (platforms.md §10): one target, the creator who connected. A post is a Direct Post: the
 * creator's options first (creator_info), then a video sent in chunks to the upload URL init
 * returns, or photos TikTok pulls from their public URLs, then the publish polled until it is
 * public or failed. There is no delete in the API and no dedupe: a lost answer stays unknown.
 */
export function createTikTokAdapter(settings: TikTokAdapterSettings): PlatformAdapter {
  const hosts = { ...DEFAULT_TIKTOK_HOSTS, ...settings.hosts };
  const client = { clientKey: settings.clientId, clientSecret: settings.clientSecret };
  const clock = settings.clock ?? systemClock;
  const http = createTikTokHttp({ timeoutMs: settings.timeoutMs ?? 60_000, fetch: settings.fetch, clock });
  const { wait, pollIntervalMs, maxPolls } = polling(settings, { pollIntervalMs: 5_000, maxPolls: 120 });
  const chunkBytes = settings.chunkBytes ?? 10 * 1024 * 1024;
  const profile = (username: string) => new URL(`/@${encodeURIComponent(username)}`, hosts.web).toString();

  function privacy(creator: TikTokCreatorInfo): string {
    const offered = creator.privacy_level_options;
    if (settings.privacyLevel && offered.includes(settings.privacyLevel)) return settings.privacyLevel;
    const level = PRIVACY_ORDER.find((p) => offered.includes(p)) ?? offered[0];
    if (!level)
      throw new PlatformError('rejected', {
        platform: 'tiktok',
        platformMessage: 'the creator can post at no privacy level',
      });
    return level;
  }

  async function video(api: TikTokApi, creator: TikTokCreatorInfo, file: MediaFile, post: PostInput) {
    const max = creator.max_video_post_duration_sec;
    if (max !== undefined && file.durationS !== undefined && file.durationS > max)
      throw new PlatformError('mediaInvalid', {
        platform: 'tiktok',
        platformMessage: `the video lasts ${file.durationS} s; this creator may post up to ${max} s`,
      });
    const plan = chunkPlan(file.bytes, chunkBytes);
    const init = await api.videoInit({
      post_info: {
        title: withLink(post.text, post.link),
        privacy_level: privacy(creator),
        disable_duet: false,
        disable_comment: false,
        disable_stitch: false,
      },
      source_info: {
        source: 'FILE_UPLOAD',
        video_size: file.bytes,
        chunk_size: plan.chunkSize,
        total_chunk_count: plan.count,
      },
    });
    await uploadChunks(http, init.upload_url, file, plan);
    return init.publish_id;
  }

  async function photos(api: TikTokApi, creator: TikTokCreatorInfo, files: MediaFile[], post: PostInput) {
    const urls = files.map((file) => {
      if (!file.publicUrl)
        throw new PlatformError('mediaInvalid', {
          platform: 'tiktok',
          platformMessage: `TikTok pulls photos from a public URL (PULL_FROM_URL); ${file.name} has none`,
        });
      return file.publicUrl;
    });
    const text = withLink(post.text, post.link);
    const init = await api.photoInit({
      media_type: 'PHOTO',
      post_mode: 'DIRECT_POST',
      post_info: {
        title: [...(text.split('\n')[0] ?? '')].slice(0, PHOTO_TITLE_MAX).join(''),
        description: text,
        privacy_level: privacy(creator),
        disable_comment: false,
      },
      source_info: { source: 'PULL_FROM_URL', photo_images: urls, photo_cover_index: 0 },
    });
    return init.publish_id;
  }

  /** Polls the publish to its end. Past maxPolls TikTok may still publish it: the outcome is unknown, not failed. */
  async function settle(api: TikTokApi, publishId: string, kind: 'video' | 'photo', username: string) {
    for (let polls = 0; ; polls++) {
      const state = await api.status(publishId);
      if (state.status === 'PUBLISH_COMPLETE') {
        const [id] = state.publicaly_available_post_id;
        // A private post (SELF_ONLY, as unaudited apps must) has no public id: the publish names it.
        if (!id) return { externalId: publishId, url: profile(username) };
        return {
          externalId: id,
          url: new URL(`/@${encodeURIComponent(username)}/${kind}/${id}`, hosts.web).toString(),
        };
      }
      if (state.status === 'FAILED')
        throw classify('tiktok', TIKTOK_ERROR_RULES, {
          code: state.fail_reason,
          message: `the publish failed: ${state.fail_reason ?? 'no reason given'}`,
          raw: state,
        });
      if (polls >= maxPolls)
        throw new PlatformError('outcomeUnknown', {
          platform: 'tiktok',
          platformMessage: `the publish was still ${state.status} after ${polls} checks`,
          raw: { publish_id: publishId, ...state },
        });
      await wait(pollIntervalMs);
    }
  }

  return {
    platform: 'tiktok',
    authorizationUrl: (request) => authorizationUrl(hosts, client, request, SCOPES),
    exchangeCode: (exchange) => exchangeCode(http, hosts, client, exchange, clock),
    refresh: (grant) => refresh(http, hosts, client, grant, clock),
    async targets(grant) {
      const creator = await tiktokApi(http, hosts.api, grant.accessToken).creatorInfo();
      return [
        {
          externalId: grant.context?.['openId'] ?? creator.creator_username,
          name: creator.creator_nickname || creator.creator_username,
          handle: `@${creator.creator_username}`,
          avatarUrl: creator.creator_avatar_url,
          profileUrl: profile(creator.creator_username),
        },
      ];
    },
    async publish(account: AccountAccess, post: PostInput): Promise<PublishedPost> {
      const videos = post.media.filter((m) => m.kind === 'video');
      const images = post.media.filter((m) => m.kind === 'image');
      if (post.media.length === 0 || videos.length > 1 || (videos.length > 0 && images.length > 0))
        throw new PlatformError('rejected', {
          platform: 'tiktok',
          platformMessage: 'a TikTok post is one video or a set of photos',
        });
      const api = tiktokApi(http, hosts.api, account.grant.accessToken);
      const creator = await api.creatorInfo();
      const [file] = videos;
      const publishId = file
        ? await video(api, creator, file, post)
        : await photos(api, creator, images, post);
      return settle(api, publishId, file ? 'video' : 'photo', creator.creator_username);
    },
    remove() {
      return Promise.reject(
        new PlatformError('rejected', {
          platform: 'tiktok',
          platformMessage:
            'the TikTok API cannot delete a post (platforms.md §10 Delete): delete it in the TikTok app',
        }),
      );
    },
    async metrics(account, externalId) {
      const { videos } = await tiktokApi(http, hosts.api, account.grant.accessToken).videos([externalId]);
      const found = videos?.find((v) => v.id === externalId);
      if (!found)
        throw new PlatformError('rejected', {
          platform: 'tiktok',
          platformMessage: 'the post is not among the creator’s public videos',
        });
      return {
        views: found.view_count,
        likes: found.like_count,
        comments: found.comment_count,
        shares: found.share_count,
        at: clock.now().toISOString(),
      };
    },
  };
}
