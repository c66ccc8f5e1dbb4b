import type { FastifyInstance } from 'fastify';
import type { FakeContext } from '../fake-server.ts';
import { Params } from '../params.ts';
import type { FakePost } from '../posts.ts';
import { authenticate, hasScope } from './guard.ts';
import { escapeLittleText, unescapeLittleText } from './little-text.ts';
import { available } from './media.ts';
import { badRequest, forbidden, notFound, serverError, unprocessable } from './replies.ts';
import type { LinkedInMedia, LinkedInState } from './state.ts';

/** platforms.md §7 Limits: commentary ≤ 3,000 characters, multiImage up to 20. */
const MAX_COMMENTARY = 3_000;
const MAX_IMAGES = 20;
/** The Posts API's visibility values [doc; CONTAINER is for posts inside a group or event]. */
const VISIBILITIES = ['PUBLIC', 'CONNECTIONS', 'LOGGED_IN', 'CONTAINER'];

interface PostBody {
  author?: string;
  commentary?: string;
  visibility?: string;
  distribution?: { feedDistribution?: string };
  lifecycleState?: string;
  content?: {
    media?: { id?: string; title?: string };
    multiImage?: { images?: { id?: string }[] };
    article?: { source?: string; title?: string };
  };
}

/**
 * The Posts API (platforms.md §7): create (201, empty body, the URN in x-restli-id), read, find by
 * author (where a post whose answer was lost is found again), delete (204, idempotent), and the
 * organisation share statistics.
 */
