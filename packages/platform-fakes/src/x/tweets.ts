import type { FastifyInstance } from 'fastify';
import type { FakeContext } from '../fake-server.ts';
import { Params } from '../params.ts';
import { countsOf } from '../graph/grown-counts.ts';
import type { FakePost } from '../posts.ts';
import { authenticate, hasScope } from './guard.ts';
import { ready } from './media.ts';
import {
  DUPLICATE,
  forbidden,
  invalidRequest,
  notFound,
  notFoundError,
  problem,
  serviceUnavailable,
} from './replies.ts';
import type { XState, XUpload } from './state.ts';
import { weightedLength } from './weighted-length.ts';

/** platforms.md §4 Limits: 280 weighted characters, 1-4 media. */
const MAX_WEIGHT = 280;
const MAX_MEDIA = 4;
const REPLY_SETTINGS = ['following', 'mentionedUsers', 'subscribers', 'verified'];
/** The timeline's page size bounds (max_results). */
const PAGE_MIN = 5;
const PAGE_MAX = 100;

/** Posts: create (201), read with public_metrics, delete; and the user's timeline, where a lost post is found again. */
export function tweetRoutes(app: FastifyInstance, ctx: FakeContext, state: XState): void {
  app.post('/2/tweets', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'POST /2/tweets');
    if (!authed || !hasScope(authed, reply, 'tweet.write')) return reply;
    const params = new Params(request);
    const text = params.get('text') ?? '';
    const media = params.json('media') as { media_ids?: unknown } | undefined;
    const ids = Array.isArray(media?.media_ids) ? media.media_ids.map(String) : [];
    if (media !== undefined && (ids.length < 1 || ids.length > MAX_MEDIA))
      return invalidRequest(reply, `media.media_ids: size must be between 1 and ${MAX_MEDIA}`);
    if (text.trim() === '' && ids.length === 0)
      return invalidRequest(reply, 'text: must not be blank when media is not present');
    if (weightedLength(text) > MAX_WEIGHT) return forbidden(reply, 'Your Tweet text is too long.');
    const replySettings = params.get('reply_settings');
    if (replySettings !== undefined && !REPLY_SETTINGS.includes(replySettings))
      return invalidRequest(reply, `reply_settings must be one of [${REPLY_SETTINGS.join(', ')}]`);
    const uploads = ids.map((id) => state.uploads.get(id));
    if (uploads.some((u) => !u || u.userId !== authed.user.id || !ready(u)))
      return invalidRequest(reply, 'Your media IDs are invalid.');
    // platforms.md §4 Limits: up to 4 photos, or one GIF, or one video.
    if (ids.length > 1 && (uploads as XUpload[]).some((u) => u.category !== 'tweet_image'))
      return invalidRequest(reply, 'Your media IDs are invalid: a video or GIF must be the only media.');
    const mine = ctx.posts.live().filter((p) => p.account === authed.user.id);
    if (text.trim() !== '' && mine.some((p) => p.text === text)) return forbidden(reply, DUPLICATE);
    const post = ctx.posts.add({
      id: String(1_860_000_000_000_000_000n + BigInt(ctx.nextId())),
      account: authed.user.id,
      text,
      media: (uploads as XUpload[]).map((u) => ({
        name: `${u.id}.${u.mediaType.split('/')[1] ?? 'bin'}`,
        mime: u.mediaType,
        bytes: u.bytes ?? new Uint8Array(),
      })),
      createdAt: ctx.now(),
    });
    if (replySettings !== undefined) state.replySettings.set(post.id, replySettings);
    const after = ctx.afterCommit(reply, authed.fault, () => serviceUnavailable(reply));
    if (after) return after;
    return reply.code(201).send({ data: { id: post.id, text, edit_history_tweet_ids: [post.id] } });
  });

  app.get<{ Params: { id: string } }>('/2/tweets/:id', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'GET /2/tweets/:id');
    if (!authed) return reply;
    const post = ctx.posts.get(request.params.id);
    // A missing post is a partial error: 200 with `errors` and no `data` (platforms.md §4 Errors).
    if (!post || post.deletedAt) return { errors: [notFoundError('tweet', request.params.id)] };
    return { data: tweetJson(state, post, fields(new Params(request)), ctx.now()) };
  });

  app.delete<{ Params: { id: string } }>('/2/tweets/:id', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'DELETE /2/tweets/:id');
    if (!authed || !hasScope(authed, reply, 'tweet.write')) return reply;
    const post = ctx.posts.get(request.params.id);
    if (!post || post.deletedAt) return notFound(reply, 'tweet', request.params.id);
    if (post.account !== authed.user.id)
      return problem(
        reply,
        403,
        'Forbidden',
        'You are not allowed to delete this Tweet.',
        'not-authorized-for-resource',
      );
    ctx.posts.markDeleted(post.id, ctx.now());
    const after = ctx.afterCommit(reply, authed.fault, () => serviceUnavailable(reply));
    if (after) return after;
    return { data: { deleted: true } };
  });

  app.get<{ Params: { id: string } }>('/2/users/:id/tweets', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'GET /2/users/:id/tweets');
    if (!authed) return reply;
    if (!state.users.has(request.params.id))
      return invalidRequest(reply, `The \`id\` query parameter value [${request.params.id}] is not valid`);
    const params = new Params(request);
    const since = params.get('start_time');
    const max = Math.min(PAGE_MAX, Math.max(PAGE_MIN, Number(params.get('max_results') ?? 10)));
    const token = params.get('pagination_token');
    const offset = token === undefined ? 0 : Number(Buffer.from(token, 'base64url').toString());
    if (!Number.isInteger(offset) || offset < 0)
      return invalidRequest(reply, `The \`pagination_token\` query parameter value [${token}] is not valid`);
    const window = ctx.posts
      .live()
      .filter((p) => p.account === request.params.id && (!since || p.createdAt >= new Date(since)))
      .reverse();
    const found = window.slice(offset, offset + max);
    const next = offset + max < window.length ? encodeToken(offset + max) : undefined;
    if (found.length === 0) return { meta: { result_count: 0 } };
    return {
      data: found.map((p) => tweetJson(state, p, fields(params), ctx.now())),
      meta: {
        result_count: found.length,
        newest_id: found[0]?.id,
        oldest_id: found.at(-1)?.id,
        ...(next ? { next_token: next } : {}),
      },
    };
  });
}

