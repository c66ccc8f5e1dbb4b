import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../html.ts';
import { sendProfile } from '../profile-page.ts';

interface BlobRef {
  ref?: { $link?: string };
}

interface PostRecord {
  text?: string;
  createdAt?: string;
  embed?: {
    $type?: string;
    images?: { alt?: string; image?: BlobRef }[];
    video?: BlobRef;
    alt?: string;
    external?: { uri?: string; title?: string; description?: string };
  };
}

/**
 * A post's public page where bsky.app has it, /profile/<handle or DID>/post/<rkey> (platforms.md
 * §9 Public URL), so the URL the adapter returns (its app host set to this server) opens it.
 * There is no appview here: the page reads the record from the PDS, its files from sync.getBlob.
 */
export function postPageRoutes(app: FastifyInstance, pdsOrigin: () => string): void {
  app.get<{ Params: { actor: string; rkey: string } }>(
    '/profile/:actor/post/:rkey',
    async (request, reply) => {
      const url = new URL('/xrpc/com.atproto.repo.getRecord', pdsOrigin());
      url.searchParams.set('repo', request.params.actor);
      url.searchParams.set('collection', 'app.bsky.feed.post');
      url.searchParams.set('rkey', request.params.rkey);
      const answer = await fetch(url);
      if (!answer.ok) return reply.code(404).type('text/plain').send('Post not found');
      const { uri, value } = (await answer.json()) as { uri: string; value: PostRecord };
      // at://<did>/<collection>/<rkey>
      const did = uri.slice('at://'.length).split('/')[0] ?? '';
      return reply.type('text/html; charset=utf-8').send(page(request.params.actor, did, value));
    },
  );
}

/**
 * An account's page where bsky.app has it, /profile/<handle or DID> (the adapter's profile link):
 * its display name from the profile record (the handle when it never set one) and its posts, all
 * read from the PDS.
 */
export function profilePageRoutes(app: FastifyInstance, pdsOrigin: () => string): void {
  app.get<{ Params: { actor: string } }>('/profile/:actor', async (request, reply) => {
    const xrpc = (method: string, params: Record<string, string>) => {
      const url = new URL(`/xrpc/${method}`, pdsOrigin());
      url.search = new URLSearchParams(params).toString();
      return fetch(url);
    };
    const described = await xrpc('com.atproto.repo.describeRepo', { repo: request.params.actor });
    if (!described.ok) return reply.code(404).type('text/plain').send('Profile not found');
    const { did, handle } = (await described.json()) as { did: string; handle: string };
    const self = await xrpc('com.atproto.repo.getRecord', {
      repo: did,
      collection: 'app.bsky.actor.profile',
      rkey: 'self',
    });
    const profile = self.ok
      ? ((await self.json()) as { value: { displayName?: string; avatar?: BlobRef } }).value
      : {};
    const listed = await xrpc('com.atproto.repo.listRecords', {
      repo: did,
      collection: 'app.bsky.feed.post',
      limit: '100',
    });
    const records = listed.ok
      ? ((await listed.json()) as { records: { uri: string; value: PostRecord }[] }).records
      : [];
    const posts = records.map(({ uri, value }) => ({
      post: {
        id: uri,
        account: did,
        text: value.text ?? '',
        media: [],
        createdAt: new Date(value.createdAt ?? 0),
        metrics: {},
      },
      href: `/profile/${encodeURIComponent(handle)}/post/${encodeURIComponent(uri.split('/').at(-1) ?? '')}`,
    }));
    return sendProfile(
      reply,
      {
        platform: 'Bluesky',
        name: profile.displayName || handle,
        handle: `@${handle}`,
        picture: profile.avatar ? blobUrl(did, profile.avatar) : undefined,
        // listRecords gives the newest first; profilePage takes them oldest first, as the stores keep them.
        posts: posts.reverse(),
      },
      'Profile not found',
    );
  });
}

const blobUrl = (did: string, ref: BlobRef | undefined) =>
  `/xrpc/com.atproto.sync.getBlob?did=${encodeURIComponent(did)}&cid=${encodeURIComponent(ref?.ref?.$link ?? '')}`;

function page(actor: string, did: string, post: PostRecord): string {
  const blob = (ref: BlobRef | undefined) => blobUrl(did, ref);
  const embed = post.embed;
  const images = (embed?.images ?? [])
    .map((image) => `<img src="${escapeHtml(blob(image.image))}" alt="${escapeHtml(image.alt ?? '')}">`)
    .join('\n');
  const video = embed?.video
    ? `<video controls src="${escapeHtml(blob(embed.video))}" title="${escapeHtml(embed.alt ?? '')}"></video>`
    : '';
  const card = embed?.external
    ? `<a class="card" href="${escapeHtml(embed.external.uri ?? '')}">${escapeHtml(embed.external.title ?? '')}</a>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bluesky post by ${escapeHtml(actor)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:40rem;margin:2rem auto}img,video{max-width:100%;display:block;margin:.5rem 0}.text{white-space:pre-wrap}.card{display:block;border:1px solid #ccc;padding:.5rem}</style>
</head><body>
<header><strong>Bluesky</strong> · ${escapeHtml(actor)} · <time>${escapeHtml(post.createdAt ?? '')}</time></header>
<p class="text">${escapeHtml(post.text ?? '')}</p>
${images}${video}${card}
</body></html>`;
}