export function postRoutes(app: FastifyInstance, ctx: FakeContext, state: LinkedInState): void {
  app.post('/rest/posts', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'POST /rest/posts');
    if (!authed || !hasScope(authed, reply, 'w_organization_social')) return reply;
    const body = (request.body ?? {}) as PostBody;
    if (!body.author || !state.postableBy(body.author, authed.member.id))
      return forbidden(reply, `Not enough permissions to post as ${body.author ?? '(no author)'}`);
    if (body.lifecycleState !== 'PUBLISHED' || !body.visibility || !body.distribution?.feedDistribution)
      return unprocessable(reply, 'ERROR :: /lifecycleState, /visibility and /distribution are required');
    if (!VISIBILITIES.includes(body.visibility))
      return unprocessable(reply, `ERROR :: /visibility :: Invalid enum value ${body.visibility}`);
    const text = unescapeLittleText(body.commentary ?? '');
    if (text.length > MAX_COMMENTARY)
      return unprocessable(reply, `ERROR :: /commentary :: length ${text.length} exceeds ${MAX_COMMENTARY}`);
    const ids = mediaIds(body);
    if (ids.length > MAX_IMAGES)
      return unprocessable(reply, `ERROR :: /content/multiImage/images :: at most ${MAX_IMAGES}`);
    const media = ids.map((id) => state.media.get(id));
    if (media.some((m) => !available(m) || m?.owner !== body.author))
      return badRequest(reply, `Media ${ids.join(', ')} is not available for ${body.author}`);
    // platforms.md §7 Limits: multiImage takes images only; a video goes alone.
    if (ids.length > 1 && media.some((m) => m?.kind !== 'image'))
      return unprocessable(reply, 'ERROR :: /content/multiImage/images :: only images may be combined');
    if (text.trim() === '' && ids.length === 0 && !body.content?.article)
      return unprocessable(reply, 'ERROR :: /commentary :: a post needs commentary or content');
    const same = ctx.posts
      .live()
      .find(
        (p) =>
          p.account === body.author &&
          p.text === text &&
          JSON.stringify((state.postBodies.get(p.id) as PostBody).content ?? null) ===
            JSON.stringify(body.content ?? null),
      );
    if (same) return unprocessable(reply, `Content is a duplicate of ${same.id}`);
    const urn = `urn:li:share:${7_300_000_000_000_000_000n + BigInt(ctx.nextId())}`;
    ctx.posts.add({
      id: urn,
      account: body.author,
      text: body.content?.article?.source ? `${text}\n\n${body.content.article.source}` : text,
      media: (media as LinkedInMedia[]).map((m) => ({
        name: m.urn,
        mime: m.mime ?? 'application/octet-stream',
        bytes: m.bytes ?? new Uint8Array(),
      })),
      createdAt: ctx.now(),
    });
    state.postBodies.set(urn, body);
    state.postMedia.set(urn, ids);
    const after = ctx.afterCommit(reply, authed.fault, () => serverError(reply));
    if (after) return after;
    return reply.code(201).header('x-restli-id', urn).send();
  });

  app.get('/rest/posts', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'GET /rest/posts');
    if (!authed || !hasScope(authed, reply, 'r_organization_social')) return reply;
    const params = new Params(request);
    if (params.get('q') !== 'author') return badRequest(reply, 'Only the author finder is supported');
    const author = params.get('author') ?? '';
    if (!state.postableBy(author, authed.member.id))
      return forbidden(reply, `Not enough permissions to read posts of ${author}`);
    const start = Number(params.get('start') ?? 0);
    const count = Math.min(100, Number(params.get('count') ?? 10));
    const sortBy = params.get('sortBy') ?? 'LAST_MODIFIED';
    if (sortBy !== 'LAST_MODIFIED' && sortBy !== 'CREATED')
      return badRequest(reply, `Invalid sortBy ${sortBy}: LAST_MODIFIED or CREATED`);
    // The fake's posts are never edited: last modified is when created, so both orders agree.
    const mine = ctx.posts
      .live()
      .filter((p) => p.account === author)
      .reverse();
    return {
      paging: { start, count, total: mine.length, links: [] },
      elements: mine.slice(start, start + count).map((p) => postJson(state, p)),
    };
  });

  app.get<{ Params: { urn: string } }>('/rest/posts/:urn', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'GET /rest/posts/:urn');
    if (!authed) return reply;
    const post = ctx.posts.get(request.params.urn);
    if (!post || post.deletedAt) return notFound(reply, request.params.urn);
    return postJson(state, post);
  });

  app.delete<{ Params: { urn: string } }>('/rest/posts/:urn', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'DELETE /rest/posts/:urn');
    if (!authed || !hasScope(authed, reply, 'w_organization_social')) return reply;
    const post = ctx.posts.get(request.params.urn);
    // Deleting is idempotent: a post already gone answers 204 again.
    if (post && !post.deletedAt) {
      if (!state.postableBy(post.account, authed.member.id))
        return forbidden(reply, `Not enough permissions to delete ${post.id}`);
      ctx.posts.markDeleted(post.id, ctx.now());
      const after = ctx.afterCommit(reply, authed.fault, () => serverError(reply));
      if (after) return after;
    }
    return reply.code(204).send();
  });

  app.get('/rest/organizationalEntityShareStatistics', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'GET /rest/organizationalEntityShareStatistics');
    // LinkedIn's share statistics need rw_organization_admin and the ADMINISTRATOR role.
    if (!authed || !hasScope(authed, reply, 'rw_organization_admin')) return reply;
    const params = new Params(request);
    const entity = params.get('organizationalEntity') ?? '';
    const org = state.organizations.get(/^urn:li:organization:(\d+)$/.exec(entity)?.[1] ?? '');
    if (params.get('q') !== 'organizationalEntity' || org?.roles.get(authed.member.id) !== 'ADMINISTRATOR')
      return forbidden(reply, `Not enough permissions to read statistics of ${entity}`);
    const list = (name: string) =>
      (/^List\((.*)\)$/.exec(params.get(name) ?? '')?.[1] ?? '').split(',').filter(Boolean);
    const asked = [...list('shares'), ...list('ugcPosts')];
    const posts = asked.map((urn) => ctx.posts.get(urn)).filter((p): p is FakePost => p?.account === entity);
    return {
      paging: { start: 0, count: posts.length, links: [] },
      elements: posts.map((p) => {
        const counts = {
          clickCount: p.metrics.linkClicks ?? 0,
          likeCount: p.metrics.reactions ?? 0,
          commentCount: p.metrics.comments ?? 0,
          shareCount: p.metrics.shares ?? 0,
        };
        const impressionCount = p.metrics.views ?? 0;
        // LinkedIn's engagement: (clicks + likes + comments + shares) / impressions.
        const acted = counts.clickCount + counts.likeCount + counts.commentCount + counts.shareCount;
        return {
          organizationalEntity: entity,
          [p.id.startsWith('urn:li:ugcPost:') ? 'ugcPost' : 'share']: p.id,
          totalShareStatistics: {
            ...counts,
            impressionCount,
            uniqueImpressionsCount: p.metrics.reach ?? 0,
            engagement: impressionCount === 0 ? 0 : acted / impressionCount,
            shareMentionsCount: 0,
            commentMentionsCount: 0,
          },
        };
      }),
    };
  });
}

function mediaIds(body: PostBody): string[] {
  const single = body.content?.media?.id;
  if (single) return [single];
  return (body.content?.multiImage?.images ?? []).map((i) => i.id ?? '');
}

function postJson(state: LinkedInState, post: FakePost) {
  const body = (state.postBodies.get(post.id) ?? {}) as PostBody;
  return {
    id: post.id,
    author: post.account,
    commentary: body.commentary ?? escapeLittleText(post.text),
    visibility: body.visibility ?? 'PUBLIC',
    distribution: body.distribution ?? { feedDistribution: 'MAIN_FEED' },
    lifecycleState: 'PUBLISHED',
    isReshareDisabledByAuthor: false,
    createdAt: post.createdAt.getTime(),
    publishedAt: post.createdAt.getTime(),
    lastModifiedAt: post.createdAt.getTime(),
    ...(body.content ? { content: body.content } : {}),
  };
}
