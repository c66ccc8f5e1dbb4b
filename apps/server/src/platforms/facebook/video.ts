import type { MediaFile } from '../adapter.ts';
import { PlatformError, isPlatformError } from '../errors.ts';
import { poll } from '../graph/poll.ts';
import type { Polling } from '../settings.ts';
import type { pageApi } from './api.ts';

type PageApi = ReturnType<typeof pageApi>;

/**
 * A page video through the chunked upload (platforms.md §1 Publish, video, chunked): start gives
 * the session and the first chunk's offsets, each transfer the next ones until start equals end,
 * finish publishes; then the video processes until its status says ready. The video's id is the
 * post's.
 */
export async function publishVideo(
  api: PageApi,
  pageId: string,
  file: MediaFile,
  description: string,
  polling: Polling,
): Promise<{ videoId: string; permalink?: string | undefined }> {
  const session = await api.startVideo(pageId, file.bytes);
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
  await api.finishVideo(pageId, { upload_session_id: session.upload_session_id, description });
  return { videoId: session.video_id, permalink: await processed(api, session.video_id, polling) };
}

/**
 * Waits for the published video to be processed; its permalink when ready. From here on the
 * video exists: a failed check is outcomeUnknown (reconciling finds it in the feed), a processing
 * error is mediaInvalid, and a video still processing past maxPolls is deleted, so that the
 * 'transient' retry cannot leave two.
 */
async function processed(api: PageApi, videoId: string, polling: Polling): Promise<string | undefined> {
  try {
    const ready = await poll(polling, async () => {
      const video = await api.videoStatus(videoId);
      const state = video.status?.video_status;
      if (state === 'error')
        throw new PlatformError('mediaInvalid', {
          platform: 'facebook',
          platformMessage:
            video.status?.processing_phase?.errors?.[0]?.message ?? 'the video could not be processed',
          raw: video,
        });
      return state === 'ready' ? { permalink: video.permalink_url } : undefined;
    });
    if (ready) return ready.permalink;
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
