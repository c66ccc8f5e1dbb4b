import type { FastifyInstance } from 'fastify';
import { avatarRoute, avatarUrl } from '../avatar.ts';
import type { FakeContext, FakeServer } from '../fake-server.ts';
import { AFTER_COMMIT_FAULTS } from '../faults.ts';
import { type OAuthFakeOptions, startOAuthFake } from '../oauth/start.ts';
import { postPage } from '../post-page.ts';
import { countsOf } from '../graph/grown-counts.ts';
import type { FakeMetrics, FakePost } from '../posts.ts';
import { sendProfile } from '../profile-page.ts';
import { bearerToken } from '../guard.ts';
import { type TikTokHandler, object } from './call.ts';
import { oauthRoutes } from './oauth.ts';
import { creatorInfo, photoInit, statusFetch, videoInit, videoList } from './publish.ts';
import { answerFault, fail, invalidParam, invalidToken, ok, scopeNotAuthorized } from './replies.ts';
import { type TikTokCreator, TikTokState } from './state.ts';
import { uploadRoutes } from './upload.ts';

/**
 * TikTok on loopback (platforms.md §10): Login Kit's consent and token endpoints, the Content
 * Posting API's Direct Post (creator info, video init with chunked upload or a pull, photo init,
 * status), video/query for metrics, video/list (where a post whose answer was lost is found),
 * user/info (the creator's profile and counts, each field behind its scope),
 * each answer in TikTok's `{data, error{code,message,log_id}}`, and each public post's page at
 * /@<username>/video/<id> (or /photo/<id>). Fault switches match the path
 * ("POST /v2/post/publish/video/init/", "PUT upload") as `call` and the open_id as `account`.
 */

/** Each route's scope (platforms.md §10); a token without it gets scope_not_authorized. */
const ROUTES: [path: string, scope: string, handler: TikTokHandler, write: boolean][] = [
  ['/v2/post/publish/creator_info/query/', 'video.publish', creatorInfo, false],
  ['/v2/post/publish/video/init/', 'video.publish', videoInit, true],
  ['/v2/post/publish/content/init/', 'video.publish', photoInit, true],
  ['/v2/post/publish/status/fetch/', 'video.publish', statusFetch, false],
  ['/v2/video/query/', 'video.list', videoQuery, false],
  ['/v2/video/list/', 'video.list', videoList, false],
];

export interface TikTokFake extends FakeServer {
  state: TikTokState;
  addCreator(creator: {
    username: string;
    nickname?: string;
    privacyLevelOptions?: string[];
    maxVideoPostDurationSec?: number;
    followers?: number;
  }): TikTokCreator;
}

export async function startTikTokFake(options: OAuthFakeOptions = {}): Promise<TikTokFake> {
  const server = await startOAuthFake('tiktok', options, (now) => new TikTokState(now), routes);
  return { ...server, addCreator: (creator) => server.state.addCreator(creator) };
}

/** The sandbox's TikTok: one creator whose app is audited (public posts allowed). */
export function seedTikTokSandbox(fake: TikTokFake): { creator: TikTokCreator } {
  fake.state.grownCounts = true;
  return {
    creator: fake.addCreator({ username: 'postdeck.demo', nickname: 'Postdeck Demo', followers: 5_620 }),
  };
}

