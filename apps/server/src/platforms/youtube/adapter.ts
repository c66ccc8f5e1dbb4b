import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import { systemClock } from '../../lib/clock.ts';
import type { AccountAccess, MediaFile, PlatformAdapter, PostInput, PublishedPost } from '../adapter.ts';
import { PlatformError, isPlatformError } from '../errors.ts';
import { DEFAULT_GOOGLE_OAUTH_HOSTS, googleOAuth } from '../google/oauth.ts';
import { type YoutubeApi, createYoutubeHttp, youtubeApi } from './api.ts';
import { awaitProcessing } from './processing.ts';
import { CHUNK_UNIT, uploadVideo } from './upload.ts';
import { videoResource } from './video-resource.ts';
import {
  type AdapterCallSettings,
  type OAuthClientSettings,
  type PollingSettings,
  polling,
} from '../settings.ts';
import { sameText } from '../x/same-text.ts';

export const DEFAULT_YOUTUBE_HOSTS = {
  ...DEFAULT_GOOGLE_OAUTH_HOSTS,
  /** The Data API. */
  api: 'https://www.googleapis.com',
  /** Resumable uploads (the same host as the API at Google, a setting of its own all the same). */
  upload: 'https://www.googleapis.com',
  /** Watch pages and channel pages. */
  web: 'https://www.youtube.com',
};
export type YoutubeHosts = typeof DEFAULT_YOUTUBE_HOSTS;

/** wait also spaces the upload's resumes. */
export interface YoutubeAdapterSettings extends OAuthClientSettings, AdapterCallSettings, PollingSettings {
  hosts?: Partial<YoutubeHosts>;
  /** Per chunk of an upload. */
  uploadTimeoutMs?: number;
  /** A multiple of 256 KiB. */
  chunkBytes?: number;
  maxResumes?: number;
  resumeDelayMs?: number;
  /** §3 Upload: unaudited API projects' uploads are locked to private whatever this says. */
  privacyStatus?: 'public' | 'unlisted' | 'private';
  categoryId?: string;
}

const CAPABILITIES = PLATFORM_CAPABILITIES.youtube;

/** The ids a publication hands out, as `onProgress` is told them. */
export const YOUTUBE_PROGRESS = { uploadSession: 'uploadSession', videoId: 'videoId' } as const;

/**
 * YouTube (platforms.md §3). A grant reaches one channel, the one picked on Google's consent
 * (`channels.list?mine=true`); a post is one video, uploaded by the resumable protocol (upload.ts)
 * and published once YouTube has processed it (processing.ts). No dedupe key: a lost upload is looked for in the
 * channel's uploads playlist (`find`). The upload session and the video's id are handed to
 * `onProgress` as they come, and a later attempt goes on from them instead of uploading again.
 */
