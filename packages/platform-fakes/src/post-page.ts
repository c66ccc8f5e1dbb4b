import { escapeHtml } from './html.ts';
import type { FakePost } from './posts.ts';

/**
 * The public page of a post, as the platform would show it: what the screenshot proof of a
 * publication opens. Plain HTML, the text escaped, each file from the media route.
 */
export function postPage(platform: string, post: FakePost): string {
  const media = post.media
    .map((file, index) => {
      const src = `/__fake/posts/${encodeURIComponent(post.id)}/media/${index}`;
      return file.mime.startsWith('video/')
        ? `<video controls src="${src}" title="${escapeHtml(file.name)}"></video>`
        : `<img src="${src}" alt="${escapeHtml(file.name)}">`;
    })
    .join('\n');
  const state = post.deletedAt ? `<p class="deleted">Deleted ${post.deletedAt.toISOString()}</p>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(platform)} post ${escapeHtml(post.id)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:40rem;margin:2rem auto}img,video{max-width:100%;display:block;margin:.5rem 0}.text{white-space:pre-wrap}.deleted{color:#a00}</style>
</head><body>
<header><strong>${escapeHtml(platform)}</strong> · ${escapeHtml(post.account)} · <time>${post.createdAt.toISOString()}</time></header>
${state}<p class="text">${escapeHtml(post.text)}</p>
${media}
</body></html>`;
}
