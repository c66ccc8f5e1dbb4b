import type { FastifyInstance } from 'fastify';
import type { FakeContext, FakeServer } from '../fake-server.ts';
import { type OAuthFakeOptions, startOAuthFake } from '../oauth/start.ts';
import { postPage } from '../post-page.ts';
import { sendProfile } from '../profile-page.ts';
import { authenticate, hasScope } from './guard.ts';
import { mediaRoutes } from './media.ts';
import { oauthRoutes } from './oauth.ts';
import { XState, type XUser } from './state.ts';
import { tweetRoutes } from './tweets.ts';

/**
 * X API v2 on loopback (platforms.md §4): OAuth 2.0 with PKCE through the OAuth kit (consent page,
 * 30-second codes, 2-hour tokens, rotating refresh tokens with offline.access, revoke), /2/users/me,
 * the media upload (one-shot and INITIALIZE/APPEND/FINALIZE/STATUS), posts (create, read with
 * public_metrics, delete, the user's timeline), x-rate-limit-* headers and problem-JSON errors.
 * Every host of the real API (x.com, api.x.com) is this one server. Each post's public page is at
 * /<username>/status/<id>, X's shape. Fault switches: `call` is "METHOD /path pattern" (guard.ts),
 * `account` the user's id.
 */
export interface XFake extends FakeServer {
  state: XState;
  addUser(user: { username: string; name?: string; followers?: number }): XUser;
}

export type XFakeOptions = OAuthFakeOptions;

export async function startXFake(options: XFakeOptions = {}): Promise<XFake> {
  const server = await startOAuthFake('x', options, (now) => new XState(now), routes);
  return { ...server, addUser: (user) => server.state.addUser(user) };
}

/** The sandbox's demo: one user, whose own timeline is the one target X has. */
export function seedXSandbox(fake: XFake): { user: XUser } {
  fake.state.grownCounts = true;
  const user =
    fake.state.findUser('postdeck_demo') ??
    fake.addUser({ username: 'postdeck_demo', name: 'Postdeck Demo', followers: 2_140 });
  return { user };
}

function routes(app: FastifyInstance, ctx: FakeContext, state: XState): void {
  oauthRoutes(app, state);
  mediaRoutes(app, ctx, state);
  tweetRoutes(app, ctx, state);

  app.get('/2/users/me', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'GET /2/users/me');
    if (!authed || !hasScope(authed, reply, 'users.read')) return reply;
    const asked = (new URLSearchParams(request.url.split('?')[1]).get('user.fields') ?? '').split(',');
    const { id, name, username } = authed.user;
    return {
      data: {
        id,
        name,
        username,
        ...(asked.includes('profile_image_url')
          ? { profile_image_url: `${ctx.url}/profile_images/${id}/avatar_normal.svg` }
          : {}),
        ...(asked.includes('public_metrics')
          ? {
              public_metrics: {
                followers_count: authed.user.followers,
                following_count: 0,
                tweet_count: ctx.posts.live().filter((p) => p.account === id).length,
                listed_count: 0,
              },
            }
          : {}),
      },
    };
  });

  // A plain disc in X's blue: the sandbox shows an avatar rather than a broken image.
  app.get('/profile_images/:id/avatar_normal.svg', async (_request, reply) =>
    reply
      .type('image/svg+xml')
      .send(
        '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48"><circle cx="24" cy="24" r="24" fill="#1d9bf0"/></svg>',
      ),
  );

  // x.com/<username>: what the profile link of a connected account opens.
  app.get<{ Params: { username: string } }>('/:username', async (request, reply) => {
    const named = request.params.username.toLowerCase();
    const user = [...state.users.values()].find((u) => u.username.toLowerCase() === named);
    return sendProfile(
      reply,
      user && {
        platform: 'X',
        name: user.name,
        handle: `@${user.username}`,
        picture: `/profile_images/${user.id}/avatar_normal.svg`,
        posts: ctx.posts
          .all()
          .filter((post) => post.account === user.id)
          .map((post) => ({ post, href: `/${user.username}/status/${encodeURIComponent(post.id)}` })),
      },
      'This account does not exist.',
    );
  });

  app.get<{ Params: { username: string; id: string } }>('/:username/status/:id', async (request, reply) => {
    const post = ctx.posts.get(request.params.id);
    const author = post && state.users.get(post.account);
    const named = request.params.username.toLowerCase();
    // x.com/i/status/{id} opens any post, whoever wrote it.
    if (!post || !author || (named !== 'i' && author.username.toLowerCase() !== named))
      return reply.code(404).type('text/plain').send('This post does not exist.');
    return reply.type('text/html; charset=utf-8').send(postPage('X', post));
  });
}
