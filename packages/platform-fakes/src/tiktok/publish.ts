import { randomBytes } from 'node:crypto';
import { avatarUrl } from '../avatar.ts';
import type { FakeMedia } from '../posts.ts';
import { type TikTokCall, type TikTokHandler, object } from './call.ts';
import { answerFault, fail, invalidParam, ok } from './replies.ts';
import type { TikTokPublish } from './state.ts';
import { finish } from './upload.ts';

/**
 * The Content Posting API's Direct Post (platforms.md §10 Publish): creator_info/query, video
 * init with FILE_UPLOAD (the upload URL on the fake's own host; upload.ts takes the chunks) or
 * PULL_FROM_URL (the fake fetches the file; every domain counts as verified), photo init with
 * PULL_FROM_URL (the fake fetches the photos, as TikTok does), status/fetch, and the Display
 * API's video/list, where a post whose answer was lost is found again.
 */
const MB = 1024 * 1024;
const MAX_VIDEO = 4 * 1024 * MB;
const TITLE_MAX = 2200;
const PHOTO_TITLE_MAX = 90;
const PHOTO_DESCRIPTION_MAX = 4000;
const MAX_PHOTOS = 35;

export const creatorInfo: TikTokHandler = ({ creator, ctx, reply }) =>
  ok(reply, {
    creator_avatar_url: avatarUrl(ctx.url, creator.username),
    creator_username: creator.username,
    creator_nickname: creator.nickname,
    privacy_level_options: creator.privacyLevelOptions,
    comment_disabled: false,
    duet_disabled: false,
    stitch_disabled: false,
    max_video_post_duration_sec: creator.maxVideoPostDurationSec,
  });

/** platforms.md §10 Transfer: chunks of 5-64 MB, the last up to 128 MB, under 5 MB one chunk, count = floor(size / chunk). */
export function chunkProblem(size: number, chunk: number, count: number): string | undefined {
  if (!Number.isInteger(size) || size <= 0 || size > MAX_VIDEO) return 'video_size is invalid';
  if (size < 5 * MB)
    return chunk === size && count === 1
      ? undefined
      : 'A video under 5 MB must be sent as one chunk of its whole size';
  if (!Number.isInteger(chunk) || chunk < 5 * MB || chunk > 64 * MB)
    return 'chunk_size must be between 5 MB and 64 MB';
  if (count !== Math.floor(size / chunk) || count < 1 || count > 1000)
    return 'total_chunk_count must be floor(video_size / chunk_size), between 1 and 1000';
  if (size - (count - 1) * chunk > 128 * MB) return 'The final chunk must not exceed 128 MB';
  return undefined;
}

function postInfoProblem(call: TikTokCall, info: Record<string, unknown>, titleMax: number) {
  const privacy = info['privacy_level'];
  if (typeof privacy !== 'string' || !call.creator.privacyLevelOptions.includes(privacy))
    return fail(
      call.reply,
      400,
      'privacy_level_option_mismatch',
      'The privacy level is not among the options creator_info returned.',
    );
  if (typeof info['title'] === 'string' && [...info['title']].length > titleMax)
    return invalidParam(call.reply, `The title is longer than ${titleMax} characters.`);
  // Branded content must be seen by others (platforms.md §10); TikTok's exact answer is [unverified].
  if (info['brand_content_toggle'] === true && privacy === 'SELF_ONLY')
    return invalidParam(call.reply, 'Branded content cannot be posted with privacy_level SELF_ONLY.');
  return undefined;
}

/** The after-commit faults, with TikTok's 500 as the server error. */
const afterCommit = (call: TikTokCall) =>
  call.ctx.afterCommit(call.reply, call.fault, () => answerFault(call.reply, { kind: 'serverError' }));

function newPublish(call: TikTokCall, kind: 'video' | 'photo', info: Record<string, unknown>): TikTokPublish {
  const publish: TikTokPublish = {
    id: `v_pub_${kind === 'video' ? 'file' : 'url'}~v2-1.${call.state.nextId()}`,
    openId: call.creator.openId,
    kind,
    title: typeof info['title'] === 'string' ? info['title'] : '',
    postInfo: info,
    privacyLevel: String(info['privacy_level']),
    status: kind === 'video' ? 'PROCESSING_UPLOAD' : 'PROCESSING_DOWNLOAD',
    videoSize: 0,
    chunkSize: 0,
    totalChunkCount: 0,
    received: [],
    receivedBytes: 0,
    // Processing takes one check by default, so an adapter's polling is always exercised.
    processingPolls: call.fault?.kind === 'slowProcessing' ? (call.fault.polls ?? 3) : 1,
  };
  call.state.publishes.set(publish.id, publish);
  return publish;
}

