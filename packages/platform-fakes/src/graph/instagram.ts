import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FakeContext } from '../fake-server.ts';
import type { FakeMedia } from '../posts.ts';
import { type Authed, authenticate } from './guard.ts';
import { grantedPages } from './oauth.ts';
import { parseFields, pick } from './fields.ts';
import { cursorIndex, graphTime, pagingOf } from './pages.ts';
import { graphError, invalidParameter, serverError, unknownObject } from './replies.ts';
import { fetchMedia, mimeOf, sniff } from './sniff.ts';
import type { Container, GraphState, InstagramAccount } from './state.ts';

/** platforms.md §2 Limits and Rate limits: 2,200 characters, 2-10 carousel items, images ≤ 8 MB, 50 posts a day. */
export const MAX_CAPTION = 2_200;
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
export const DAILY_POSTS = 50;
const DAY_MS = 24 * 3600 * 1000;

type ById = { Params: { version: string; id: string } };

/**
 * Instagram content publishing through Facebook Login (platforms.md §2): containers that fetch
 * their media from `image_url` / `video_url` (the fake fetches them), their status, media_publish,
 * the publishing limit, and the account's media newest first, cursor-paged (where a lost
 * media_publish is looked for). The token is the linked page's, or a user token that granted that
 * page. Fault calls: "POST /{ig-user-id}/media", "GET /{container-id}",
 * "POST /{ig-user-id}/media_publish", "GET /{ig-user-id}/media".
 */
