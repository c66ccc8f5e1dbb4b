import type { FastifyInstance } from 'fastify';
import type { FakeContext } from '../fake-server.ts';
import { Params } from '../params.ts';
import type { FakePost } from '../posts.ts';
import { authenticate } from './guard.ts';
import { statusJson } from './json.ts';
import { mastodonError, notFound, serverError, validationFailed } from './replies.ts';
import type { MastodonState, MastodonUpload, MastodonUser } from './state.ts';

/** platforms.md §8 Limits: 500 characters, 4 attachments (Mastodon counts graphemes). */
const MAX_CHARACTERS = 500;
const MAX_ATTACHMENTS = 4;
/** platforms.md §8 Publish: an Idempotency-Key answers the same status for an hour. */
const IDEMPOTENCY_MS = 60 * 60 * 1000;
/** statuses.md, an account's statuses: limit, default 20, at most 40. */
const PAGE_DEFAULT = 20;
const PAGE_MAX = 40;
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Statuses: create (Idempotency-Key dedupe), read (counts), an account's list, delete. */
export function statusRoutes(app: FastifyInstance, ctx: FakeContext, state: MastodonState): void {
  const json = (user: MastodonUser, post: FakePost) =>
    statusJson(ctx.url, user, post, attachments(state, post.id));

  app.post('/api/v1/statuses', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'POST /api/v1/statuses');
    if (!authed) return reply;
    const { user } = authed;
    const key = request.headers['idempotency-key'];
    const dedupeKey = typeof key === 'string' && key ? `${user.id} ${key}` : undefined;
    const kept = dedupeKey ? state.idempotency.get(dedupeKey) : undefined;
    const fresh = kept && ctx.now().getTime() - kept.at.getTime() < IDEMPOTENCY_MS;
    const earlier = fresh ? ctx.posts.get(kept.statusId) : undefined;
    if (earlier) return json(user, earlier);
    const params = new Params(request);
    const text = params.get('status') ?? '';
    const mediaIds = params.all('media_ids');
    if (text.trim() === '' && mediaIds.length === 0) return validationFailed(reply, "Text can't be blank");
    if ([...graphemes.segment(text)].length > MAX_CHARACTERS)
      return validationFailed(reply, `Text character limit of ${MAX_CHARACTERS} exceeded`);
    if (mediaIds.length > MAX_ATTACHMENTS)
      return mastodonError(reply, 422, 'Cannot attach more than 4 files');
    const uploads = mediaIds.map((id) => state.uploads.get(id));
    if (uploads.some((u) => !u || u.userId !== user.id)) return notFound(reply);
    if ((uploads as MastodonUpload[]).some((u) => u.pollsLeft > 0))
      return mastodonError(
        reply,
        422,
        'Cannot attach files that have not finished processing. Try again in a moment!',
      );
    const post = ctx.posts.add({
      id: ctx.nextId(),
      account: user.id,
      text,
      media: (uploads as MastodonUpload[]).map((u) => u.file),
      createdAt: ctx.now(),
    });
    state.statusMedia.set(post.id, mediaIds);
    if (dedupeKey) state.idempotency.set(dedupeKey, { statusId: post.id, at: post.createdAt });
    const after = ctx.afterCommit(reply, authed.fault, () => serverError(reply));
    if (after) return after;
    return json(user, post);
  });

  app.get<{ Params: { id: string } }>('/api/v1/statuses/:id', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'GET /api/v1/statuses/:id');
    if (!authed) return reply;
    const post = ctx.posts.get(request.params.id);
    const author = post && state.users.get(post.account);
    if (!post || post.deletedAt || !author) return notFound(reply);
    return json(author, post);
  });

  app.get<{
    Params: { id: string };
    Querystring: { limit?: string; max_id?: string; since_id?: string; exclude_replies?: string };
  }>('/api/v1/accounts/:id/statuses', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'GET /api/v1/accounts/:id/statuses');
    if (!authed) return reply;
    const author = state.users.get(request.params.id);
    if (!author) return notFound(reply);
    const { max_id: maxId, since_id: sinceId } = request.query;
    const limit = Math.min(
      Math.max(Number(request.query.limit ?? PAGE_DEFAULT) || PAGE_DEFAULT, 1),
      PAGE_MAX,
    );
    // Ids grow with time (Mastodon's are snowflakes): newest first is highest first.
    const page = ctx.posts
      .live()
      .filter((post) => post.account === author.id)
      .filter((post) => maxId === undefined || BigInt(post.id) < BigInt(maxId))
      .filter((post) => sinceId === undefined || BigInt(post.id) > BigInt(sinceId))
      .sort((a, b) => (BigInt(b.id) > BigInt(a.id) ? 1 : -1))
      .slice(0, limit);
    return page.map((post) => json(author, post));
  });

  app.delete<{ Params: { id: string } }>('/api/v1/statuses/:id', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'DELETE /api/v1/statuses/:id');
    if (!authed) return reply;
    const post = ctx.posts.get(request.params.id);
    if (!post || post.deletedAt || post.account !== authed.user.id) return notFound(reply);
    ctx.posts.markDeleted(post.id, ctx.now());
    const after = ctx.afterCommit(reply, authed.fault, () => serverError(reply));
    if (after) return after;
    // Deleting answers the status with its source text, for "delete & redraft".
    return { ...json(authed.user, post), text: post.text };
  });
}

function attachments(state: MastodonState, statusId: string): MastodonUpload[] {
  return (state.statusMedia.get(statusId) ?? []).flatMap((id) => state.uploads.get(id) ?? []);
}
