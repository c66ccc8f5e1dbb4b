import type { FastifyInstance } from 'fastify';
import { avatarRoute, avatarUrl } from '../avatar.ts';
import type { FakeContext, FakeServer } from '../fake-server.ts';
import { AFTER_COMMIT_FAULTS } from '../faults.ts';
import { type OAuthFakeOptions, startOAuthFake } from '../oauth/start.ts';
import { Params } from '../params.ts';
import { postPage } from '../post-page.ts';
import { type FakeProfile, sendProfile } from '../profile-page.ts';
import { bearerToken } from '../guard.ts';
import { type VkMethod, communityJson, fail } from './call.ts';
import { getWallUploadServer, saveWallPhoto, uploadRoutes, videoGet, videoSave } from './media.ts';
import { oauthRoutes } from './oauth.ts';
import { VK_ERRORS, faultError, ok, vkError } from './replies.ts';
import { type VkCommunity, VkState, type VkUser } from './state.ts';
import { getPostReach, wallDelete, wallGet, wallGetById, wallPost } from './wall.ts';

/**
 * VK on loopback (platforms.md §5): VK ID's consent and token endpoints, `/method/<name>` with
 * `v` required and every answer HTTP 200 (errors too), upload URLs on its own host, and each
 * post's page at /wall<owner_id>_<post_id> as on vk.com. Fault switches match the method name as
 * `call` and the community's id (group_id, or -owner_id) as `account`, else the user's id.
 */

const usersGet: VkMethod = (call) =>
  ok(call.reply, [
    {
      id: call.user.id,
      first_name: call.user.firstName,
      last_name: call.user.lastName,
      screen_name: call.user.screenName,
      photo_200: avatarUrl(call.ctx.url, `id${call.user.id}`),
    },
  ]);

/** groups.get: with filter=admin, the communities the user runs; extended=1 gives them whole. */
const groupsGet: VkMethod = (call) => {
  const adminOnly = (call.params.get('filter') ?? '')
    .split(',')
    .some((f) => ['admin', 'editor', 'moder'].includes(f));
  const mine = [...call.state.communities.values()].filter((c) => adminOnly && c.admins.has(call.user.id));
  const offset = Number(call.params.get('offset') ?? 0);
  const page = mine.slice(offset, offset + Number(call.params.get('count') ?? 1000));
  const extended = call.params.get('extended') === '1';
  return ok(call.reply, {
    count: mine.length,
    items: extended ? page.map((c) => communityJson(call.ctx, c)) : page.map((c) => c.id),
  });
};

/**
 * groups.getById (API 5.139 and later: `{groups, profiles}`): the communities by group_id or
 * group_ids, with members_count when `fields` asks for it. VK answers an id it does not know
 * with error 100.
 */
const groupsGetById: VkMethod = (call) => {
  const ids = (call.params.get('group_ids') ?? call.params.get('group_id') ?? '').split(',').filter(Boolean);
  const fields = (call.params.get('fields') ?? '').split(',');
  const found = ids.map((id) => call.state.communities.get(Number(id)));
  if (ids.length === 0 || found.some((c) => c === undefined))
    return fail(call, 100, 'One of the parameters specified was missing or invalid: group_ids is undefined');
  return ok(call.reply, {
    groups: found.flatMap((c) =>
      c
        ? [
            {
              ...communityJson(call.ctx, c),
              ...(fields.includes('members_count') ? { members_count: c.members } : {}),
            },
          ]
        : [],
    ),
    profiles: [],
  });
};

const METHODS: Record<string, VkMethod> = {
  'users.get': usersGet,
  'groups.get': groupsGet,
  'groups.getById': groupsGetById,
  'photos.getWallUploadServer': getWallUploadServer,
  'photos.saveWallPhoto': saveWallPhoto,
  'video.save': videoSave,
  'video.get': videoGet,
  'wall.post': wallPost,
  'wall.delete': wallDelete,
  'wall.get': wallGet,
  'wall.getById': wallGetById,
  'stats.getPostReach': getPostReach,
};
const WRITES = new Set(['wall.post', 'wall.delete', 'photos.saveWallPhoto', 'video.save']);
/** The scope each method needs (VK answers 15 without it); users.get needs none. */
const SCOPES: Record<string, string> = {
  'groups.get': 'groups',
  'photos.getWallUploadServer': 'photos',
  'photos.saveWallPhoto': 'photos',
  'video.save': 'video',
  'video.get': 'video',
  'wall.post': 'wall',
  'wall.delete': 'wall',
  'wall.get': 'wall',
  'wall.getById': 'wall',
  'stats.getPostReach': 'stats',
};

export interface VkFake extends FakeServer {
  state: VkState;
  addUser(user: { firstName: string; lastName?: string; screenName?: string; id?: number }): VkUser;
  addCommunity(community: {
    name: string;
    screenName?: string;
    admins?: number[];
    id?: number;
    members?: number;
  }): VkCommunity;
}