export function instagramRoutes(app: FastifyInstance, ctx: FakeContext, state: GraphState): void {
  app.post<ById>('/:version/:id/media', async (request, reply) => {
    const account = state.instagram.get(request.params.id);
    if (!account) return unknownObject(reply, request.params.id, 'post');
    const authed = authenticate(request, reply, ctx, state, 'POST /{ig-user-id}/media', account.id);
    if (!authed || !mayPublish(reply, state, authed, account)) return reply;
    const { params } = authed;
    const caption = params.get('caption') ?? '';
    if (caption.length > MAX_CAPTION)
      return graphError(reply, 400, {
        code: 100,
        subcode: 2207010,
        message: 'Invalid parameter',
        userTitle: 'Caption too long',
        userMessage: `The caption is longer than ${MAX_CAPTION} characters.`,
      });
    const mediaType = (params.get('media_type') ?? '').toUpperCase();
    const container: Container = {
      id: state.id('1789'),
      igUserId: account.id,
      mediaType: 'IMAGE',
      caption,
      isCarouselItem: params.get('is_carousel_item') === 'true',
      children: [],
      pollsLeft: authed.fault?.kind === 'slowProcessing' ? (authed.fault.polls ?? 3) : 0,
      createdAt: ctx.now(),
    };
    if (mediaType === 'CAROUSEL') {
      const children = params
        .all('children')
        .flatMap((c) => c.split(','))
        .map((c) => c.trim())
        .filter(Boolean);
      const found = children.map((id) => state.containers.get(id));
      if (
        children.length < 2 ||
        children.length > 10 ||
        found.some((c) => !c || c.igUserId !== account.id || !c.isCarouselItem)
      )
        return graphError(reply, 400, {
          code: 100,
          subcode: 2207028,
          message: 'Invalid parameter',
          userTitle: 'Carousel validation failed',
          userMessage: 'A carousel takes 2 to 10 items created with is_carousel_item by this account.',
        });
      container.mediaType = 'CAROUSEL';
      container.children = children;
    } else if (params.get('image_url')) {
      const url = params.get('image_url') ?? '';
      const fetched = await fetchMedia(url);
      const refused = imageProblem(fetched, url);
      if (refused) return graphError(reply, 400, refused);
      container.sourceUrl = url;
      container.file = fetched && { name: fetched.name, mime: mimeOf(fetched.bytes), bytes: fetched.bytes };
      container.mediaType = mediaType === 'STORIES' ? 'STORIES' : 'IMAGE';
    } else if (params.get('video_url')) {
      if (
        !['REELS', 'VIDEO', 'STORIES'].includes(mediaType) ||
        (mediaType === 'VIDEO' && !container.isCarouselItem)
      )
        return invalidParameter(
          reply,
          'The parameter media_type must be REELS (or VIDEO for a carousel item)',
        );
      const url = params.get('video_url') ?? '';
      container.mediaType = mediaType as Container['mediaType'];
      container.sourceUrl = url;
      // Videos are fetched and checked while the container processes: a failure shows as ERROR.
      const fetched = await fetchMedia(url);
      if (!fetched) container.error = '2207052: The media could not be fetched from the URI.';
      else if (sniff(fetched.bytes) !== 'mp4')
        container.error = '2207026: The video format is not supported.';
      else container.file = { name: fetched.name, mime: mimeOf(fetched.bytes), bytes: fetched.bytes };
      container.pollsLeft = Math.max(container.pollsLeft, 1);
    } else {
      return invalidParameter(reply, 'The parameter image_url or video_url is required');
    }
    state.containers.set(container.id, container);
    return ctx.afterCommit(reply, authed.fault, () => serverError(reply)) ?? { id: container.id };
  });

  app.post<ById>('/:version/:id/media_publish', async (request, reply) => {
    const account = state.instagram.get(request.params.id);
    if (!account) return unknownObject(reply, request.params.id, 'post');
    const authed = authenticate(request, reply, ctx, state, 'POST /{ig-user-id}/media_publish', account.id);
    if (!authed || !mayPublish(reply, state, authed, account)) return reply;
    const container = state.containers.get(authed.params.get('creation_id') ?? '');
    if (!container || container.igUserId !== account.id || container.isCarouselItem)
      return invalidParameter(reply, 'The parameter creation_id is not a container of this account', 2207006);
    const status = containerStatus(state, container, ctx.now(), false);
    if (status.status_code === 'EXPIRED')
      return graphError(reply, 400, {
        code: 100,
        subcode: 2207008,
        message: 'Invalid parameter',
        userMessage: 'The media container has expired: create it again.',
      });
    if (status.status_code !== 'FINISHED')
      return graphError(reply, 400, {
        code: 9007,
        subcode: 2207027,
        message: 'Media ID is not available',
        userTitle: 'Media not ready for publishing',
        userMessage: 'The media is not ready for publishing, please wait for a moment',
      });
    const since = ctx.now().getTime() - DAY_MS;
    if (
      ctx.posts.all().filter((p) => p.account === account.id && p.createdAt.getTime() > since).length >=
      DAILY_POSTS
    ) {
      ctx.overLimit(account.id, 'posts per 24 hours');
      return graphError(reply, 400, {
        code: 9,
        subcode: 2207042,
        message: 'Application request limit reached',
        userTitle: 'Maximum posts reached',
        userMessage:
          'You reached the maximum number of posts that is allowed to be published by Content Publishing API.',
      });
    }
    const mediaId = state.id('1790');
    const files = (
      container.mediaType === 'CAROUSEL'
        ? container.children.map((id) => state.containers.get(id)?.file)
        : [container.file]
    ).filter((f): f is FakeMedia => f !== undefined);
    ctx.posts.add({
      id: mediaId,
      account: account.id,
      text: container.caption,
      media: files,
      createdAt: ctx.now(),
    });
    container.mediaId = mediaId;
    state.shortcodes.set(mediaId, randomBytes(8).toString('base64url').slice(0, 11));
    return ctx.afterCommit(reply, authed.fault, () => serverError(reply)) ?? { id: mediaId };
  });

  app.get<ById>('/:version/:id/media', async (request, reply) => {
    const account = state.instagram.get(request.params.id);
    if (!account) return unknownObject(reply, request.params.id);
    const authed = authenticate(request, reply, ctx, state, 'GET /{ig-user-id}/media', account.id);
    if (!authed) return reply;
    const limit = Math.min(100, Number(authed.params.get('limit') ?? 25) || 25);
    const fields = parseFields(authed.params.get('fields') ?? 'id');
    const all = ctx.posts
      .live()
      .filter((p) => p.account === account.id)
      .reverse();
    const from = cursorIndex(authed.params.get('after'));
    const media = all.slice(from, from + limit);
    return {
      data: media.map((p) =>
        pick(
          {
            id: p.id,
            caption: p.text,
            timestamp: graphTime(p.createdAt),
            permalink: shortcodeUrl(ctx.url, state, p.id),
          },
          fields,
        ),
      ),
      paging: pagingOf(request, ctx.url, from, media.length, all.length),
    };
  });

  app.get<ById>('/:version/:id/content_publishing_limit', async (request, reply) => {
    const account = state.instagram.get(request.params.id);
    if (!account) return unknownObject(reply, request.params.id);
    const authed = authenticate(
      request,
      reply,
      ctx,
      state,
      'GET /{ig-user-id}/content_publishing_limit',
      account.id,
    );
    if (!authed) return reply;
    const since = ctx.now().getTime() - DAY_MS;
    const used = ctx.posts
      .all()
      .filter((p) => p.account === account.id && p.createdAt.getTime() > since).length;
    return { data: [{ quota_usage: used, config: { quota_total: DAILY_POSTS, quota_duration: 86_400 } }] };
  });
}

