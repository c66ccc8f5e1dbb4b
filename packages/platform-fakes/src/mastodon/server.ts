import type { FastifyInstance } from 'fastify';
import { type FakeContext, type FakeServer, startFakeServer } from '../fake-server.ts';
import { avatarSvg } from '../avatar.ts';
import { postPage } from '../post-page.ts';
import { sendProfile } from '../profile-page.ts';
import { authenticate } from './guard.ts';
import { accountJson } from './json.ts';
import { IMAGE_SIZE_LIMIT, VIDEO_SIZE_LIMIT, mediaRoutes } from './media.ts';
import { oauthRoutes } from './oauth.ts';
import { statusRoutes } from './statuses.ts';
import { MastodonState, type MastodonUser } from './state.ts';

/**
 * One Mastodon instance on loopback (platforms.md §8): app registration, OAuth with a consent page
 * (approve, deny) and PKCE, the statuses and media calls, X-RateLimit-* headers, and each status's
 * public page at /@<user>/<id>. Fault switches match "METHOD /path pattern" as `call` and the
 * user's id as `account`.
 */
export interface MastodonFake extends FakeServer {
  addUser(user: { username: string; displayName?: string; followers?: number }): MastodonUser;
  /** The tokens, codes and apps, for tests to look into. */
  state: MastodonState;
}

export async function startMastodonFake(options: { now?: () => Date } = {}): Promise<MastodonFake> {
  const state = new MastodonState();
  const server = await startFakeServer({
    platform: 'mastodon',
    now: options.now,
    routes: (app, ctx) => routes(app, ctx, state),
  });
  return { ...server, state, addUser: (user) => state.addUser(user) };
}

function routes(app: FastifyInstance, ctx: FakeContext, state: MastodonState): void {
  oauthRoutes(app, ctx, state);
  mediaRoutes(app, ctx, state);
  statusRoutes(app, ctx, state);

  app.get('/api/v1/accounts/verify_credentials', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'GET /api/v1/accounts/verify_credentials');
    if (!authed) return reply;
    return { ...accountJson(ctx.url, authed.user), source: { privacy: 'public', sensitive: false } };
  });

  app.get('/api/v2/instance', async () => ({
    domain: new URL(ctx.url).host,
    title: 'Postdeck sandbox',
    version: '4.4.0',
    configuration: {
      statuses: { max_characters: 500, max_media_attachments: 4, characters_reserved_per_url: 23 },
      media_attachments: {
        supported_mime_types: [
          'image/jpeg',
          'image/png',
          'image/gif',
          'image/webp',
          'video/mp4',
          'video/webm',
          'video/quicktime',
        ],
        image_size_limit: IMAGE_SIZE_LIMIT,
        image_matrix_limit: 33_177_600,
        video_size_limit: VIDEO_SIZE_LIMIT,
        video_frame_rate_limit: 120,
        video_matrix_limit: 8_294_400,
        description_limit: 1_500,
      },
    },
  }));

  // The address accountJson gives as `url`: what the account's profile link opens.
  app.get<{ Params: { username: string } }>('/@:username', async (request, reply) => {
    const user = state.findUser(request.params.username);
    return sendProfile(
      reply,
      user && {
        platform: 'Mastodon',
        name: user.displayName,
        handle: `@${user.username}@${new URL(ctx.url).host}`,
        picture: `/avatars/${user.id}.png`,
        posts: ctx.posts
          .all()
          .filter((post) => post.account === user.id)
          .map((post) => ({ post, href: `/@${user.username}/${encodeURIComponent(post.id)}` })),
      },
      'Not found',
    );
  });

  // accountJson's avatar: the user's initials (the name says .png, as instances' names say anything).
  app.get<{ Params: { file: string } }>('/avatars/:file', async (request, reply) => {
    const user = state.users.get(request.params.file.replace(/\.png$/, ''));
    if (!user) return reply.code(404).type('text/plain').send('Not found');
    return reply.type('image/svg+xml').send(avatarSvg(user.displayName));
  });

  app.get<{ Params: { username: string; id: string } }>('/@:username/:id', async (request, reply) => {
    const post = ctx.posts.get(request.params.id);
    const author = post && state.users.get(post.account);
    if (!post || author?.username !== request.params.username)
      return reply.code(404).type('text/plain').send('Not found');
    return reply.type('text/html; charset=utf-8').send(postPage('Mastodon', post));
  });
}
