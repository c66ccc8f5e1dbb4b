import { type AppBskyVideoDefs, BlobRef } from '@atproto/api';
import { z } from '@postdeck/contract/zod';
import type { MediaFile } from '../adapter.ts';
import { PlatformError, isPlatformError } from '../errors.ts';
import type { Polling } from '../settings.ts';
import { type BlueskyClientSettings, blueskyClient } from './client.ts';
import type { BlueskyContext } from './session.ts';

export interface VideoUploadSettings extends BlueskyClientSettings, Polling {
  videoService: string;
}

/** How long the service token for the upload lasts (the tutorial's 30 minutes). */
const SERVICE_TOKEN_S = 30 * 60;

type Job = Pick<AppBskyVideoDefs.JobStatus, 'jobId' | 'state' | 'blob' | 'error' | 'message' | 'failureCode'>;

/** uploadVideo's answer, read as @atproto/api hands it over (the blob already a BlobRef). */
const uploadAnswer = z.object({
  jobStatus: z.object({
    jobId: z.string(),
    state: z.string(),
    blob: z.instanceof(BlobRef).optional(),
    error: z.string().optional(),
    message: z.string().optional(),
    failureCode: z.string().optional(),
  }),
});

/** The job an earlier attempt started, and where to tell a new one's id. */
export interface VideoJobProgress {
  earlier?: string | undefined;
  started(jobId: string): Promise<void>;
}

/**
 * A video through the video service (platforms.md §9 Video, bsky-docs tutorials/video.mdx): a
 * service token from the user's PDS for the service to put the blob there (aud: the PDS's
 * did:web, lxm: uploadBlob), the bytes to uploadVideo, streamed from the file with their length
 * declared (as the tutorial sends them), then getJobStatus until the job completes with the blob
 * or fails. The job's id is told as soon as it is known; a later attempt asks about that job
 * instead of uploading again, unless the service no longer knows it. A failed job is the file's
 * fault ('mediaInvalid'); a job still running after maxPolls checks published nothing, so it is
 * 'transient'.
 */
export async function uploadVideo(
  settings: VideoUploadSettings,
  session: BlueskyContext & { accessToken: string },
  file: MediaFile,
  progress: VideoJobProgress,
): Promise<BlobRef> {
  // getJobStatus is public: no token.
  const status = blueskyClient(settings, settings.videoService);
  const jobStatus = async (jobId: string) =>
    (await status.call((agent) => agent.app.bsky.video.getJobStatus({ jobId }))).data.jobStatus;
  let job: Job | undefined =
    progress.earlier === undefined
      ? undefined
      : await jobStatus(progress.earlier).catch((error: unknown) => {
          // Jobs do not last for ever: one the service refuses to know is started again.
          if (isPlatformError(error) && error.kind === 'rejected') return undefined;
          throw error;
        });
  if (!job) {
    job = await upload(settings, session, file);
    await progress.started(job.jobId);
  }
  for (let polls = 0; ; polls++) {
    if (job.state === 'JOB_STATE_COMPLETED' && job.blob) return job.blob;
    if (job.state === 'JOB_STATE_FAILED')
      throw new PlatformError('mediaInvalid', {
        platform: 'bluesky',
        platformMessage: job.error ?? job.message ?? 'the video could not be processed',
        platformCode: job.failureCode,
        raw: job,
      });
    if (polls >= settings.maxPolls)
      throw new PlatformError('transient', {
        platform: 'bluesky',
        platformMessage: `the video ${file.name} was still processing after ${polls} checks`,
      });
    await settings.wait(settings.pollIntervalMs);
    job = await jobStatus(job.jobId);
  }
}

async function upload(
  settings: VideoUploadSettings,
  session: BlueskyContext & { accessToken: string },
  file: MediaFile,
): Promise<Job> {
  const pds = blueskyClient(settings, session.pds, session.accessToken);
  const { data: auth } = await pds.call((agent) =>
    agent.com.atproto.server.getServiceAuth({
      aud: `did:web:${new URL(session.pds).hostname}`,
      lxm: 'com.atproto.repo.uploadBlob',
      exp: Math.floor(settings.clock.now().getTime() / 1000) + SERVICE_TOKEN_S,
    }),
  );
  const service = blueskyClient(settings, settings.videoService, auth.token, {
    did: session.did,
    name: file.name,
  });
  // The generic call takes any body @atproto/xrpc can send, a stream included; the typed
  // uploadVideo only a string, bytes or a Blob, which would hold the whole file in memory.
  const { data } = await service.call((agent) =>
    agent.call('app.bsky.video.uploadVideo', {}, file.open(), {
      encoding: 'video/mp4',
      headers: { 'content-length': String(file.bytes) },
    }),
  );
  const parsed = uploadAnswer.safeParse(data);
  if (!parsed.success)
    throw new PlatformError('transient', {
      platform: 'bluesky',
      platformMessage: 'app.bsky.video.uploadVideo answered what is not its answer',
      raw: data,
    });
  return parsed.data.jobStatus;
}
