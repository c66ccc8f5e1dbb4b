import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FakeMetrics } from '../posts.ts';
import { xrpcError } from './xrpc-faults.ts';

/**
 * The appview calls Postdeck makes, which the reference PDS does not serve (the public appview
 * answers both without a session):
 * - app.bsky.feed.getPosts (platforms.md §9 Metrics): each post read from the PDS, with the
 *   counts a test (or the sandbox's operator) set, 0 otherwise. As the appview does, a post it
 *   cannot find is left out of `posts`, not an error.
 * - app.bsky.actor.getProfile: the account (by DID or handle) as the PDS describes it, with the
 *   follower count a test set (0 otherwise); an actor the PDS does not know is the appview's
 *   400 InvalidRequest "Profile not found".
 */
export const APP_VIEW_METHODS = new Set(['app.bsky.feed.getPosts', 'app.bsky.actor.getProfile']);

export class AppView {
  /** Counts by at:// URI: reactions (likes), shares (reposts), quotes, comments (replies), saves (bookmarks). */
  readonly counts = new Map<string, FakeMetrics & { quotes?: number }>();
  /** Followers by DID (getProfile's followersCount). */
  readonly followers = new Map<string, number>();
  readonly #pdsOrigin: () => string;

  constructor(pdsOrigin: () => string) {
    this.#pdsOrigin = pdsOrigin;
  }

  handle(method: string, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    // The URL's own parameters: uris repeats (uris=…&uris=…), which Fastify's parsed query may hold as one string.
    const query = new URL(request.url, 'http://localhost').searchParams;
    if (method === 'app.bsky.actor.getProfile') return this.getProfile(query.get('actor') ?? '', reply);
    return this.getPosts(query.getAll('uris'), reply);
  }

  async getPosts(uris: string[], reply: FastifyReply): Promise<FastifyReply> {
    if (uris.length > 25)
      return xrpcError(reply, 400, 'InvalidRequest', 'uris must not have more than 25 elements');
    const posts = [];
    for (const uri of uris) {
      const [did = '', collection = '', rkey = ''] = uri.replace(/^at:\/\//, '').split('/');
      const record = await this.#record<{ createdAt?: string }>(did, collection, rkey);
      if (!record) continue;
      const repo = await this.#describe(did);
      const counts = this.counts.get(record.uri) ?? {};
      posts.push({
        $type: 'app.bsky.feed.defs#postView',
        uri: record.uri,
        cid: record.cid,
        author: { did, handle: repo?.handle ?? 'handle.invalid' },
        record: record.value,
        replyCount: counts.comments ?? 0,
        repostCount: counts.shares ?? 0,
        likeCount: counts.reactions ?? 0,
        quoteCount: counts.quotes ?? 0,
        bookmarkCount: counts.saves ?? 0,
        indexedAt: record.value.createdAt ?? new Date(0).toISOString(),
      });
    }
    return reply.send({ posts });
  }

  async getProfile(actor: string, reply: FastifyReply): Promise<FastifyReply> {
    if (!actor)
      return xrpcError(reply, 400, 'InvalidRequest', 'Error: Params must have the property "actor"');
    const repo = await this.#describe(actor);
    if (!repo) return xrpcError(reply, 400, 'InvalidRequest', 'Profile not found');
    const profile = await this.#record<{ displayName?: string; description?: string }>(
      repo.did,
      'app.bsky.actor.profile',
      'self',
    );
    const posts = new URL('/xrpc/com.atproto.repo.listRecords', this.#pdsOrigin());
    posts.search = new URLSearchParams({
      repo: repo.did,
      collection: 'app.bsky.feed.post',
      limit: '100',
    }).toString();
    const listed = (await (await fetch(posts)).json()) as { records?: unknown[] };
    return reply.send({
      did: repo.did,
      handle: repo.handle,
      ...(profile?.value.displayName ? { displayName: profile.value.displayName } : {}),
      ...(profile?.value.description ? { description: profile.value.description } : {}),
      followersCount: this.followers.get(repo.did) ?? 0,
      followsCount: 0,
      postsCount: listed.records?.length ?? 0,
      indexedAt: new Date(0).toISOString(),
    });
  }

  async #describe(repo: string): Promise<{ did: string; handle: string } | undefined> {
    const url = new URL('/xrpc/com.atproto.repo.describeRepo', this.#pdsOrigin());
    url.searchParams.set('repo', repo);
    const answer = await fetch(url);
    return answer.ok ? ((await answer.json()) as { did: string; handle: string }) : undefined;
  }

  async #record<T>(
    repo: string,
    collection: string,
    rkey: string,
  ): Promise<{ uri: string; cid: string; value: T } | undefined> {
    const url = new URL('/xrpc/com.atproto.repo.getRecord', this.#pdsOrigin());
    url.search = new URLSearchParams({ repo, collection, rkey }).toString();
    const answer = await fetch(url);
    return answer.ok ? ((await answer.json()) as { uri: string; cid: string; value: T }) : undefined;
  }
}
