import type { FastifyInstance } from 'fastify';
import type { FakeContext } from '../fake-server.ts';
import { Params } from '../params.ts';
import type { FakePost } from '../posts.ts';
import { authenticate } from './guard.ts';
import { statusJson } from './json.ts';
import { mastodonError, notFound, validationFailed } from './replies.ts';
import type { MastodonState, MastodonUpload, MastodonUser } from './state.ts';

/** platforms.md §8 Limits: 500 characters, 4 attachments (Mastodon counts graphemes). */
const MAX_CHARACTERS = 500;
const MAX_ATTACHMENTS = 4;
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Statuses: create (Idempotency-Key dedupe), read (counts), delete. */
export function statusRoutes(app: FastifyInstance, ctx: FakeContext, state: MastodonState): void {
  const json = (user: MastodonUser, post: FakePost) =>
    statusJson(ctx.url, user, post, attachments(state, post.id));

  app.post('/api/v1/statuses', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'POST /api/v1/statuses');
    if (!authed) return reply;
    const { user } = authed;
    const key = request.headers['idempotency-key'];
    const dedupeKey = typeof key === 'string' && key ? `${user.id} ${key}` : undefined;
    const earlier = dedupeKey && ctx.posts.get(state.idempotency.get(dedupeKey) ?? '');
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
    if (dedupeKey) state.idempotency.set(dedupeKey, post.id);
    if (authed.fault?.kind === 'acceptThenHang') return ctx.hang(reply);
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

  app.delete<{ Params: { id: string } }>('/api/v1/statuses/:id', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'DELETE /api/v1/statuses/:id');
    if (!authed) return reply;
    const post = ctx.posts.get(request.params.id);
    if (!post || post.deletedAt || post.account !== authed.user.id) return notFound(reply);
    ctx.posts.markDeleted(post.id, ctx.now());
    if (authed.fault?.kind === 'acceptThenHang') return ctx.hang(reply);
    // Deleting answers the status with its source text, for "delete & redraft".
    return { ...json(authed.user, post), text: post.text };
  });
}

function attachments(state: MastodonState, statusId: string): MastodonUpload[] {
  return (state.statusMedia.get(statusId) ?? []).flatMap((id) => state.uploads.get(id) ?? []);
}
