import type { MediaFile } from '../adapter.ts';
import { PlatformError, isPlatformError } from '../errors.ts';
import type { VideoResource, YoutubeApi, YoutubeVideo } from './api.ts';

/** §3 Upload: every chunk but the last is a multiple of 256 KiB. */
export const CHUNK_UNIT = 256 * 1024;

export interface UploadSettings {
  /** A multiple of CHUNK_UNIT. */
  chunkBytes: number;
  /** Times a session is asked where it stands after a chunk failed (5xx, no answer) before giving up. */
  maxResumes: number;
  /** The first wait before resuming; doubled each time (§3: exponential backoff). */
  resumeDelayMs: number;
  wait: (ms: number) => Promise<void>;
}

export interface UploadResume {
  /** An earlier attempt's session: asked where it stands first, and gone on with. */
  session?: string | undefined;
  /** Told each session opened, before any byte is sent to it. */
  opened(session: string): Promise<void>;
}

/**
 * A video by the resumable protocol (platforms.md §3 Upload): a session, then the file in chunks,
 * each answered 308 with how far the bytes go, the last with the video. After a 5xx or a lost
 * answer the session is asked where it stands (`bytes *\/N`) and the upload goes on from there,
 * so a chunk whose answer was lost is neither sent twice nor guessed about; a session that
 * expired (404, 410) starts again from byte 0, once. Given up after the last chunk was sent, the
 * video may exist: outcomeUnknown; before, nothing was made: transient. An earlier attempt's
 * session (`resume.session`) is asked first, so its bytes are not sent again, nor its video made twice.
 */
export async function uploadVideo(
  api: YoutubeApi,
  file: MediaFile,
  video: VideoResource,
  settings: UploadSettings,
  resume: UploadResume,
): Promise<YoutubeVideo> {
  const open = async () => {
    const opened = await api.startUpload(video, file);
    await resume.opened(opened);
    return opened;
  };
  let session = resume.session ?? (await open());
  let offset = 0;
  let failures = 0;
  let restarted = false;
  // The last chunk went out and no answer said what became of it: the video may exist.
  let lastUnanswered = false;
  let ask = resume.session !== undefined;
  for (;;) {
    const end = Math.min(offset + settings.chunkBytes, file.bytes);
    const sendingLast = !ask && end === file.bytes;
    try {
      const answer = ask
        ? await api.probe(session, file.bytes)
        : await api.putChunk(session, file, offset, end);
      if (answer.done) return answer.video;
      offset = answer.nextByte;
      ask = false;
    } catch (error) {
      if (!isPlatformError(error)) throw error;
      const status = error.detail.status;
      const expired = status === 404 || status === 410;
      if (expired && !restarted && !lastUnanswered) {
        restarted = true;
        session = await open();
        offset = 0;
        ask = false;
        continue;
      }
      if (!expired && error.kind !== 'transient') throw error;
      if (sendingLast) lastUnanswered = true;
      failures += 1;
      if (expired || failures > settings.maxResumes)
        throw new PlatformError(
          lastUnanswered ? 'outcomeUnknown' : 'transient',
          {
            ...error.detail,
            platformMessage: lastUnanswered
              ? `the upload's last bytes were sent but what became of them is unknown (${error.detail.platformMessage ?? error.kind})`
              : error.detail.platformMessage,
          },
          { cause: error },
        );
      await settings.wait(settings.resumeDelayMs * 2 ** (failures - 1));
      ask = true;
    }
  }
}
