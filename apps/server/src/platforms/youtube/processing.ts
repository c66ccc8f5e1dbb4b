import { PlatformError } from '../errors.ts';
import type { Polling } from '../settings.ts';
import type { YoutubeApi } from './api.ts';

const fail = (kind: PlatformError['kind'], message: string, raw?: unknown) =>
  new PlatformError(kind, { platform: 'youtube', platformMessage: message, raw });

/** Best effort: a video that will not be published is taken off the channel, so a retry leaves no twin. */
async function discard(api: YoutubeApi, id: string): Promise<boolean> {
  try {
    await api.deleteVideo(id);
    return true;
  } catch {
    return false;
  }
}

/**
 * An uploaded video until YouTube has processed it (platforms.md §3 Upload step 4): processed,
 * or failed (a file it cannot read: mediaInvalid), or rejected (duplicate, copyright...: the
 * content's fault). One that will not come out is taken off the channel. Still processing past
 * maxPolls: taken off, nothing is published and a retry is safe (transient); left on, it may yet
 * come out (outcomeUnknown).
 */
export async function awaitProcessing(api: YoutubeApi, id: string, settings: Polling): Promise<void> {
  for (let polls = 0; ; polls++) {
    const [video] = await api.videos([id], 'status,processingDetails');
    if (!video) throw fail('rejected', 'the video is gone from the channel');
    const upload = video.status?.uploadStatus;
    const processing = video.processingDetails?.processingStatus;
    const rejected = upload === 'rejected';
    if (
      rejected ||
      upload === 'failed' ||
      upload === 'deleted' ||
      processing === 'failed' ||
      processing === 'terminated'
    ) {
      await discard(api, id);
      const reason = video.status?.rejectionReason ?? video.status?.failureReason ?? processing ?? upload;
      throw fail(
        rejected ? 'rejected' : 'mediaInvalid',
        `YouTube ${rejected ? 'rejected' : 'could not process'} the video: ${reason ?? 'unknown'}`,
        video,
      );
    }
    // After the refusals: a rejected video can have been processed all the same.
    if (upload === 'processed' || processing === 'succeeded') return;
    if (polls >= settings.maxPolls) {
      const gone = await discard(api, id);
      throw fail(
        gone ? 'transient' : 'outcomeUnknown',
        `the video was still processing after ${polls} checks`,
      );
    }
    await settings.wait(settings.pollIntervalMs);
  }
}
