import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FakeContext } from '../fake-server.ts';
import type { FakeMetrics, FakePost } from '../posts.ts';
import { countsOf } from './grown-counts.ts';
import { parseFields, pick } from './fields.ts';
import { authenticate, requirePageToken } from './guard.ts';
import { containerStatus, mayPublish, shortcodeUrl } from './instagram.ts';
import { pageJson } from './oauth.ts';
import { graphTime, permalinkOf } from './pages.ts';
import { graphError, serverError, unknownObject } from './replies.ts';
import type { GraphState } from './state.ts';
import { videoStatus } from './videos.ts';

type ById = { Params: { version: string; id: string } };

/**
 * platforms.md §1 and §2 Metrics: the metrics each kind of post answers, from the stored counts.
 * The by-type metrics list only the types counted (Graph leaves out the others).
 */
const PAGE_POST_METRICS: Record<string, (m: FakeMetrics) => unknown> = {
  post_media_view: (m) => m.views ?? 0,
  post_impressions: (m) => m.views ?? 0,
  post_total_media_view_unique: (m) => m.reach ?? 0,
  post_reactions_like_total: (m) => m.reactions ?? 0,
  post_reactions_by_type_total: (m) => (m.reactions ? { like: m.reactions } : {}),
  post_clicks: (m) => m.linkClicks ?? 0,
  post_clicks_by_type: (m) => (m.linkClicks === undefined ? {} : { 'link clicks': m.linkClicks }),
};
const INSTAGRAM_METRICS: Record<string, (m: FakeMetrics) => unknown> = {
  views: (m) => m.views ?? 0,
  reach: (m) => m.reach ?? 0,
  likes: (m) => m.reactions ?? 0,
  comments: (m) => m.comments ?? 0,
  shares: (m) => m.shares ?? 0,
  saved: (m) => m.saves ?? 0,
};

/**
 * Graph nodes by id: GET (a video's status, a container's status, a post's fields, an Instagram
 * media's permalink, a page, /me), DELETE (page posts and videos; Instagram media cannot be),
 * and /{id}/insights. A video answers the page post it became as `post_id`. Fault calls: "GET /{video-id}", "GET /{container-id}", "GET /{post-id}",
 * "GET /{ig-media-id}", "DELETE /{post-id}", "GET /{post-id}/insights".
 */
