import type { FakeMetrics, FakePost } from '../posts.ts';
import type { YoutubeChannel, YoutubeVideo } from './state.ts';

/** YouTube's resources as the Data API writes them (platforms.md §3): only the parts asked for. */

const etag = (id: string) => Buffer.from(id).toString('base64url');

export function channelJson(
  base: string,
  channel: YoutubeChannel,
  parts: string[],
  videoCount = 0,
  viewCount = 0,
) {
  const avatar = (size: number) => ({
    url: `${base}/avatars/${channel.id}.png?s=${size}`,
    width: size,
    height: size,
  });
  return {
    kind: 'youtube#channel',
    etag: etag(channel.id),
    id: channel.id,
    ...(parts.includes('snippet')
      ? {
          snippet: {
            title: channel.title,
            description: channel.description,
            customUrl: `@${channel.handle}`,
            publishedAt: channel.publishedAt.toISOString(),
            thumbnails: { default: avatar(88), medium: avatar(240), high: avatar(800) },
          },
        }
      : {}),
    ...(parts.includes('contentDetails')
      ? { contentDetails: { relatedPlaylists: { likes: '', uploads: uploadsPlaylist(channel.id) } } }
      : {}),
    // Counts as strings; a hidden subscriber count is left out, hiddenSubscriberCount says why.
    ...(parts.includes('statistics')
      ? {
          statistics: {
            viewCount: String(viewCount),
            ...(channel.hiddenSubscriberCount ? {} : { subscriberCount: String(channel.subscribers) }),
            hiddenSubscriberCount: channel.hiddenSubscriberCount,
            videoCount: String(videoCount),
          },
        }
      : {}),
  };
}

/** YouTube's uploads playlist of a channel: its id with "UU" for "UC". */
export const uploadsPlaylist = (channelId: string) => `UU${channelId.slice(2)}`;

/** `counts`: the post's counts as answered (grown ones in the sandbox); else those set on it. */
export function videoJson(
  video: YoutubeVideo,
  post: FakePost | undefined,
  parts: string[],
  owner: boolean,
  counts?: FakeMetrics,
) {
  const m = counts ?? post?.metrics ?? {};
  return {
    kind: 'youtube#video',
    etag: etag(`${video.id}${video.uploadStatus}`),
    id: video.id,
    ...(parts.includes('snippet')
      ? {
          snippet: {
            publishedAt: video.publishedAt.toISOString(),
            channelId: video.channelId,
            title: video.metadata.title,
            description: video.metadata.description,
            tags: video.metadata.tags,
            categoryId: video.metadata.categoryId,
          },
        }
      : {}),
    ...(parts.includes('status')
      ? {
          status: {
            uploadStatus: video.uploadStatus,
            ...(video.failureReason ? { failureReason: video.failureReason } : {}),
            ...(video.uploadStatus === 'rejected' ? { rejectionReason: video.rejectionReason } : {}),
            privacyStatus: video.metadata.privacyStatus,
            license: 'youtube',
            embeddable: true,
            publicStatsViewable: true,
            madeForKids: false,
          },
        }
      : {}),
    // §3 Upload: processingDetails is visible to the owner only.
    ...(parts.includes('processingDetails') && owner
      ? {
          processingDetails: {
            processingStatus: video.processingStatus,
            ...(video.processingStatus === 'processing'
              ? { processingProgress: { partsTotal: '1000', partsProcessed: '500', timeLeftMs: '10000' } }
              : {}),
            ...(video.failureReason ? { processingFailureReason: 'other' } : {}),
          },
        }
      : {}),
    // §3 Metrics: counts as strings.
    ...(parts.includes('statistics')
      ? {
          statistics: {
            viewCount: String(m.views ?? 0),
            likeCount: String(m.reactions ?? 0),
            favoriteCount: '0',
            commentCount: String(m.comments ?? 0),
          },
        }
      : {}),
  };
}

export const partsOf = (part: string | undefined) =>
  (part ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
