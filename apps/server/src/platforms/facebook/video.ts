import type { MediaFile, PostInput } from '../adapter.ts';
import { PlatformError, isPlatformError } from '../errors.ts';
import { isUnknownObject } from '../graph/errors.ts';
import { poll } from '../graph/poll.ts';
import type { Polling } from '../settings.ts';
import type { VideoNode, pageApi } from './api.ts';

type PageApi = ReturnType<typeof pageApi>;

/** The ids a video publication hands out, as `onProgress` is told them. */
export const VIDEO_PROGRESS = { videoId: 'videoId', uploadSessionId: 'uploadSessionId' } as const;

/**
 * A page video: Graph fetches it from its public address (`file_url`) when it has one, else the
 * chunked upload (platforms.md §1 Publish, video, chunked): start gives the session and the first
 * chunk's offsets, each transfer the next ones until start equals end, finish publishes. Then the
 * video processes until its status says ready. The post is the page post the video became
 * (`post_id`), the id the feed lists, so `find` and `remove` name the same post.
 *
 * An earlier attempt's video (`progress`) that was published is followed, not uploaded again; one
 * whose upload never finished published nothing and is left to expire.
 */
export async function publishVideo(
  api: PageApi,
  pageId: string,
  file: MediaFile,
  /** The post's text, and who may see it (Graph's targeting JSON) when the author chose. */
  fields: { description: string; targeting?: string | undefined },
  polling: Polling,
  post: Pick<PostInput, 'progress' | 'onProgress'>,
): Promise<{ postId: string; permalink?: string | undefined }> {
  const earlier = post.progress?.[VIDEO_PROGRESS.videoId];
  if (earlier && (await wasPublished(api, earlier))) return processed(api, earlier, polling);
  if (file.publicUrl) {
    const videoId = await api.videoFromUrl(pageId, { file_url: file.publicUrl, ...fields });
    await post.onProgress?.({ [VIDEO_PROGRESS.videoId]: videoId });
    return processed(api, videoId, polling);
  }
  const session = await api.startVideo(pageId, file.bytes);
  await post.onProgress?.({
    [VIDEO_PROGRESS.videoId]: session.video_id,
    [VIDEO_PROGRESS.uploadSessionId]: session.upload_session_id,
  });
  let offsets = { start_offset: session.start_offset, end_offset: session.end_offset };
  while (offsets.start_offset !== offsets.end_offset) {
    const start = Number(offsets.start_offset);
    const end = Number(offsets.end_offset);
    const form = new FormData();
    form.set('upload_phase', 'transfer');
    form.set('upload_session_id', session.upload_session_id);
    form.set('start_offset', offsets.start_offset);
    form.set('video_file_chunk', await rangeBlob(file, start, end), file.name);
    offsets = await api.transferChunk(pageId, form);
  }
  await api.finishVideo(pageId, { upload_session_id: session.upload_session_id, ...fields });
  return processed(api, session.video_id, polling);
}

/** Whether an earlier attempt's video became a post; a video Graph does not know (100/33) did not. */
async function wasPublished(api: PageApi, videoId: string): Promise<boolean> {
  try {
    const video = await api.videoNode(videoId);
    return video.post_id !== undefined || video.status?.publishing_phase?.publish_status === 'published';
  } catch (error) {
    if (isUnknownObject(error)) return false;
    throw error;
  }
}

/**
 * Waits for the published video to be processed; its permalink when ready. From here on the
 * video exists: a failed check is outcomeUnknown (reconciling finds it by its id or in the feed), a processing
 * error is mediaInvalid, and a video still processing past maxPolls is deleted, so that the
 * 'transient' retry cannot leave two.
 */
async function processed(
  api: PageApi,
  videoId: string,
  polling: Polling,
): Promise<{ postId: string; permalink?: string | undefined }> {
  let ready: VideoNode | undefined;
  try {
    ready = await poll(polling, async () => {
      const video = await api.videoNode(videoId);
      const state = video.status?.video_status;
      if (state === 'error')
        throw new PlatformError('mediaInvalid', {
          platform: 'facebook',
          platformMessage:
            video.status?.processing_phase?.errors?.[0]?.message ?? 'the video could not be processed',
          raw: video,
        });
      return state === 'ready' ? video : undefined;
    });
  } catch (error) {
    if (isPlatformError(error) && error.kind === 'mediaInvalid') throw error;
    throw new PlatformError(
      'outcomeUnknown',
      {
        platform: 'facebook',
        platformMessage: 'the video was published, its processing could not be followed',
      },
      { cause: error },
    );
  }
  if (ready) {
    if (ready.post_id !== undefined) return { postId: ready.post_id, permalink: ready.permalink_url };
    throw new PlatformError('outcomeUnknown', {
      platform: 'facebook',
      platformMessage: 'the video was published but Graph did not name its post',
      raw: ready,
    });
  }
  try {
    await api.remove(videoId);
  } catch (error) {
    throw new PlatformError(
      'outcomeUnknown',
      { platform: 'facebook', platformMessage: 'the video was still processing and could not be withdrawn' },
      { cause: error },
    );
  }
  throw new PlatformError('transient', {
    platform: 'facebook',
    platformMessage: `the video was still processing after ${polling.maxPolls} checks; it was withdrawn`,
  });
}

/** The bytes [start, end) of a file, for one chunk. */
async function rangeBlob(file: MediaFile, start: number, end: number): Promise<Blob> {
  const parts: Uint8Array<ArrayBuffer>[] = [];
  for await (const chunk of file.open({ start, end })) parts.push(new Uint8Array(chunk));
  return new Blob(parts, { type: file.mime });
}
