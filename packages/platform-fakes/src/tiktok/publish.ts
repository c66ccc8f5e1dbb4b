import { randomBytes } from 'node:crypto';
import { avatarUrl } from '../avatar.ts';
import type { FakeMedia } from '../posts.ts';
import { type TikTokCall, type TikTokHandler, object } from './call.ts';
import { fail, invalidParam, ok } from './replies.ts';
import type { TikTokPublish } from './state.ts';

/**
 * The Content Posting API's Direct Post (platforms.md §10 Publish): creator_info/query, video
 * init with FILE_UPLOAD (the upload URL on the fake's own host; upload.ts takes the chunks), photo
 * init with PULL_FROM_URL (the fake fetches the photos, as TikTok does), and status/fetch.
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
  return undefined;
}

function newPublish(call: TikTokCall, kind: 'video' | 'photo', info: Record<string, unknown>): TikTokPublish {
  const publish: TikTokPublish = {
    id: `v_pub_${kind === 'video' ? 'file' : 'url'}~v2-1.${call.state.nextId()}`,
    openId: call.creator.openId,
    kind,
    title: typeof info['title'] === 'string' ? info['title'] : '',
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

export const videoInit: TikTokHandler = (call) => {
  const info = object(call.body['post_info']);
  const source = object(call.body['source_info']);
  const refused = postInfoProblem(call, info, TITLE_MAX);
  if (refused) return refused;
  if (source['source'] !== 'FILE_UPLOAD')
    return invalidParam(call.reply, 'The fake takes FILE_UPLOAD; PULL_FROM_URL needs a verified domain.');
  const [size, chunk, count] = ['video_size', 'chunk_size', 'total_chunk_count'].map((k) =>
    Number(source[k]),
  );
  const problem = chunkProblem(size ?? 0, chunk ?? 0, count ?? 0);
  if (problem) return invalidParam(call.reply, problem);
  const publish = newPublish(call, 'video', info);
  Object.assign(publish, { videoSize: size, chunkSize: chunk, totalChunkCount: count });
  const token = randomBytes(16).toString('hex');
  call.state.uploads.set(token, publish.id);
  if (call.fault?.kind === 'acceptThenHang') return call.ctx.hang(call.reply);
  return ok(call.reply, {
    publish_id: publish.id,
    upload_url: `${call.ctx.url}/upload/?upload_id=${publish.id}&upload_token=${token}`,
  });
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
  publish.title = [publish.title, typeof info['description'] === 'string' ? info['description'] : '']
    .filter(Boolean)
    .join('\n\n');
  const photos = await pull(urls.map(String));
  if (photos) {
    publish.photos = photos;
    publish.postId = call.state.nextId();
    call.ctx.posts.add({
      id: publish.postId,
      account: call.creator.openId,
      text: publish.title,
      media: photos,
      createdAt: call.ctx.now(),
    });
  } else {
    publish.status = 'FAILED';
    publish.failReason = 'photo_pull_failed';
  }
  if (call.fault?.kind === 'acceptThenHang') return call.ctx.hang(call.reply);
  return ok(call.reply, { publish_id: publish.id });
};

/** TikTok fetches each photo itself; JPEG and WebP only (platforms.md §10 Limits). */
async function pull(urls: string[]): Promise<FakeMedia[] | undefined> {
  const files: FakeMedia[] = [];
  for (const url of urls) {
    try {
      const answer = await fetch(url, { signal: AbortSignal.timeout(5000) });
      const bytes = new Uint8Array(await answer.arrayBuffer());
      const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
      const webp = new TextDecoder().decode(bytes.slice(8, 12)) === 'WEBP';
      if (!answer.ok || !(jpeg || webp)) return undefined;
      files.push({
        name: new URL(url).pathname.split('/').pop() ?? 'photo',
        mime: jpeg ? 'image/jpeg' : 'image/webp',
        bytes,
      });
    } catch {
      return undefined;
    }
  }
  return files;
}

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
