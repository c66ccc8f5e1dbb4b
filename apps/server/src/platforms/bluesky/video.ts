import type { BlobRef } from '@atproto/api';
import type { MediaFile } from '../adapter.ts';
import { PlatformError } from '../errors.ts';
import { mediaBlob } from '../media-blob.ts';
import type { Polling } from '../settings.ts';
import { type BlueskyClientSettings, blueskyClient } from './client.ts';
import type { BlueskyContext } from './session.ts';

export interface VideoUploadSettings extends BlueskyClientSettings, Polling {
  videoService: string;
}

/** How long the service token for the upload lasts (the tutorial's 30 minutes). */
const SERVICE_TOKEN_S = 30 * 60;

/**
 * A video through the video service (platforms.md §9 Video, bsky-docs tutorials/video.mdx): a
 * service token from the user's PDS for the service to put the blob there (aud: the PDS's
 * did:web, lxm: uploadBlob), the bytes to uploadVideo, then getJobStatus until the job completes
 * with the blob or fails. A failed job is the file's fault ('mediaInvalid'); a job still running
 * after maxPolls checks published nothing, so it is 'transient'.
 */
export async function uploadVideo(
  settings: VideoUploadSettings,
  session: BlueskyContext & { accessToken: string },
  file: MediaFile,
): Promise<BlobRef> {
  const pds = blueskyClient(settings, session.pds, session.accessToken);
  const { data: auth } = await pds.call((agent) =>
    agent.com.atproto.server.getServiceAuth({
      aud: `did:web:${new URL(session.pds).hostname}`,
      lxm: 'com.atproto.repo.uploadBlob',
      exp: Math.floor(settings.clock.now().getTime() / 1000) + SERVICE_TOKEN_S,
    }),
  );
  const upload = blueskyClient(settings, settings.videoService, auth.token, {
    did: session.did,
    name: file.name,
  });
  const bytes = new Uint8Array(await (await mediaBlob(file)).arrayBuffer());
  let { jobStatus } = (
    await upload.call((agent) => agent.app.bsky.video.uploadVideo(bytes, { encoding: 'video/mp4' }))
  ).data;
  // getJobStatus is public: no token.
  const status = blueskyClient(settings, settings.videoService);
  for (let polls = 0; ; polls++) {
    if (jobStatus.state === 'JOB_STATE_COMPLETED' && jobStatus.blob) return jobStatus.blob;
    if (jobStatus.state === 'JOB_STATE_FAILED')
      throw new PlatformError('mediaInvalid', {
        platform: 'bluesky',
        platformMessage: jobStatus.error ?? jobStatus.message ?? 'the video could not be processed',
        platformCode: jobStatus.failureCode,
        raw: jobStatus,
      });
    if (polls >= settings.maxPolls)
      throw new PlatformError('transient', {
        platform: 'bluesky',
        platformMessage: `the video ${file.name} was still processing after ${polls} checks`,
      });
    await settings.wait(settings.pollIntervalMs);
    const jobId = jobStatus.jobId;
    jobStatus = (await status.call((agent) => agent.app.bsky.video.getJobStatus({ jobId }))).data.jobStatus;
  }
}