export async function startVkFake(options: OAuthFakeOptions = {}): Promise<VkFake> {
  const server = await startOAuthFake('vk', options, (now) => new VkState(now), routes);
  const { state } = server;
  return {
    ...server,
    addUser: (user) => state.addUser(user),
    addCommunity: (community) => state.addCommunity(community),
  };
}

/** The sandbox's VK: one user who runs two communities (and belongs to a third they cannot post in). */
export function seedVkSandbox(fake: VkFake): { user: VkUser; communities: VkCommunity[] } {
  const user = fake.addUser({ firstName: 'Demo', lastName: 'Editor', screenName: 'postdeck_demo' });
  const communities = [
    fake.addCommunity({
      name: 'Postdeck Newsroom',
      screenName: 'postdeck_news',
      admins: [user.id],
      members: 12_480,
    }),
    fake.addCommunity({
      name: 'Postdeck Events',
      screenName: 'postdeck_events',
      admins: [user.id],
      members: 860,
    }),
  ];
  fake.addCommunity({ name: 'Someone Else’s Club', screenName: 'elsewhere' });
  return { user, communities };
}

function routes(app: FastifyInstance, ctx: FakeContext, state: VkState): void {
  oauthRoutes(app, ctx, state);
  uploadRoutes(app, ctx, state);
  avatarRoute(app, (key) => {
    const id = Number(/^(?:club|id)(\d+)$/.exec(key)?.[1]);
    const found = key.startsWith('club') ? state.communities.get(id) : state.users.get(id);
    return found && ('name' in found ? found.name : `${found.firstName} ${found.lastName}`);
  });

  app.route<{ Params: { method: string } }>({
    method: ['GET', 'POST'],
    url: '/method/:method',
    handler: async (request, reply) => {
      const params = new Params(request);
      const method = request.params.method;
      const echoed = Object.fromEntries(params.names().map((name) => [name, params.get(name) ?? '']));
      const error = ([code, message]: readonly [number, string]) =>
        vkError(reply, method, echoed, code, message);
      if (!params.get('v')) return error(VK_ERRORS.noVersion);
      const bearer = bearerToken(request);
      const check = state.oauth.check(params.get('access_token') ?? bearer);
      if (!check.ok) return error(check.reason === 'expired' ? VK_ERRORS.expired : VK_ERRORS.invalidToken);
      const user = state.users.get(Number(check.token.userId));
      const handler = METHODS[method];
      if (!user || !handler) return error(VK_ERRORS.unknownMethod);
      state.calls.push({ method, params: { ...echoed, access_token: '' } });
      const fault = ctx.faults.take(method, accountOf(params) ?? String(user.id));
      const afterCommit = fault && AFTER_COMMIT_FAULTS.includes(fault.kind) ? fault : undefined;
      // A read commits nothing: its after-commit fault answers at once.
      if (afterCommit && !WRITES.has(method)) {
        const after = ctx.afterCommit(reply, afterCommit, () => error(VK_ERRORS.server));
        if (after) return after;
      }
      if (fault && !afterCommit && fault.kind !== 'slowProcessing') return error(faultError(fault));
      const scope = SCOPES[method];
      if (scope && !check.token.scopes.includes(scope)) return error(VK_ERRORS.noPermission);
      return handler({
        method,
        user,
        scopes: check.token.scopes,
        params,
        echoed,
        state,
        ctx,
        reply,
        afterCommit,
        processingPolls: fault?.kind === 'slowProcessing' ? (fault.polls ?? 3) : undefined,
      });
    },
  });

  app.get<{ Params: { page: string } }>('/:page', async (request, reply) => {
    const key = /^wall(-?\d+_\d+)$/.exec(request.params.page)?.[1];
    // vk.com/<screen name> (or /club<id>) is a community's page, as the adapter links it.
    if (key === undefined)
      return sendProfile(reply, communityProfile(ctx, state, request.params.page), 'Page not found');
    const post = ctx.posts.get(key);
    if (!post) return reply.code(404).type('text/plain').send('Post not found');
    return reply.type('text/html; charset=utf-8').send(postPage('VK', post));
  });
}

/** A community's page, by its screen name or club<id>, with its wall. */
function communityProfile(ctx: FakeContext, state: VkState, page: string): FakeProfile | undefined {
  const club = Number(/^club(\d+)$/.exec(page)?.[1]);
  const found = [...state.communities.values()].find((c) => c.screenName === page || c.id === club);
  if (!found) return undefined;
  return {
    platform: 'VK',
    name: found.name,
    handle: found.screenName,
    picture: avatarUrl('', `club${found.id}`),
    posts: ctx.posts
      .all()
      .filter((post) => post.account === String(found.id))
      .map((post) => ({ post, href: `/wall${post.id}` })),
  };
}

/** The community a call is about: group_id (or group_ids' first), a negative owner_id, or the owner in wall.getById's posts. */
function accountOf(params: Params): string | undefined {
  const group = params.get('group_id') ?? params.get('group_ids')?.split(',')[0];
  if (group) return group;
  const owner = params.get('owner_id') ?? /^(-?\d+)_/.exec(params.get('posts') ?? '')?.[1];
  return owner?.startsWith('-') ? owner.slice(1) : undefined;
}
