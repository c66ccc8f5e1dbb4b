import type { FastifyReply } from 'fastify';
import type { FakeMetrics } from '../posts.ts';
import { xrpcError } from './xrpc-faults.ts';

/**
 * The one appview call Postdeck makes, app.bsky.feed.getPosts (platforms.md §9 Metrics; the
 * public appview answers it without a session), which the reference PDS does not serve: each
 * post read from the PDS, with the counts a test (or the sandbox's operator) set, 0 otherwise.
 * As the appview does, a post it cannot find is left out of `posts`, not an error.
 */
export const APP_VIEW_METHODS = new Set(['app.bsky.feed.getPosts']);

export class AppView {
  /** Counts by at:// URI: likes, shares (reposts), comments (replies). */
  readonly counts = new Map<string, FakeMetrics & { quotes?: number }>();
  readonly #pdsOrigin: () => string;

  constructor(pdsOrigin: () => string) {
    this.#pdsOrigin = pdsOrigin;
  }

  async getPosts(uris: string[], reply: FastifyReply): Promise<FastifyReply> {
    if (uris.length > 25)
      return xrpcError(reply, 400, 'InvalidRequest', 'uris must not have more than 25 elements');
    const posts = [];
    for (const uri of uris) {
      const [did = '', collection = '', rkey = ''] = uri.replace(/^at:\/\//, '').split('/');
      const url = new URL('/xrpc/com.atproto.repo.getRecord', this.#pdsOrigin());
      url.search = new URLSearchParams({ repo: did, collection, rkey }).toString();
      const answer = await fetch(url);
      if (!answer.ok) continue;
      const record = (await answer.json()) as { uri: string; cid: string; value: { createdAt?: string } };
      const repo = new URL('/xrpc/com.atproto.repo.describeRepo', this.#pdsOrigin());
      repo.searchParams.set('repo', did);
      const { handle } = (await (await fetch(repo)).json()) as { handle: string };
      const counts = this.counts.get(record.uri) ?? {};
      posts.push({
        $type: 'app.bsky.feed.defs#postView',
        uri: record.uri,
        cid: record.cid,
        author: { did, handle },
        record: record.value,
        replyCount: counts.comments ?? 0,
        repostCount: counts.shares ?? 0,
        likeCount: counts.likes ?? 0,
        quoteCount: counts.quotes ?? 0,
        indexedAt: record.value.createdAt ?? new Date(0).toISOString(),
      });
    }
    return reply.send({ posts });
  }
}
