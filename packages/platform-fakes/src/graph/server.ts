import type { FastifyInstance, FastifyReply } from 'fastify';
import { avatarSvg } from '../avatar.ts';
import type { FakeContext, FakeServer } from '../fake-server.ts';
import { type OAuthFakeOptions, startOAuthFake } from '../oauth/start.ts';
import type { OAuthUser } from '../oauth/store.ts';
import { postPage } from '../post-page.ts';
import { type FakeProfile, sendProfile } from '../profile-page.ts';
import { instagramRoutes } from './instagram.ts';
import { nodeRoutes } from './nodes.ts';
import { oauthRoutes } from './oauth.ts';
import { pageRoutes, permalinkOf } from './pages.ts';
import { searchRoutes } from './search.ts';
import { type GraphPage, GraphState, type InstagramAccount } from './state.ts';
import { withAudience } from './targeting.ts';
import { videoRoutes } from './videos.ts';

/**
 * Meta's Graph API on loopback (platforms.md §1 Facebook Pages, §2 Instagram): Facebook Login's
 * dialog with the user's pages to tick, the code and long-lived token exchanges, /me/accounts
 * with page tokens and linked Instagram accounts, page posts (feed, photos, chunked videos),
 * Instagram containers and media_publish, insights, deletion, location search for targeting, Graph's error envelopes and usage
 * headers, and each post's public page (a page post at /<post id>, a video's also at
 * /<page>/videos/<video id>, Instagram media at /p/<shortcode>/). One host stands in for
 * www.facebook.com, graph.facebook.com and graph-video.facebook.com: paths start with any
 * version (/v23.0/...). Fault switches match the call names given in each routes file as `call`,
 * and the page or Instagram user id (the user's id for user calls) as `account`.
 */
export interface GraphFake extends FakeServer {
  state: GraphState;
  addUser(user: { name: string; id?: string }): OAuthUser;
  addPage(page: {
    name: string;
    admins: string[];
    username?: string;
    category?: string;
    id?: string;
    followers?: number;
    fans?: number;
  }): GraphPage;
  linkInstagram(
    pageId: string,
    account: { username: string; name?: string; id?: string; followers?: number },
  ): InstagramAccount;
}

export interface GraphFakeOptions extends OAuthFakeOptions {
  /** The chunk size video upload sessions ask for (4 MB; tests make it small). */
  videoChunkBytes?: number;
}

export async function startGraphFake(options: GraphFakeOptions = {}): Promise<GraphFake> {
  const server = await startOAuthFake(
    'facebook',
    options,
    (now) => {
      const state = new GraphState(now);
      if (options.videoChunkBytes) state.videoChunkBytes = options.videoChunkBytes;
      return state;
    },
    routes,
  );
  const { state } = server;
  return {
    ...server,
    addUser: (user) => state.addUser(user),
    addPage: (page) => state.addPage(page),
    linkInstagram: (pageId, account) => state.linkInstagram(pageId, account),
  };
}

function routes(app: FastifyInstance, ctx: FakeContext, state: GraphState): void {
  oauthRoutes(app, ctx, state);
  pageRoutes(app, ctx, state);
  videoRoutes(app, ctx, state);
  instagramRoutes(app, ctx, state);
  searchRoutes(app, ctx, state);
  nodeRoutes(app, ctx, state);

  // Pages' and Instagram accounts' pictures: their initials (the address says .png, as Meta's CDN
  // names say anything), so the console has a real picture to fetch and shrink.
  app.get<{ Params: { file: string } }>('/avatars/:file', async (request, reply) => {
    const id = request.params.file.replace(/\.png$/, '');
    const name = state.pages.get(id)?.name ?? state.instagram.get(id)?.name;
    if (name === undefined) return reply.code(404).type('text/plain').send('Not found');
    return reply.type('image/svg+xml').send(avatarSvg(name));
  });

  const page = (platform: string, id: string, reply: FastifyReply) => {
    const post = ctx.posts.get(id);
    if (!post) return reply.code(404).type('text/plain').send("This content isn't available right now");
    // A targeted page post says who sees it (platforms.md §1 Audience targeting).
    const html = withAudience(postPage(platform, post), state.pagePosts.get(id)?.targeting);
    return reply.type('text/html; charset=utf-8').send(html);
  };
  app.get<{ Params: { postId: string } }>('/:postId', async (request, reply) => {
    const { postId } = request.params;
    // www.facebook.com/<page> and www.instagram.com/<user> share this host with the post pages.
    if (!ctx.posts.get(postId)) {
      const profile = facebookProfile(ctx, state, postId) ?? instagramProfile(ctx, state, postId);
      if (profile) return sendProfile(reply, profile, 'Not found');
    }
    return page('Facebook', postId, reply);
  });
  app.get<{ Params: { pageId: string; videoId: string } }>(
    '/:pageId/videos/:videoId',
    async (request, reply) => {
      const video = state.videos.get(request.params.videoId);
      return video?.pageId === request.params.pageId
        ? page('Facebook', video.postId, reply)
        : reply.code(404).type('text/plain').send('Not found');
    },
  );
  for (const path of ['/p/:code', '/p/:code/'])
    app.get<{ Params: { code: string } }>(path, async (request, reply) => {
      const mediaId = [...state.shortcodes].find(([, code]) => code === request.params.code)?.[0];
      return page('Instagram', mediaId ?? '', reply);
    });
}

/** A page's profile, by its username or id, as www.facebook.com/<page> shows it. */
function facebookProfile(ctx: FakeContext, state: GraphState, key: string): FakeProfile | undefined {
  const found = [...state.pages.values()].find((p) => p.username === key || p.id === key);
  if (!found) return undefined;
  return {
    platform: 'Facebook',
    name: found.name,
    handle: `@${found.username}`,
    picture: `/avatars/${found.id}.png`,
    posts: ctx.posts
      .all()
      .filter((post) => post.account === found.id)
      .map((post) => ({ post, href: new URL(permalinkOf(ctx.url, state, post.id)).pathname })),
  };
}

/** A professional account's profile, by its username, as www.instagram.com/<user> shows it. */
function instagramProfile(ctx: FakeContext, state: GraphState, key: string): FakeProfile | undefined {
  const found = [...state.instagram.values()].find((account) => account.username === key);
  if (!found) return undefined;
  return {
    platform: 'Instagram',
    name: found.name,
    handle: `@${found.username}`,
    picture: `/avatars/${found.id}.png`,
    posts: ctx.posts
      .all()
      .filter((post) => post.account === found.id)
      .map((post) => {
        const code = state.shortcodes.get(post.id);
        return { post, href: code === undefined ? undefined : `/p/${encodeURIComponent(code)}/` };
      }),
  };
}