export const videoInit: TikTokHandler = async (call) => {
  const info = object(call.body['post_info']);
  const source = object(call.body['source_info']);
  const refused = postInfoProblem(call, info, TITLE_MAX);
  if (refused) return refused;
  if (source['source'] === 'PULL_FROM_URL') {
    if (typeof source['video_url'] !== 'string') return invalidParam(call.reply, 'video_url is required.');
    const publish = newPublish(call, 'video', info);
    publish.status = 'PROCESSING_DOWNLOAD';
    const [file] = (await pull([source['video_url']], isVideo)) ?? [];
    if (file) {
      Object.assign(publish, {
        videoSize: file.bytes.byteLength,
        received: [file.bytes],
        receivedBytes: file.bytes.byteLength,
        mime: file.mime,
      });
      finish(call.ctx, call.state, publish);
    } else {
      publish.status = 'FAILED';
      publish.failReason = 'video_pull_failed';
    }
    return afterCommit(call) ?? ok(call.reply, { publish_id: publish.id });
  }
  if (source['source'] !== 'FILE_UPLOAD')
    return invalidParam(call.reply, 'source must be FILE_UPLOAD or PULL_FROM_URL.');
  const [size, chunk, count] = ['video_size', 'chunk_size', 'total_chunk_count'].map((k) =>
    Number(source[k]),
  );
  const problem = chunkProblem(size ?? 0, chunk ?? 0, count ?? 0);
  if (problem) return invalidParam(call.reply, problem);
  const publish = newPublish(call, 'video', info);
  Object.assign(publish, { videoSize: size, chunkSize: chunk, totalChunkCount: count });
  const token = randomBytes(16).toString('hex');
  call.state.uploads.set(token, publish.id);
  return (
    afterCommit(call) ??
    ok(call.reply, {
      publish_id: publish.id,
      upload_url: `${call.ctx.url}/upload/?upload_id=${publish.id}&upload_token=${token}`,
    })
  );
};

export const photoInit: TikTokHandler = async (call) => {
  const info = object(call.body['post_info']);
  const source = object(call.body['source_info']);
  if (call.body['media_type'] !== 'PHOTO') return invalidParam(call.reply, 'media_type must be PHOTO.');
  if (call.body['post_mode'] !== 'DIRECT_POST' && call.body['post_mode'] !== 'MEDIA_UPLOAD')
    return invalidParam(call.reply, 'post_mode is invalid.');
  const refused = postInfoProblem(call, info, PHOTO_TITLE_MAX);
  if (refused) return refused;
  if (typeof info['description'] === 'string' && [...info['description']].length > PHOTO_DESCRIPTION_MAX)
    return invalidParam(call.reply, `The description is longer than ${PHOTO_DESCRIPTION_MAX} characters.`);
  const urls = source['photo_images'];
  if (
    source['source'] !== 'PULL_FROM_URL' ||
    !Array.isArray(urls) ||
    urls.length === 0 ||
    urls.length > MAX_PHOTOS
  )
    return invalidParam(call.reply, `Photos come as PULL_FROM_URL, 1 to ${MAX_PHOTOS} photo_images.`);
  const publish = newPublish(call, 'photo', info);
  publish.description = typeof info['description'] === 'string' ? info['description'] : undefined;
  const photos = await pull(urls.map(String), isPhoto);
  if (photos) {
    publish.photos = photos;
    publish.postId = call.state.nextId();
    call.ctx.posts.add({
      id: publish.postId,
      account: call.creator.openId,
      text: [publish.title, publish.description ?? ''].filter(Boolean).join('\n\n'),
      media: photos,
      createdAt: call.ctx.now(),
    });
  } else {
    publish.status = 'FAILED';
    publish.failReason = 'photo_pull_failed';
  }
  return afterCommit(call) ?? ok(call.reply, { publish_id: publish.id });
};

/** What TikTok takes by URL: photos in JPEG and WebP only (platforms.md §10 Limits), videos as MP4 or WebM. */
function isPhoto(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'image/jpeg';
  return new TextDecoder().decode(bytes.slice(8, 12)) === 'WEBP' ? 'image/webp' : undefined;
}