/** A container's status_code and status (platforms.md §2 step 2); a check while processing uses one up. */
export function containerStatus(state: GraphState, container: Container, now: Date, counts = true) {
  const children = container.children.map((id) => state.containers.get(id));
  const processing = container.pollsLeft > 0 || children.some((c) => c && c.pollsLeft > 0);
  if (processing && counts && container.pollsLeft > 0) container.pollsLeft -= 1;
  const failed = container.error ?? children.find((c) => c?.error)?.error;
  if (container.mediaId) return { status_code: 'PUBLISHED', status: 'Published: Media has been published.' };
  if (processing)
    return { status_code: 'IN_PROGRESS', status: 'In Progress: Media is still being processed.' };
  if (failed) return { status_code: 'ERROR', status: `Error: ${failed}` };
  if (now.getTime() - container.createdAt.getTime() > DAY_MS)
    return { status_code: 'EXPIRED', status: 'Expired: The container was not published within 24 hours.' };
  return {
    status_code: 'FINISHED',
    status: 'Finished: Media has been uploaded and it is ready to be published.',
  };
}

export function shortcodeUrl(base: string, state: GraphState, mediaId: string): string {
  return `${base}/p/${state.shortcodes.get(mediaId) ?? mediaId}/`;
}

/**
 * The linked page's token, or a user token that granted the page (platforms.md §2: Facebook
 * Login), with instagram_content_publish granted.
 */
export function mayPublish(
  reply: FastifyReply,
  state: GraphState,
  authed: Authed,
  account: InstagramAccount,
): boolean {
  const page = state.pages.get(account.pageId);
  const allowed =
    authed.pageId === account.pageId ||
    (authed.pageId === undefined && page !== undefined && grantedPages(state, authed.token).includes(page));
  if (allowed && authed.token.scopes.includes('instagram_content_publish')) return true;
  graphError(reply, 403, { code: 10, message: '(#10) Application does not have permission for this action' });
  return false;
}

/** platforms.md §2 Errors: a file that cannot be fetched (2207052), too large (2207004), not JPEG (2207005). */
function imageProblem(fetched: { bytes: Uint8Array } | undefined, url: string) {
  if (!fetched)
    return {
      code: 9004,
      subcode: 2207052,
      message: 'Only photo or video can be accepted as media type.',
      userTitle: 'Media download has failed.',
      userMessage: `The media could not be fetched from this uri: ${url}`,
    };
  if (fetched.bytes.byteLength > MAX_IMAGE_BYTES)
    return {
      code: 100,
      subcode: 2207004,
      message: 'Invalid parameter',
      userTitle: 'Image too large',
      userMessage: 'The image is too large to download. It should be less than 8 MiB.',
    };
  if (sniff(fetched.bytes) !== 'jpeg')
    return {
      code: 100,
      subcode: 2207005,
      message: 'Invalid parameter',
      userTitle: 'Unsupported image format',
      userMessage: 'The image format is not supported. Supported formats are: JPEG.',
    };
  return undefined;
}
