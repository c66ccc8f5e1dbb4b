import type { FastifyInstance } from 'fastify';
import type { FakeContext } from '../fake-server.ts';
import { countsOf } from '../graph/grown-counts.ts';
import type { FakePost } from '../posts.ts';
import { authenticate, googleScopes } from './guard.ts';
import { backendError, youtubeError } from './replies.ts';
import type { GoogleState, YoutubeVideo } from './state.ts';
import { channelJson, partsOf, uploadsPlaylist, videoJson } from './youtube-json.ts';

/** §3 Scopes: reading takes readonly (not upload); deleting takes youtube or force-ssl. */
const READ = googleScopes('youtube.readonly', 'youtube', 'youtube.force-ssl');
const WRITE = googleScopes('youtube', 'youtube.force-ssl');

/** channels.list, videos.list (processing, statistics), videos.delete, playlistItems.list. */
export function videoRoutes(app: FastifyInstance, ctx: FakeContext, state: GoogleState): void {
  const counts = (post: FakePost) => countsOf(post, ctx.now(), state.youtubeGrownCounts);
  const list = (kind: string, items: unknown[], extra: Record<string, unknown> = {}) => ({
    kind: `youtube#${kind}ListResponse`,
    etag: 'fake',
    ...extra,
    pageInfo: { totalResults: items.length, resultsPerPage: items.length },
    items,
  });

  app.get('/youtube/v3/channels', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'GET /youtube/v3/channels', {
      api: 'youtube',
      scopes: READ,
      units: 1,
    });
    if (!authed) return reply;
    const query = request.query as Record<string, string | undefined>;
    const parts = partsOf(query['part']);
    if (parts.length === 0)
      return youtubeError(reply, 400, {
        reason: 'required',
        message: 'Required parameter: part',
        domain: 'global',
      });
    const channels =
      query['mine'] === 'true'
        ? authed.channel
          ? [authed.channel]
          : []
        : (query['id'] ?? '').split(',').flatMap((id) => state.channels.get(id) ?? []);
    return list(
      'channel',
      channels.map((c) => {
        const uploaded = [...state.videos.values()].filter(
          (v) => v.channelId === c.id && !ctx.posts.get(v.id)?.deletedAt,
        );
        const views = uploaded.reduce((sum, v) => {
          const post = ctx.posts.get(v.id);
          return sum + ((post && counts(post).views) ?? 0);
        }, 0);
        return channelJson(ctx.url, c, parts, uploaded.length, views);
      }),
    );
  });

  app.get('/youtube/v3/videos', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'GET /youtube/v3/videos', {
      api: 'youtube',
      scopes: READ,
      units: 1,
    });
    if (!authed) return reply;
    const query = request.query as Record<string, string | undefined>;
    const parts = partsOf(query['part']);
    const videos = (query['id'] ?? '')
      .split(',')
      .flatMap((id) => state.videos.get(id) ?? [])
      .filter((v) => v.uploadStatus !== 'deleted');
    for (const video of videos) if (video.channelId === authed.channel?.id) process(video);
    return list(
      'video',
      videos.map((v) => {
        const post = ctx.posts.get(v.id);
        const owner = v.channelId === authed.channel?.id;
        return videoJson(v, post, parts, owner, post && counts(post));
      }),
    );
  });

  app.delete('/youtube/v3/videos', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'DELETE /youtube/v3/videos', {
      api: 'youtube',
      scopes: WRITE,
      units: 50,
    });
    if (!authed) return reply;
    const video = state.videos.get((request.query as Record<string, string>)['id'] ?? '');
    if (!video || video.uploadStatus === 'deleted')
      return youtubeError(reply, 404, {
        reason: 'videoNotFound',
        message: 'The video identified by the <code>id</code> parameter could not be found.',
        location: 'id',
        locationType: 'parameter',
      });
    if (video.channelId !== authed.channel?.id)
      return youtubeError(reply, 403, {
        reason: 'forbidden',
        message:
          'The video that you are trying to delete cannot be deleted. The request might not be properly authorized.',
      });
    video.uploadStatus = 'deleted';
    ctx.posts.markDeleted(video.id, ctx.now());
    return ctx.afterCommit(reply, authed.fault, () => backendError(reply)) ?? reply.code(204).send();
  });

  // The uploads playlist, newest first (DESIGN.md §6: where a lost upload is looked for).
  app.get('/youtube/v3/playlistItems', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'GET /youtube/v3/playlistItems', {
      api: 'youtube',
      scopes: READ,
      units: 1,
    });
    if (!authed) return reply;
    const query = request.query as Record<string, string | undefined>;
    const channel = [...state.channels.values()].find((c) => uploadsPlaylist(c.id) === query['playlistId']);
    if (!channel)
      return youtubeError(reply, 404, {
        reason: 'playlistNotFound',
        message:
          "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.",
        location: 'playlistId',
        locationType: 'parameter',
      });
    const owner = channel.id === authed.channel?.id;
    const videos = [...state.videos.values()]
      .filter((v) => v.channelId === channel.id && v.uploadStatus !== 'deleted')
      .filter((v) => owner || v.metadata.privacyStatus === 'public')
      .reverse();
    const size = Math.min(50, Math.max(0, Number(query['maxResults'] ?? 5)));
    const start = Number(query['pageToken'] ?? 0) || 0;
    const page = videos.slice(start, start + size);
    const items = page.map((v, i) => ({
      kind: 'youtube#playlistItem',
      etag: 'fake',
      id: Buffer.from(`${channel.id}.${v.id}`).toString('base64url'),
      snippet: {
        publishedAt: v.publishedAt.toISOString(),
        channelId: channel.id,
        title: v.metadata.title,
        description: v.metadata.description,
        channelTitle: channel.title,
        playlistId: uploadsPlaylist(channel.id),
        position: start + i,
        resourceId: { kind: 'youtube#video', videoId: v.id },
      },
      contentDetails: { videoId: v.id, videoPublishedAt: v.publishedAt.toISOString() },
    }));
    const next = start + size < videos.length ? { nextPageToken: String(start + size) } : {};
    return {
      ...list('playlistItem', items, next),
      pageInfo: { totalResults: videos.length, resultsPerPage: size },
    };
  });
}

/**
 * Its owner's first `pollsLeft` status checks see it processing; the next, done: processed,
 * failed (the bytes are no video) or rejected (a rejectionReason set).
 */
function process(video: YoutubeVideo): void {
  if (video.processingStatus !== 'processing') return;
  if (video.pollsLeft > 0) {
    video.pollsLeft -= 1;
    return;
  }
  if (video.rejectionReason) {
    video.processingStatus = 'succeeded';
    video.uploadStatus = 'rejected';
  } else if (video.readable) {
    video.processingStatus = 'succeeded';
    video.uploadStatus = 'processed';
  } else {
    video.processingStatus = 'failed';
    video.uploadStatus = 'failed';
    video.failureReason = 'invalidFile';
  }
}