function isVideo(bytes: Uint8Array): string | undefined {
  if (new TextDecoder().decode(bytes.slice(4, 8)) === 'ftyp') return 'video/mp4';
  return bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3
    ? 'video/webm'
    : undefined;
}

/** TikTok fetches each file itself; undefined when one cannot be fetched or is not what it takes. */
async function pull(
  urls: string[],
  typeOf: (bytes: Uint8Array) => string | undefined,
): Promise<FakeMedia[] | undefined> {
  const files: FakeMedia[] = [];
  for (const url of urls) {
    try {
      const answer = await fetch(url, { signal: AbortSignal.timeout(5000) });
      const bytes = new Uint8Array(await answer.arrayBuffer());
      const mime = typeOf(bytes);
      if (!answer.ok || !mime) return undefined;
      files.push({ name: new URL(url).pathname.split('/').pop() ?? 'file', mime, bytes });
    } catch {
      return undefined;
    }
  }
  return files;
}

/**
 * video/list (Display API): the creator's public posts, newest first, max_count (1-20) a page.
 * TikTok's cursor is a time; the fake's is an offset, equally opaque to the caller.
 */
export const videoList: TikTokHandler = (call) => {
  const fields = (call.query['fields'] ?? '').split(',').filter(Boolean);
  if (fields.length === 0) return invalidParam(call.reply, 'fields is required.');
  const max = Number(call.body['max_count'] ?? 10);
  if (!Number.isInteger(max) || max < 1 || max > 20)
    return invalidParam(call.reply, 'max_count must be between 1 and 20.');
  const offset = Number(call.body['cursor'] ?? 0);
  if (!Number.isInteger(offset) || offset < 0) return invalidParam(call.reply, 'cursor is invalid.');
  const publishOf = (id: string) => [...call.state.publishes.values()].find((p) => p.postId === id);
  const mine = call.ctx.posts
    .live()
    .filter(
      (post) => post.account === call.creator.openId && publishOf(post.id)?.privacyLevel !== 'SELF_ONLY',
    )
    .reverse();
  const page = mine.slice(offset, offset + max).map((post) => {
    const publish = publishOf(post.id);
    const all: Record<string, unknown> = {
      id: post.id,
      create_time: Math.floor(post.createdAt.getTime() / 1000),
      title: publish?.title ?? post.text,
      video_description: publish?.kind === 'photo' ? (publish.description ?? '') : post.text,
      share_url: `${call.ctx.url}/@${call.creator.username}/${publish?.kind ?? 'video'}/${post.id}`,
    };
    return Object.fromEntries(fields.filter((f) => f in all).map((f) => [f, all[f]]));
  });
  return ok(call.reply, {
    videos: page,
    cursor: offset + page.length,
    has_more: offset + page.length < mine.length,
  });
};

/**
 * status/fetch. `publicaly_available_post_id` (misspelt, as TikTok spells it) is a list of
 * int64: written as bare numbers, beyond what a double holds, as TikTok sends them; empty for a
 * post that is not public.
 */
export const statusFetch: TikTokHandler = (call) => {
  const publish = call.state.publishes.get(String(call.body['publish_id'] ?? ''));
  if (!publish || publish.openId !== call.creator.openId)
    return invalidParam(call.reply, 'publish_id is invalid.');
  const data: Record<string, unknown> = { status: publish.status };
  if (publish.kind === 'video') data['uploaded_bytes'] = publish.receivedBytes;
  const uploaded = publish.kind === 'photo' || publish.receivedBytes === publish.videoSize;
  if (publish.status !== 'FAILED' && uploaded) {
    if (publish.processingPolls > 0) publish.processingPolls -= 1;
    else publish.status = 'PUBLISH_COMPLETE';
    data['status'] = publish.status;
  }
  if (publish.status === 'FAILED') data['fail_reason'] = publish.failReason;
  const ids =
    publish.status === 'PUBLISH_COMPLETE' && publish.privacyLevel !== 'SELF_ONLY' && publish.postId
      ? [publish.postId]
      : [];
  const json = JSON.stringify({
    data: { ...data, publicaly_available_post_id: '@IDS@' },
    error: { code: 'ok', message: '', log_id: `2026${Date.now()}` },
  });
  return call.reply
    .code(200)
    .type('application/json; charset=utf-8')
    .send(json.replace('"@IDS@"', `[${ids.join(',')}]`));
};
