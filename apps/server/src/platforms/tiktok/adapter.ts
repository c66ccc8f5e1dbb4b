import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import type { PublishOptionsOf } from '@postdeck/contract/publish-options';
import { systemClock } from '../../lib/clock.ts';
import type { AccountAccess, MediaFile, PlatformAdapter, PostInput, PublishedPost } from '../adapter.ts';
import { PlatformError, classify, isPlatformError } from '../errors.ts';
import { withLink } from '../media-blob.ts';
import { sameText } from '../x/same-text.ts';
import {
  type TikTokApi,
  type TikTokCreatorInfo,
  type TikTokPostInfo,
  type TikTokPublishStatus,
  createTikTokHttp,
  tiktokApi,
} from './api.ts';
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
/** user/info's counts (follower_count) need it (platforms.md §10 OAuth: postiz asks for it). */
const STATS_SCOPE = 'user.info.stats';
type Kind = 'video' | 'photo';
/**
 * TikTok's own choices. PublishOptions intersects every platform's, where YouTube's `privacy`
 * and TikTok's share a name but no value, so there it reads as never: TikTok's schema types it.
 */
const optionsOf = (post: PostInput) => (post.options ?? {}) as PublishOptionsOf<'tiktok'>;
const kindOf = (post: PostInput): Kind => (post.media.some((m) => m.kind === 'video') ? 'video' : 'photo');
const PRIVACY_ORDER = ['PUBLIC_TO_EVERYONE', 'FOLLOWER_OF_CREATOR', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'];
/** platforms.md §10 Limits: a photo post's title up to 90 characters [oss]. */
const PHOTO_TITLE_MAX = 90;
/** What `progress` calls the publish an earlier attempt started. */
const PUBLISH_ID = 'publishId';
/** video/list serves 20 a page; a lookup gives up (unfinished, not "not there") past so many pages. */
const FIND_MAX_PAGES = 50;

/**
 * TikTok (platforms.md §10): one target, the creator who connected. A post is a Direct Post: the
 * creator's options first (creator_info), then a video sent in chunks to the upload URL init
 * returns (or pulled by TikTok from its public URL), or photos TikTok pulls from their public
 * URLs, then the publish polled until it is public or failed. There is no delete in the API and
 * no dedupe: a publish whose answer was lost is asked about by its publish_id, which `onProgress`
 * was told, or looked for among the creator's posts (`find`).
 */
export function createTikTokAdapter(settings: TikTokAdapterSettings): PlatformAdapter {
  const hosts = { ...DEFAULT_TIKTOK_HOSTS, ...settings.hosts };
  const client = { clientKey: settings.clientId, clientSecret: settings.clientSecret };
  const clock = settings.clock ?? systemClock;
  const http = createTikTokHttp({ timeoutMs: settings.timeoutMs ?? 60_000, fetch: settings.fetch, clock });
  const { wait, pollIntervalMs, maxPolls } = polling(settings, { pollIntervalMs: 5_000, maxPolls: 120 });
  const chunkBytes = settings.chunkBytes ?? 10 * 1024 * 1024;
  const profile = (username: string) => new URL(`/@${encodeURIComponent(username)}`, hosts.web).toString();

  /**
   * The privacy the post's options ask for (refused when the creator lacks it), else the
   * settings' when offered, else the most public offered.
   */
  function privacy(creator: TikTokCreatorInfo, post: PostInput): string {
    const offered = creator.privacy_level_options;
    const asked = optionsOf(post).privacy;
    if (asked && !offered.includes(asked))
      throw new PlatformError('rejected', {
        platform: 'tiktok',
        platformCode: 'privacy_level_option_mismatch',
        platformMessage: `this creator cannot post as ${asked}; TikTok offers ${offered.join(', ') || 'nothing'}`,
      });
    if (asked) return asked;
    if (settings.privacyLevel && offered.includes(settings.privacyLevel)) return settings.privacyLevel;
    const level = PRIVACY_ORDER.find((p) => offered.includes(p)) ?? offered[0];
    if (!level)
      throw new PlatformError('rejected', {
        platform: 'tiktok',
        platformMessage: 'the creator can post at no privacy level',
      });
    return level;
  }

  /**
   * The post's settings as TikTok names them, its required disclosures checked first: branded
   * content cannot be private (platforms.md §10), so it is refused here rather than sent.
   */
  function postInfo(creator: TikTokCreatorInfo, post: PostInput, title: string): TikTokPostInfo {
    const options = optionsOf(post);
    const level = privacy(creator, post);
    if (options.brandContent && level === 'SELF_ONLY')
      throw new PlatformError('rejected', {
        platform: 'tiktok',
        platformMessage: 'branded content cannot be posted privately (SELF_ONLY): choose a wider privacy',
      });
    return {
      title,
      privacy_level: level,
      disable_comment: options.disableComment ?? false,
      brand_content_toggle: options.brandContent ?? false,
      brand_organic_toggle: options.brandOrganic ?? false,
    };
  }

  /** Tells the pipeline the publish TikTok started, before anything else is sent. */
  async function started(post: PostInput, publishId: string): Promise<string> {
    await post.onProgress?.({ [PUBLISH_ID]: publishId });
    return publishId;
  }

  async function video(api: TikTokApi, creator: TikTokCreatorInfo, file: MediaFile, post: PostInput) {
    const max = creator.max_video_post_duration_sec;
    if (max !== undefined && file.durationS !== undefined && file.durationS > max)
      throw new PlatformError('mediaInvalid', {
        platform: 'tiktok',
        platformMessage: `the video lasts ${file.durationS} s; this creator may post up to ${max} s`,
      });
    const info = {
      ...postInfo(creator, post, withLink(post.text, post.link)),
      disable_duet: optionsOf(post).disableDuet ?? false,
      disable_stitch: optionsOf(post).disableStitch ?? false,
    };
    // TikTok fetches a file with a public address itself: its bytes need not pass through here.
    if (file.publicUrl) {
      const init = await api.videoInit({
        post_info: info,
        source_info: { source: 'PULL_FROM_URL', video_url: file.publicUrl },
      });
      return started(post, init.publish_id);
    }
    const plan = chunkPlan(file.bytes, chunkBytes);
    const init = await api.videoInit({
      post_info: info,
      source_info: {
        source: 'FILE_UPLOAD',
        video_size: file.bytes,
        chunk_size: plan.chunkSize,
        total_chunk_count: plan.count,
      },
    });
    await started(post, init.publish_id);
    if (!init.upload_url)
      throw new PlatformError('outcomeUnknown', {
        platform: 'tiktok',
        platformMessage: 'video/init named no upload_url for a FILE_UPLOAD',
        raw: init,
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
        ...postInfo(creator, post, [...(text.split('\n')[0] ?? '')].slice(0, PHOTO_TITLE_MAX).join('')),
        description: text,
      },
      source_info: { source: 'PULL_FROM_URL', photo_images: urls, photo_cover_index: 0 },
    });
    return started(post, init.publish_id);
  }

  /** Polls the publish to its end. Past maxPolls TikTok may still publish it: the outcome is unknown, not failed. */
  async function settle(
    api: TikTokApi,
    publishId: string,
    kind: Kind,
    username: string,
    first?: TikTokPublishStatus,
  ): Promise<PublishedPost> {
    for (let polls = 0; ; polls++) {
      const state = polls === 0 && first ? first : await api.status(publishId);
      if (state.status === 'PUBLISH_COMPLETE') return completed(publishId, state, kind, username);
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

  function completed(publishId: string, state: TikTokPublishStatus, kind: Kind, username: string) {
    const [id] = state.publicaly_available_post_id;
    // A private post (SELF_ONLY, as unaudited apps must) has no public id: the publish names it.
    if (!id) return { externalId: publishId, url: profile(username) };
    return { externalId: id, url: postUrl(username, kind, id) };
  }

  const postUrl = (username: string, kind: Kind, id: string) =>
    new URL(`/@${encodeURIComponent(username)}/${kind}/${id}`, hosts.web).toString();

  /**
   * The publish an earlier attempt started, asked about: settled as a new one would be, or
   * undefined when it can never post, so a new publish starts: it FAILED, or TikTok says it holds
   * less than the whole file (an upload is not resumed: its URL was not kept). PROCESSING_UPLOAD
   * alone proves nothing: TikTok says it while it processes a whole file too.
   */
  async function resumed(api: TikTokApi, publishId: string, file: MediaFile | undefined, username: string) {
    const state = await api.status(publishId);
    const partial =
      state.status === 'PROCESSING_UPLOAD' &&
      file !== undefined &&
      state.uploaded_bytes !== undefined &&
      state.uploaded_bytes < file.bytes;
    if (state.status === 'FAILED' || partial) return undefined;
    return settle(api, publishId, file ? 'video' : 'photo', username, state);
  }

  /** The creator's public posts, newest first, until one older than the attempt. */
  async function listed(api: TikTokApi, post: PostInput, since: string, username: string) {
    const from = Math.floor(Date.parse(since) / 1000);
    const sent = withLink(post.text, post.link);
    const kind = kindOf(post);
    let cursor: number | undefined;
    for (let pages = 0; pages < FIND_MAX_PAGES; pages++) {
      const page = await api.videoList(cursor);
      for (const listed of page.videos) {
        if (listed.create_time !== undefined && listed.create_time < from) return null;
        const said = [listed.video_description, listed.title];
        if (said.some((text) => text !== undefined && sameText(text, sent)))
          return { externalId: listed.id, url: postUrl(username, kind, listed.id) };
      }
      if (!page.hasMore) return null;
      cursor = page.cursor;
    }
    throw new PlatformError('transient', {
      platform: 'tiktok',
      platformMessage: `more than ${FIND_MAX_PAGES} pages of posts since ${since}: the lookup did not reach its start`,
    });
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
      const username = creator.creator_username;
      const [file] = videos;
      const earlier = post.progress?.[PUBLISH_ID];
      if (earlier) {
        const done = await resumed(api, earlier, file, username);
        if (done) return done;
      }
      const publishId = file
        ? await video(api, creator, file, post)
        : await photos(api, creator, images, post);
      return settle(api, publishId, kindOf(post), username);
    },
    /**
     * The publish an earlier attempt started, by its publish_id, when there is one TikTok still
     * knows; else the creator's public posts since the attempt, by their text.
     */
    async find(account, post, since) {
      const api = tiktokApi(http, hosts.api, account.grant.accessToken);
      const username = (await api.creatorInfo()).creator_username;
      const publishId = post.progress?.[PUBLISH_ID];
      if (publishId) {
        const state = await api.status(publishId).catch((error: unknown) => {
          // TikTok no longer knows the id: the list still may.
          if (isPlatformError(error) && error.kind === 'rejected') return undefined;
          throw error;
        });
        if (state?.status === 'PUBLISH_COMPLETE') return completed(publishId, state, kindOf(post), username);
        if (state?.status === 'FAILED') return null;
        if (state)
          throw new PlatformError('transient', {
            platform: 'tiktok',
            platformMessage: `the publish is still ${state.status}`,
            raw: { publish_id: publishId, ...state },
          });
      }
      return listed(api, post, since, username);
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
    /**
     * platforms.md §10 Metrics, video/query: views, likes (TikTok's one reaction), comments and
     * shares. TikTok's video object gives no reach, saves, link clicks or watch time: absent.
     */
    async metrics(account, externalId) {
      const videos = await tiktokApi(http, hosts.api, account.grant.accessToken).videos([externalId]);
      const found = videos.find((v) => v.id === externalId);
      if (!found)
        throw new PlatformError('rejected', {
          platform: 'tiktok',
          platformMessage: 'the post is not among the creator’s public videos',
        });
      return {
        views: found.view_count,
        reactions: found.like_count,
        comments: found.comment_count,
        shares: found.share_count,
        at: clock.now().toISOString(),
      };
    },
    /**
     * The creator's follower_count from user/info, which needs user.info.stats. A grant from
     * before Postdeck asked for it has none: its followers are absent (reconnecting grants it)
     * rather than a refusal every day.
     */
    async accountMetrics(account) {
      const at = clock.now().toISOString();
      if (!account.grant.scopes.includes(STATS_SCOPE)) return { at };
      return {
        followers: await tiktokApi(http, hosts.api, account.grant.accessToken).followers(),
        at,
      };
    },
  };
}