/** X's pagination tokens are opaque; this one carries the offset of the next page. */
function encodeToken(offset: number): string {
  return Buffer.from(String(offset)).toString('base64url');
}

function fields(params: Params): string[] {
  return (params.get('tweet.fields') ?? '').split(',').filter(Boolean);
}

/** A post as v2 answers it: id, text and edit history always; the rest as tweet.fields asks. */
function tweetJson(state: XState, post: FakePost, asked: string[], now: Date) {
  return {
    id: post.id,
    text: post.text,
    edit_history_tweet_ids: [post.id],
    ...(asked.includes('created_at') ? { created_at: post.createdAt.toISOString() } : {}),
    ...(asked.includes('author_id') ? { author_id: post.account } : {}),
    ...(asked.includes('reply_settings')
      ? { reply_settings: state.replySettings.get(post.id) ?? 'everyone' }
      : {}),
    ...(asked.includes('public_metrics') ? { public_metrics: publicMetrics(state, post, now) } : {}),
  };
}

/** platforms.md §4 Metrics: a post's public_metrics, from its counts (grown ones in the sandbox). */
function publicMetrics(state: XState, post: FakePost, now: Date) {
  const counts = countsOf(post, now, state.grownCounts);
  return {
    retweet_count: counts.shares ?? 0,
    reply_count: counts.comments ?? 0,
    like_count: counts.reactions ?? 0,
    quote_count: state.quotes.get(post.id) ?? 0,
    bookmark_count: counts.saves ?? 0,
    impression_count: counts.views ?? 0,
  };
}
