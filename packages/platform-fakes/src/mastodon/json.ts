import type { FakePost } from '../posts.ts';
import type { MastodonUpload, MastodonUser } from './state.ts';

/** Mastodon's entities, the fields the adapters read and a few more for realism. */

export function accountJson(base: string, user: MastodonUser) {
  return {
    id: user.id,
    username: user.username,
    acct: user.username,
    display_name: user.displayName,
    url: `${base}/@${user.username}`,
    avatar: `${base}/avatars/${user.id}.png`,
    avatar_static: `${base}/avatars/${user.id}.png`,
    locked: false,
    bot: false,
    followers_count: user.followers,
    following_count: 0,
    statuses_count: 0,
  };
}

export function mediaJson(base: string, upload: MastodonUpload) {
  const ready = upload.pollsLeft <= 0;
  return {
    id: upload.id,
    type: upload.type,
    url: ready ? `${base}/media/${upload.id}` : null,
    preview_url: `${base}/media/${upload.id}/small`,
    remote_url: null,
    description: upload.description ?? null,
    blurhash: null,
  };
}

export function statusJson(base: string, user: MastodonUser, post: FakePost, media: MastodonUpload[]) {
  return {
    id: post.id,
    created_at: post.createdAt.toISOString(),
    visibility: 'public',
    url: `${base}/@${user.username}/${post.id}`,
    uri: `${base}/users/${user.username}/statuses/${post.id}`,
    content: contentHtml(post.text),
    replies_count: post.metrics.comments ?? 0,
    reblogs_count: post.metrics.shares ?? 0,
    favourites_count: post.metrics.reactions ?? 0,
    // Mastodon 4.5's quote posts; the fake holds no quotes of its own.
    quotes_count: 0,
    media_attachments: media.map((m) => mediaJson(base, m)),
    account: accountJson(base, user),
  };
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A status's text as Mastodon renders it (its TextFormatter): paragraphs on blank lines, <br />
 * for a line break, and each link an anchor whose "https://" sits in an invisible span.
 */
function contentHtml(text: string): string {
  const line = (part: string) =>
    part
      .split(/(https?:\/\/\S+)/)
      .map((piece, index) => {
        if (index % 2 === 0) return escape(piece);
        const [, scheme = '', rest = ''] = /^(https?:\/\/)(.*)$/.exec(piece) ?? [];
        return `<a href="${escape(piece)}" rel="nofollow noopener" target="_blank"><span class="invisible">${scheme}</span><span class="">${escape(rest)}</span><span class="invisible"></span></a>`;
      })
      .join('');
  return text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${paragraph.split('\n').map(line).join('<br />')}</p>`)
    .join('');
}
