import type { FastifyReply } from 'fastify';
import { escapeHtml } from './html.ts';
import type { FakePost } from './posts.ts';

/** An account's public page as a fake shows it: who it is, and its posts still there. */
export interface FakeProfile {
  /** The platform's name, as the page's header says it. */
  platform: string;
  name: string;
  /** '@name', a vanity name: how the platform writes the account under its name. */
  handle?: string | undefined;
  /** Where the fake serves the account's picture (same server), if it has one. */
  picture?: string | undefined;
  /** Newest last, as the store keeps them; each with the address of its own page where it has one. */
  posts?: { post: FakePost; href?: string | undefined }[];
}

/**
 * The page a profile link opens (the account's name on the channels page), as the platform would
 * show it, so a link from the sandbox lands on the account rather than on the fake's 404.
 */
export function profilePage(profile: FakeProfile): string {
  const posts = (profile.posts ?? [])
    .filter(({ post }) => post.deletedAt === undefined)
    .reverse()
    .map(({ post, href }) => {
      const text = escapeHtml(post.text || '(no text)');
      const time = `<time>${post.createdAt.toISOString()}</time>`;
      return `<li>${href ? `<a href="${escapeHtml(href)}">${text}</a>` : text} · ${time}</li>`;
    })
    .join('\n');
  const picture = profile.picture
    ? `<img class="picture" src="${escapeHtml(profile.picture)}" alt="" width="96" height="96">`
    : '';
  const handle = profile.handle ? `<p class="handle">${escapeHtml(profile.handle)}</p>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(profile.name)} · ${escapeHtml(profile.platform)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:40rem;margin:2rem auto}.picture{border-radius:50%}.handle{color:#555}</style>
</head><body>
<header><strong>${escapeHtml(profile.platform)}</strong></header>
${picture}<h1>${escapeHtml(profile.name)}</h1>
${handle}<ul class="posts">
${posts || '<li>No posts yet</li>'}
</ul>
</body></html>`;
}

/** Answers with the profile's page, or the platform's 404 when there is no such account. */
export function sendProfile(reply: FastifyReply, profile: FakeProfile | undefined, missing: string) {
  if (!profile) return reply.code(404).type('text/plain').send(missing);
  return reply.type('text/html; charset=utf-8').send(profilePage(profile));
}