export function createYoutubeAdapter(settings: YoutubeAdapterSettings): PlatformAdapter {
  const hosts = { ...DEFAULT_YOUTUBE_HOSTS, ...settings.hosts };
  const clock = settings.clock ?? systemClock;
  const http = createYoutubeHttp({ timeoutMs: settings.timeoutMs ?? 60_000, fetch: settings.fetch, clock });
  const { wait, pollIntervalMs, maxPolls } = polling(settings, { pollIntervalMs: 10_000, maxPolls: 180 });
  const chunkBytes = settings.chunkBytes ?? 32 * CHUNK_UNIT;
  if (chunkBytes <= 0 || chunkBytes % CHUNK_UNIT !== 0)
    throw new TypeError(`chunkBytes must be a multiple of ${CHUNK_UNIT}`);
  const resource = {
    categoryId: settings.categoryId ?? '22',
    privacyStatus: settings.privacyStatus ?? 'public',
  };
  const oauth = googleOAuth({
    platform: 'youtube',
    hosts,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    scopes: CAPABILITIES.scopes,
    http,
    clock,
  });
  const api = (access: { grant: { accessToken: string } }): YoutubeApi =>
    youtubeApi(http, hosts, access.grant.accessToken, settings.uploadTimeoutMs ?? 600_000);
  const watchUrl = (id: string) => `${new URL('/watch', hosts.web).toString()}?v=${encodeURIComponent(id)}`;
  const fail = (kind: PlatformError['kind'], message: string, raw?: unknown) =>
    new PlatformError(kind, { platform: 'youtube', platformMessage: message, raw });

  /** Whether a video is still on the channel (one given up on while processing was taken off). */
  async function onChannel(client: YoutubeApi, id: string): Promise<boolean> {
    return (await client.videos([id], 'id')).length > 0;
  }

  function theVideo(post: PostInput): MediaFile {
    const videos = post.media.filter((file) => file.kind === 'video');
    if (post.media.length === 0) throw fail('rejected', 'YouTube publishes videos: the post has none');
    if (videos.length !== 1 || post.media.length !== 1)
      throw fail('mediaInvalid', 'YouTube takes exactly one video per post, and no images');
    return videos[0] as MediaFile;
  }

  return {
    platform: 'youtube',
    authorizationUrl: (request) => oauth.authorizationUrl(request),
    exchangeCode: (exchange) => oauth.exchangeCode(exchange),
    refresh: (grant) => oauth.refresh(grant),
    revoke: (grant) => oauth.revoke(grant),

    async targets(grant) {
      const channels = await api({ grant }).channels({ mine: true }, 'snippet');
      return channels.map((channel) => ({
        externalId: channel.id,
        name: channel.snippet?.title ?? channel.id,
        handle: channel.snippet?.customUrl,
        avatarUrl: channel.snippet?.thumbnails?.['default']?.url,
        profileUrl: new URL(`/channel/${encodeURIComponent(channel.id)}`, hosts.web).toString(),
      }));
    },

    async publish(account: AccountAccess, post: PostInput): Promise<PublishedPost> {
      const file = theVideo(post);
      const metadata = videoResource(post, file.name, resource);
      const client = api(account);
      const processed = async (id: string): Promise<PublishedPost> => {
        await awaitProcessing(client, id, { pollIntervalMs, maxPolls, wait });
        return { externalId: id, url: watchUrl(id) };
      };
      const earlierVideo = post.progress?.[YOUTUBE_PROGRESS.videoId];
      if (earlierVideo && (await onChannel(client, earlierVideo))) return processed(earlierVideo);
      const upload = (session: string | undefined) =>
        uploadVideo(
          client,
          file,
          metadata,
          {
            chunkBytes,
            maxResumes: settings.maxResumes ?? 5,
            resumeDelayMs: settings.resumeDelayMs ?? 1_000,
            wait,
          },
          {
            session,
            opened: async (opened) => post.onProgress?.({ [YOUTUBE_PROGRESS.uploadSession]: opened }),
          },
        );
      const earlierSession = post.progress?.[YOUTUBE_PROGRESS.uploadSession];
      let video = await upload(earlierSession);
      // The earlier session's video was taken off since (its processing was given up on): a new one.
      if (earlierSession && !(await onChannel(client, video.id))) video = await upload(undefined);
      await post.onProgress?.({ [YOUTUBE_PROGRESS.videoId]: video.id });
      return processed(video.id);
    },

    /** DESIGN.md §6: the channel's uploads since `since`, newest first, for one with this title and description. */
    async find(account, post, since) {
      const client = api(account);
      // An earlier attempt's video, when its id came back before the answer was lost.
      const earlierVideo = post.progress?.[YOUTUBE_PROGRESS.videoId];
      if (earlierVideo && (await onChannel(client, earlierVideo)))
        return { externalId: earlierVideo, url: watchUrl(earlierVideo) };
      const file = post.media.find((m) => m.kind === 'video');
      const expected = videoResource(post, file?.name ?? '', resource).snippet;
      const [channel] = await client.channels({ id: account.externalId }, 'contentDetails');
      const playlist = channel?.contentDetails?.relatedPlaylists?.uploads;
      if (!playlist) return null;
      // The playlist's times may have no milliseconds: a video of the attempt's first second counts.
      const after = Math.floor(Date.parse(since) / 1000) * 1000;
      let pageToken: string | undefined;
      do {
        const page = await client.playlistItems(playlist, pageToken);
        for (const item of page.items) {
          const at = Date.parse(item.contentDetails?.videoPublishedAt ?? item.snippet.publishedAt);
          if (at < after) return null;
          if (
            item.snippet.title.trim() === expected.title &&
            sameText(item.snippet.description, expected.description)
          ) {
            const id = item.snippet.resourceId.videoId;
            return { externalId: id, url: watchUrl(id) };
          }
        }
        pageToken = page.next;
      } while (pageToken);
      return null;
    },

    async remove(account, externalId) {
      try {
        await api(account).deleteVideo(externalId);
      } catch (error) {
        // Already gone: a repeated removal, or deleted on YouTube.
        if (isPlatformError(error) && error.detail.status === 404) return;
        throw error;
      }
    },

    /**
     * platforms.md §3 Metrics, videos.list part=statistics: a post is a video, so its viewCount is
     * both its views and its video views; likeCount its reactions (YouTube leaves it out where the
     * owner hid likes), commentCount its comments (left out where comments are off). favoriteCount
     * is always 0 and not read. Watch time and shares come only from the YouTube Analytics API
     * (scope yt-analytics.readonly, which Postdeck does not ask for): absent, as are reach, saves
     * and link clicks.
     */
    async metrics(account, externalId) {
      const [video] = await api(account).videos([externalId], 'statistics');
      if (!video) throw fail('rejected', 'the video is not on YouTube');
      const views = count(video.statistics?.viewCount);
      return {
        views,
        videoViews: views,
        reactions: count(video.statistics?.likeCount),
        comments: count(video.statistics?.commentCount),
        at: clock.now().toISOString(),
      };
    },

    /** channels.list part=statistics: subscriberCount, absent while the channel hides it. */
    async accountMetrics(account) {
      const [channel] = await api(account).channels({ id: account.externalId }, 'statistics');
      if (!channel) throw fail('rejected', 'the channel is not on YouTube');
      const statistics = channel.statistics;
      return {
        followers: statistics?.hiddenSubscriberCount ? undefined : count(statistics?.subscriberCount),
        at: clock.now().toISOString(),
      };
    },
  };
}

/** A count YouTube sends as a string of digits; anything else is no count. */
function count(value: unknown): number | undefined {
  return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : undefined;
}
