import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FakeContext } from '../fake-server.ts';
import type { FakeMedia } from '../posts.ts';
import { parseFields, pick } from './fields.ts';
import { type Authed, authenticate, requirePageToken } from './guard.ts';
import { graphError, invalidParameter, serverError, unknownObject } from './replies.ts';
import { fetchMedia, mimeOf, sniff } from './sniff.ts';
import type { GraphState, PagePost } from './state.ts';
import { readTargeting } from './targeting.ts';

/** platforms.md §1 Limits: 63,206 characters; photos under 4 MB. */
export const MAX_MESSAGE = 63_206;
export const MAX_PHOTO_BYTES = 4 * 1024 * 1024;

type ById = { Params: { version: string; id: string } };

/**
 * A page's feed and photos (platforms.md §1 Publish): text and link posts, single photos, and
 * multi-photo posts from unpublished photos (attached_media), each with the `targeting` that says
 * who sees it (targeting.ts); reading the feed back for reconciling, newest first, a page at a
 * time (`paging.next` with an `after` cursor, as Graph's cursor-paged edges do). A post is
 * `<page id>_<n>`; its permalink is `<base>/<post id>` (a video's, `<base>/<page>/videos/<video id>`).
 */
export function pageRoutes(app: FastifyInstance, ctx: FakeContext, state: GraphState): void {
  const permalink = (postId: string) => `${ctx.url}/${postId}`;

  app.post<ById>('/:version/:id/feed', async (request, reply) => {
    const pageId = request.params.id;
    if (!state.pages.has(pageId)) return unknownObject(reply, pageId, 'post');
    const authed = authenticate(request, reply, ctx, state, 'POST /{page-id}/feed', pageId);
    if (!authed || !requirePageToken(reply, authed, pageId)) return reply;
    const { params } = authed;
    const message = params.get('message') ?? '';
    const link = params.get('link');
    const attached = params.json('attached_media');
    const mediaIds = Array.isArray(attached)
      ? attached.map((m) => String((m as { media_fbid?: unknown }).media_fbid ?? ''))
      : [];
    if (!message.trim() && !link && mediaIds.length === 0)
      return invalidParameter(reply, 'The parameter message or link is required');
    if (message.length > MAX_MESSAGE)
      return invalidParameter(reply, `Param message must be at most ${MAX_MESSAGE} characters long`);
    const photos = mediaIds.map((id) => state.photos.get(id));
    if (photos.some((p) => !p || p.pageId !== pageId))
      return invalidParameter(
        reply,
        'Invalid attached_media: the media_fbid is not an unpublished photo of this page',
      );
    const targeting = readTargeting(params);
    if (!targeting.ok) return graphError(reply, 400, targeting.error);
    if (mediaIds.length === 0 && isDuplicate(ctx, state, pageId, message, link))
      return graphError(reply, 400, { code: 506, message: '(#506) Duplicate status message' });
    for (const id of mediaIds) state.photos.delete(id);
    const postId = createPost(ctx, state, pageId, {
      message,
      link,
      kind: mediaIds.length ? 'photo' : 'status',
      targeting: targeting.targeting,
      media: photos.flatMap((p) => (p ? [p.file] : [])),
    });
    const after = ctx.afterCommit(reply, authed.fault, () => serverError(reply));
    if (after) return after;
    return withFields(authed, { id: postId, permalink_url: permalink(postId) });
  });

  app.post<ById>('/:version/:id/photos', async (request, reply) => {
    const pageId = request.params.id;
    if (!state.pages.has(pageId)) return unknownObject(reply, pageId, 'post');
    const authed = authenticate(request, reply, ctx, state, 'POST /{page-id}/photos', pageId);
    if (!authed || !requirePageToken(reply, authed, pageId)) return reply;
    const { params } = authed;
    const targeting = readTargeting(params);
    if (!targeting.ok) return graphError(reply, 400, targeting.error);
    const file = await photoFile(authed);
    if (!file) return badPhoto(reply);
    const photoId = state.id('10');
    if (params.get('published') === 'false') {
      state.photos.set(photoId, { id: photoId, pageId, file });
      return ctx.afterCommit(reply, authed.fault, () => serverError(reply)) ?? { id: photoId };
    }
    const postId = createPost(ctx, state, pageId, {
      message: params.get('message') ?? params.get('caption') ?? '',
      kind: 'photo',
      targeting: targeting.targeting,
      media: [file],
    });
    const after = ctx.afterCommit(reply, authed.fault, () => serverError(reply));
    if (after) return after;
    return withFields(authed, { id: photoId, post_id: postId, permalink_url: permalink(postId) });
  });

  app.get<ById>('/:version/:id/feed', async (request, reply) => {
    const pageId = request.params.id;
    if (!state.pages.has(pageId)) return unknownObject(reply, pageId);
    const authed = authenticate(request, reply, ctx, state, 'GET /{page-id}/feed', pageId);
    if (!authed) return reply;
    const since = timeParam(authed.params.get('since'));
    const limit = Math.min(100, Number(authed.params.get('limit') ?? 25) || 25);
    const fields = parseFields(authed.params.get('fields') ?? 'id,message,created_time');
    const all = ctx.posts
      .live()
      .filter((p) => p.account === pageId && (since === undefined || p.createdAt >= since))
      .reverse();
    const from = cursorIndex(authed.params.get('after'));
    const posts = all.slice(from, from + limit);
    return {
      data: posts.map((p) =>
        pick(
          {
            id: p.id,
            message: state.pagePosts.get(p.id)?.message,
            created_time: graphTime(p.createdAt),
            permalink_url: permalinkOf(ctx.url, state, p.id),
          },
          fields,
        ),
      ),
      paging: pagingOf(request, ctx.url, from, posts.length, all.length),
    };
  });
}

