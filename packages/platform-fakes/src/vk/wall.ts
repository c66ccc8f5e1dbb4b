import type { FakeMedia } from '../posts.ts';
import { type VkCall, type VkMethod, administered, afterWrite, fail, invalidParam, isReply } from './call.ts';
import { VK_ERRORS, ok } from './replies.ts';

/**
 * A community's wall (platforms.md §5 Publish, Delete, Metrics): wall.post as the community
 * (owner_id=-<group>, from_group=1) or as the user (from_group=0), signed or not, with photo,
 * video and link attachments and a guid that makes a repeat answer the first post; wall.delete;
 * wall.get, newest first with a pinned post ahead; wall.getById's counters; stats.getPostReach.
 * Posts are stored under VK's own key "<owner_id>_<post_id>", which their page's path repeats.
 */

/** platforms.md §5 Limits: 10 attachments [unverified]; the text maximum is about 16k [unverified]. */
const MAX_ATTACHMENTS = 10;
const MAX_TEXT = 16_384;

function ownerCommunity(call: VkCall) {
  const ownerId = Number(call.params.get('owner_id'));
  if (!Number.isInteger(ownerId) || ownerId >= 0) return invalidParam(call, 'owner_id is not a community');
  return administered(call, -ownerId);
}

export const wallPost: VkMethod = (call) => {
  const community = ownerCommunity(call);
  if (isReply(community)) return community;
  const ownerId = -community.id;
  const guid = call.params.get('guid');
  const seen = guid === undefined ? undefined : call.state.guids.get(`${ownerId}:${guid}`);
  if (seen !== undefined) return ok(call.reply, { post_id: seen });
  const message = call.params.get('message') ?? '';
  const attachments = (call.params.get('attachments') ?? '').split(',').filter(Boolean);
  if (message.trim() === '' && attachments.length === 0)
    return invalidParam(call, 'message is empty or invalid');
  if (message.length > MAX_TEXT) return invalidParam(call, 'message is too long');
  if (attachments.length > MAX_ATTACHMENTS) return invalidParam(call, 'attachments is too long');
  const media: FakeMedia[] = [];
  const links: string[] = [];
  for (const attachment of attachments) {
    const photo = /^photo(-?\d+_\d+)$/.exec(attachment)?.[1];
    const video = /^video(-?\d+_\d+)$/.exec(attachment)?.[1];
    const file = photo
      ? call.state.photos.get(photo)
      : video
        ? call.state.videos.get(video)?.file
        : undefined;
    if (file) media.push(file);
    else if (/^https?:\/\//.test(attachment)) links.push(attachment);
    else return invalidParam(call, `attachments is invalid: ${attachment}`);
  }
  if (links.length > 1) return invalidParam(call, 'attachments: only one link may be attached');
  const postId = ++community.lastPostId;
  const key = `${ownerId}_${postId}`;
  if (guid !== undefined) call.state.guids.set(`${ownerId}:${guid}`, postId);
  const asCommunity = call.params.get('from_group') === '1';
  call.state.wall.set(key, {
    message,
    fromId: asCommunity ? ownerId : call.user.id,
    // VK signs only a post made as the community.
    signerId: asCommunity && call.params.get('signed') === '1' ? call.user.id : undefined,
    links,
  });
  call.ctx.posts.add({
    id: key,
    account: String(community.id),
    // The link attachment shows as a card under the text on VK; the fake's page prints it there.
    text: links.length ? `${message}\n\n${links.join('\n')}`.trim() : message,
    media,
    createdAt: call.ctx.now(),
  });
  const after = afterWrite(call);
  if (after) return after;
  return ok(call.reply, { post_id: postId });
};

export const wallDelete: VkMethod = (call) => {
  const community = ownerCommunity(call);
  if (isReply(community)) return community;
  const key = `${-community.id}_${call.params.get('post_id') ?? ''}`;
  const post = call.ctx.posts.get(key);
  if (!post || post.deletedAt) return fail(call, ...VK_ERRORS.notFound);
  call.ctx.posts.markDeleted(key, call.ctx.now());
  const after = afterWrite(call);
  if (after) return after;
  return ok(call.reply, 1);
};

/** wall.get's most per call (VKCOM/vk-api-schema wall/methods.json: count, maximum 100). */
const WALL_PAGE_MAX = 100;

/**
 * wall.get: a wall's posts newest first, `count` (default 20, at most 100) from `offset`, the
 * pinned one ahead of them (flagged is_pinned); filter=owner keeps the community's own posts,
 * others the rest.
 */
export const wallGet: VkMethod = (call) => {
  const ownerId = Number(call.params.get('owner_id'));
  const community = call.state.communities.get(-ownerId);
  if (!Number.isInteger(ownerId) || ownerId >= 0 || !community)
    return invalidParam(call, 'owner_id is undefined');
  const filter = call.params.get('filter') ?? 'all';
  const entries = call.ctx.posts
    .live()
    .filter((post) => post.account === String(community.id))
    .map((post) => ({ post, entry: call.state.wall.get(post.id) }))
    .filter(({ entry }) =>
      filter === 'owner' ? entry?.fromId === ownerId : filter === 'others' ? entry?.fromId !== ownerId : true,
    )
    .sort(
      (a, b) =>
        b.post.createdAt.getTime() - a.post.createdAt.getTime() || postNumber(b.post) - postNumber(a.post),
    );
  const pinned = entries.findIndex(({ post }) => postNumber(post) === community.pinnedPostId);
  if (pinned > 0) entries.unshift(...entries.splice(pinned, 1));
  const offset = Number(call.params.get('offset') ?? 0);
  const count = Math.min(Number(call.params.get('count') ?? 20), WALL_PAGE_MAX);
  const items = entries.slice(offset, offset + count).map(({ post, entry }) => {
    const id = postNumber(post);
    return {
      id,
      owner_id: ownerId,
      from_id: entry?.fromId ?? ownerId,
      ...(entry?.signerId === undefined ? {} : { signer_id: entry.signerId }),
      date: Math.floor(post.createdAt.getTime() / 1000),
      post_type: 'post',
      text: entry?.message ?? post.text,
      ...(id === community.pinnedPostId ? { is_pinned: 1 } : {}),
      attachments: (entry?.links ?? []).map((url) => ({ type: 'link', link: { url, title: url } })),
      comments: { count: post.metrics.comments ?? 0 },
      likes: { count: post.metrics.reactions ?? 0 },
      reposts: { count: post.metrics.shares ?? 0 },
      views: { count: post.metrics.views ?? 0 },
    };
  });
  return ok(call.reply, { count: entries.length, items });
};

/** The post_id of a post stored under "<owner_id>_<post_id>". */
function postNumber(post: { id: string }): number {
  return Number(post.id.split('_')[1]);
}

export const wallGetById: VkMethod = (call) => {
  const keys = (call.params.get('posts') ?? '').split(',').filter(Boolean);
  const items = keys.flatMap((key) => {
    const post = call.ctx.posts.get(key);
    if (!post || post.deletedAt) return [];
    const [owner, id] = key.split('_').map(Number);
    return [
      {
        id,
        owner_id: owner,
        from_id: owner,
        date: Math.floor(post.createdAt.getTime() / 1000),
        post_type: 'post',
        text: post.text,
        comments: { count: post.metrics.comments ?? 0 },
        likes: { count: post.metrics.reactions ?? 0 },
        reposts: { count: post.metrics.shares ?? 0 },
        views: { count: post.metrics.views ?? 0 },
      },
    ];
  });
  return ok(call.reply, { items });
};

export const getPostReach: VkMethod = (call) => {
  const community = ownerCommunity(call);
  if (isReply(community)) return community;
  const ids = (call.params.get('post_ids') ?? '').split(',').filter(Boolean);
  return ok(
    call.reply,
    ids.map((id) => {
      const post = call.ctx.posts.get(`${-community.id}_${id}`);
      const views = post?.metrics.views ?? 0;
      return {
        post_id: Number(id),
        reach_total: views,
        reach_subscribers: Math.round(views * 0.8),
        reach_viral: views - Math.round(views * 0.8),
        reach_ads: 0,
        links: 0,
        to_group: 0,
        join_group: 0,
        hide: 0,
        report: 0,
        unsubscribe: 0,
      };
    }),
  );
};