export function nodeRoutes(app: FastifyInstance, ctx: FakeContext, state: GraphState): void {
  const counts = (post: FakePost) => countsOf(post, ctx.now(), state.grownCounts);
  app.get<ById>('/:version/:id', async (request, reply) => {
    const { id } = request.params;
    const container = state.containers.get(id);
    if (container) {
      const authed = authenticate(request, reply, ctx, state, 'GET /{container-id}', container.igUserId);
      const account = state.instagram.get(container.igUserId);
      if (!authed || !account || !mayPublish(reply, state, authed, account)) return reply;
      return pick(
        { id, ...containerStatus(state, container, ctx.now()) },
        parseFields(authed.params.get('fields') ?? 'id'),
      );
    }
    const video = state.videos.get(id);
    if (video) {
      const authed = authenticate(request, reply, ctx, state, 'GET /{video-id}', video.pageId);
      if (!authed) return reply;
      const post = ctx.posts.get(video.postId);
      if (!post || post.deletedAt) return unknownObject(reply, id);
      return pick(
        {
          id,
          status: videoStatus(state, id),
          permalink_url: permalinkOf(ctx.url, state, video.postId),
          description: state.pagePosts.get(video.postId)?.message,
          ...(video.published ? { post_id: video.postId } : {}),
        },
        parseFields(authed.params.get('fields') ?? 'id'),
      );
    }
    const post = ctx.posts.get(id);
    if (post && state.instagram.has(post.account)) {
      const authed = authenticate(request, reply, ctx, state, 'GET /{ig-media-id}', post.account);
      if (!authed) return reply;
      return pick(
        {
          id,
          permalink: shortcodeUrl(ctx.url, state, id),
          caption: post.text,
          media_type:
            post.media.length > 1
              ? 'CAROUSEL_ALBUM'
              : post.media[0]?.mime.startsWith('video/')
                ? 'VIDEO'
                : 'IMAGE',
          timestamp: graphTime(post.createdAt),
          like_count: counts(post).reactions ?? 0,
          comments_count: counts(post).comments ?? 0,
        },
        parseFields(authed.params.get('fields') ?? 'id'),
      );
    }
    if (post) {
      const authed = authenticate(request, reply, ctx, state, 'GET /{post-id}', post.account);
      if (!authed) return reply;
      if (post.deletedAt) return unknownObject(reply, id);
      return pick(
        {
          id,
          message: state.pagePosts.get(id)?.message,
          created_time: graphTime(post.createdAt),
          permalink_url: permalinkOf(ctx.url, state, id),
          shares: { count: counts(post).shares ?? 0 },
          comments: {
            data: [],
            summary: { order: 'ranked', total_count: counts(post).comments ?? 0, can_comment: true },
          },
        },
        parseFields(authed.params.get('fields') ?? 'id,message,created_time'),
      );
    }
    const authed = authenticate(request, reply, ctx, state, 'GET /{id}', id === 'me' ? undefined : id);
    if (!authed) return reply;
    const fields = parseFields(authed.params.get('fields') ?? 'id,name');
    if (id === 'me') {
      const page = authed.pageId === undefined ? undefined : state.pages.get(authed.pageId);
      if (page) return pick(pageJson(ctx.url, state, page), fields);
      return pick(
        { id: authed.token.userId, name: state.oauth.users.get(authed.token.userId)?.name },
        fields,
      );
    }
    const page = state.pages.get(id);
    if (page) return pick(pageJson(ctx.url, state, page), fields);
    const instagram = state.instagram.get(id);
    if (instagram)
      return pick(
        {
          id,
          username: instagram.username,
          name: instagram.name,
          profile_picture_url: `${ctx.url}/avatars/${id}.png`,
          followers_count: instagram.followers,
        },
        fields,
      );
    return unknownObject(reply, id);
  });

  app.delete<ById>('/:version/:id', async (request, reply) => {
    // A video goes with its post, and a video post with its video.
    const id = state.videos.get(request.params.id)?.postId ?? request.params.id;
    const post = ctx.posts.get(id);
    const authed = authenticate(request, reply, ctx, state, 'DELETE /{post-id}', post?.account);
    if (!authed) return reply;
    // platforms.md §2 Delete: not in the official docs, so Instagram media cannot be deleted here.
    if (!post || post.deletedAt || !state.pagePosts.has(id))
      return unknownObject(reply, request.params.id, 'delete');
    if (!requirePageToken(reply, authed, post.account)) return reply;
    ctx.posts.markDeleted(id, ctx.now());
    return ctx.afterCommit(reply, authed.fault, () => serverError(reply)) ?? { success: true };
  });

  app.get<ById>('/:version/:id/insights', async (request, reply) => {
    const { id } = request.params;
    const post = ctx.posts.get(id);
    const authed = authenticate(request, reply, ctx, state, 'GET /{post-id}/insights', post?.account);
    if (!authed) return reply;
    if (!post || post.deletedAt) return unknownObject(reply, id);
    const table = state.instagram.has(post.account) ? INSTAGRAM_METRICS : PAGE_POST_METRICS;
    const asked = (authed.params.get('metric') ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean);
    if (asked.length === 0)
      return graphError(reply, 400, {
        code: 3001,
        subcode: 1504028,
        type: 'OAuthException',
        message: 'Invalid query',
        userTitle: 'No Metric Specified',
        userMessage:
          'No metric was specified to be fetched. Please specify one or more metrics to be fetched and try again.',
      });
    const unknown = asked.find((m) => !(m in table));
    if (unknown) return insightsRefused(reply, unknown);
    return {
      data: asked.map((name) => ({
        name,
        period: 'lifetime',
        values: [{ value: table[name]?.(counts(post)) }],
        title: name,
        description: name,
        id: `${id}/insights/${name}/lifetime`,
      })),
      paging: {},
    };
  });
}

function insightsRefused(reply: FastifyReply, metric: string) {
  return graphError(reply, 400, {
    code: 100,
    message: `(#100) The value must be a valid insights metric: ${metric}`,
  });
}