function routes(app: FastifyInstance, ctx: FakeContext, state: TikTokState): void {
  oauthRoutes(app, state);
  uploadRoutes(app, ctx, state);
  avatarRoute(app, (key) => [...state.creators.values()].find((c) => c.username === key)?.nickname);

  for (const [path, scope, handler, write] of ROUTES) {
    app.post(path, async (request, reply) => {
      const bearer = bearerToken(request);
      const check = state.oauth.check(bearer);
      const creator = check.ok ? state.creators.get(check.token.userId) : undefined;
      if (!check.ok || !creator) return invalidToken(reply);
      const body = object(request.body);
      state.calls.push({ call: `POST ${path}`, body });
      const fault = ctx.faults.take(`POST ${path}`, creator.openId);
      const serverError = () => answerFault(reply, { kind: 'serverError' });
      // A read has nothing to commit: its after-commit faults answer at once.
      if (!write) {
        const after = ctx.afterCommit(reply, fault, serverError);
        if (after) return after;
      }
      if (fault && !AFTER_COMMIT_FAULTS.includes(fault.kind) && fault.kind !== 'slowProcessing')
        return answerFault(reply, fault);
      if (!check.token.scopes.includes(scope)) return scopeNotAuthorized(reply, scope);
      if (write && !withinInitLimit(state, check.token.token, ctx.now())) {
        ctx.overLimit(creator.openId, 'init calls per minute');
        return fail(
          reply,
          429,
          'rate_limit_exceeded',
          'The API rate limit was exceeded. Please try again later.',
        );
      }
      return handler({
        creator,
        body,
        query: request.query as Record<string, string>,
        state,
        ctx,
        reply,
        fault,
      });
    });
  }

  // GET /v2/user/info/?fields=…: each field needs its scope; one not granted refuses the call.
  app.get('/v2/user/info/', async (request, reply) => {
    const check = state.oauth.check(bearerToken(request));
    const creator = check.ok ? state.creators.get(check.token.userId) : undefined;
    if (!check.ok || !creator) return invalidToken(reply);
    const query = request.query as Record<string, string | undefined>;
    state.calls.push({ call: 'GET /v2/user/info/', body: query });
    const fault = ctx.faults.take('GET /v2/user/info/', creator.openId);
    const after = ctx.afterCommit(reply, fault, () => answerFault(reply, { kind: 'serverError' }));
    if (after) return after;
    if (fault && fault.kind !== 'slowProcessing') return answerFault(reply, fault);
    const fields = (query['fields'] ?? '').split(',').filter(Boolean);
    if (fields.length === 0) return invalidParam(reply, 'fields is required.');
    const unknown = fields.find((f) => !(f in USER_FIELDS));
    if (unknown) return invalidParam(reply, `Invalid field: ${unknown}.`);
    const missing = fields.map((f) => USER_FIELDS[f]?.[0] ?? '').find((s) => !check.token.scopes.includes(s));
    if (missing) return scopeNotAuthorized(reply, missing);
    const counts = (post: FakePost) => countsOf(post, ctx.now(), state.grownCounts);
    const user = Object.fromEntries(
      fields.map((f) => [f, USER_FIELDS[f]?.[1](creator, ctx.url, ctx.posts.live(), counts) ?? null]),
    );
    return ok(reply, { user });
  });

  // www.tiktok.com/@<username>: the creator's profile, and where a post not yet public links.
  app.get<{ Params: { username: string } }>('/@:username', async (request, reply) => {
    const creator = [...state.creators.values()].find((c) => c.username === request.params.username);
    const published = (id: string) => [...state.publishes.values()].find((p) => p.postId === id);
    return sendProfile(
      reply,
      creator && {
        platform: 'TikTok',
        name: creator.nickname,
        handle: `@${creator.username}`,
        picture: avatarUrl('', creator.username),
        posts: ctx.posts
          .all()
          .filter((post) => post.account === creator.openId)
          .filter((post) => published(post.id)?.privacyLevel !== 'SELF_ONLY')
          .map((post) => {
            const kind = published(post.id)?.kind === 'photo' ? 'photo' : 'video';
            return { post, href: `/@${creator.username}/${kind}/${encodeURIComponent(post.id)}` };
          }),
      },
      "Couldn't find this account",
    );
  });

  app.get<{ Params: { username: string; kind: string; id: string } }>(
    '/@:username/:kind/:id',
    async (request, reply) => {
      const post = ctx.posts.get(request.params.id);
      const creator = post && state.creators.get(post.account);
      const publish = [...state.publishes.values()].find((p) => p.postId === request.params.id);
      const kind = publish?.kind === 'photo' ? 'photo' : 'video';
      if (
        !post ||
        creator?.username !== request.params.username ||
        kind !== request.params.kind ||
        publish?.privacyLevel === 'SELF_ONLY'
      )
        return reply.code(404).type('text/plain').send('Not found');
      return reply.type('text/html; charset=utf-8').send(postPage('TikTok', post));
    },
  );
}

/** user/info's fields (the Display API's User object), each with the scope it needs and its value. */
const USER_FIELDS: Record<
  string,
  [
    scope: string,
    value: (
      creator: TikTokCreator,
      base: string,
      posts: FakePost[],
      counts: (post: FakePost) => FakeMetrics,
    ) => unknown,
  ]
> = {
  open_id: ['user.info.basic', (c) => c.openId],
  union_id: ['user.info.basic', (c) => `union-${c.openId}`],
  avatar_url: ['user.info.basic', (c, base) => avatarUrl(base, c.username)],
  display_name: ['user.info.basic', (c) => c.nickname],
  username: ['user.info.profile', (c) => c.username],
  profile_deep_link: ['user.info.profile', (c, base) => `${base}/@${c.username}`],
  is_verified: ['user.info.profile', () => false],
  follower_count: ['user.info.stats', (c) => c.followers],
  following_count: ['user.info.stats', () => 0],
  likes_count: [
    'user.info.stats',
    (c, _base, posts, counts) =>
      posts.filter((p) => p.account === c.openId).reduce((sum, p) => sum + (counts(p).reactions ?? 0), 0),
  ],
  video_count: ['user.info.stats', (c, _base, posts) => posts.filter((p) => p.account === c.openId).length],
};

/** video/query: the counters of the creator's own posts, only the fields asked for. */
function videoQuery(call: Parameters<TikTokHandler>[0]) {
  const fields = (call.query['fields'] ?? '').split(',').filter(Boolean);
  if (fields.length === 0) return invalidParam(call.reply, 'fields is required.');
  const ids = object(call.body['filters'])['video_ids'];
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > 20)
    return invalidParam(call.reply, 'video_ids takes 1 to 20 ids.');
  const videos = ids.flatMap((id) => {
    const post = call.ctx.posts.get(String(id));
    if (!post || post.account !== call.creator.openId || post.deletedAt) return [];
    const counts = countsOf(post, call.ctx.now(), call.state.grownCounts);
    const all: Record<string, unknown> = {
      id: post.id,
      create_time: Math.floor(post.createdAt.getTime() / 1000),
      title: post.text,
      like_count: counts.reactions ?? 0,
      comment_count: counts.comments ?? 0,
      share_count: counts.shares ?? 0,
      view_count: counts.views ?? 0,
    };
    return [Object.fromEntries(fields.filter((f) => f in all).map((f) => [f, all[f]]))];
  });
  return ok(call.reply, { videos, cursor: 0, has_more: false });
}

/** Counts an init call against its token's minute; false when the minute's calls are spent. */
function withinInitLimit(state: TikTokState, token: string, now: Date): boolean {
  const recent = (state.initCalls.get(token) ?? []).filter((at) => now.getTime() - at.getTime() < 60_000);
  const allowed = recent.length < state.initsPerMinute;
  if (allowed) recent.push(now);
  state.initCalls.set(token, recent);
  return allowed;
}