/**
 * Graph's cursor paging: `cursors` around the page, and `next` (the same call with `after`) while
 * more items follow. A cursor is the item's position, opaque to callers.
 */
export function pagingOf(request: FastifyRequest, base: string, from: number, size: number, total: number) {
  if (size === 0) return {};
  const cursor = (index: number) => Buffer.from(String(index)).toString('base64url');
  const next = new URL(`${base}${request.url}`);
  next.searchParams.set('after', cursor(from + size - 1));
  return {
    cursors: { before: cursor(from), after: cursor(from + size - 1) },
    ...(from + size < total ? { next: next.toString() } : {}),
  };
}

/** Where the page after an `after` cursor starts; 0 without one. */
export function cursorIndex(after: string | undefined): number {
  if (!after) return 0;
  const index = Number(Buffer.from(after, 'base64url').toString());
  return Number.isInteger(index) && index >= 0 ? index + 1 : 0;
}

/** A page post stored as the platform holds it, with its text as its public page shows it. */
export function createPost(
  ctx: FakeContext,
  state: GraphState,
  pageId: string,
  post: Omit<PagePost, 'pageId'> & { media: FakeMedia[]; id?: string },
): string {
  const id = post.id ?? `${pageId}_${ctx.nextId()}`;
  const text = post.link ? `${post.message}\n\n${post.link}`.trim() : post.message;
  ctx.posts.add({ id, account: pageId, text, media: post.media, createdAt: ctx.now() });
  state.pagePosts.set(id, {
    pageId,
    message: post.message,
    link: post.link,
    kind: post.kind,
    videoId: post.videoId,
    targeting: post.targeting,
  });
  return id;
}

/** Where a page post opens: a video at /<page>/videos/<id>, the rest at /<post id>. */
export function permalinkOf(base: string, state: GraphState, postId: string): string {
  const post = state.pagePosts.get(postId);
  return post?.videoId ? `${base}/${post.pageId}/videos/${post.videoId}` : `${base}/${postId}`;
}

/** Graph's time format: ISO 8601 with a +0000 offset. */
export function graphTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, '+0000');
}

/** The same text posted twice in a row is refused (platforms.md §1 Errors: 506). */
function isDuplicate(ctx: FakeContext, state: GraphState, pageId: string, message: string, link?: string) {
  const last = ctx.posts
    .live()
    .filter((p) => p.account === pageId)
    .at(-1);
  const before = last && state.pagePosts.get(last.id);
  return before?.kind === 'status' && before.message === message && before.link === link && message !== '';
}

/** The photo as multipart `source`, or fetched from `url`; undefined when it is not a photo Graph takes. */
async function photoFile(authed: Authed): Promise<FakeMedia | undefined> {
  const source = authed.params.files.get('source');
  const url = authed.params.get('url');
  const fetched = source ?? (url ? await fetchMedia(url) : undefined);
  if (!fetched || fetched.bytes.byteLength > MAX_PHOTO_BYTES) return undefined;
  const kind = sniff(fetched.bytes);
  if (kind !== 'jpeg' && kind !== 'png' && kind !== 'gif') return undefined;
  return { name: fetched.name, mime: mimeOf(fetched.bytes), bytes: fetched.bytes };
}

/** platforms.md §1 Errors: postiz's 1366046, "<4 MB, JPG/PNG". */
function badPhoto(reply: FastifyReply) {
  return graphError(reply, 400, {
    code: 100,
    subcode: 1366046,
    message: 'Invalid parameter',
    userTitle: "Can't Read Files",
    userMessage:
      "Your photos couldn't be uploaded. Photos should be less than 4 MB and saved as JPG, PNG, GIF, TIFF, HEIF or WebP files.",
  });
}

/** Read-after-write: `fields=id,permalink_url` on a write answers those fields (platforms.md §1 Publish). */
function withFields(authed: Authed, answer: Record<string, string>) {
  const asked = parseFields(authed.params.get('fields'));
  const base = Object.fromEntries(Object.entries(answer).filter(([name]) => name !== 'permalink_url'));
  return asked.size ? { ...base, ...pick(answer, asked) } : base;
}

function timeParam(value: string | undefined): Date | undefined {
  if (!value) return undefined;
  const date = /^\d+$/.test(value) ? new Date(Number(value) * 1000) : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
