import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Fault } from '../faults.ts';
import { xrpcError } from './xrpc-faults.ts';

/**
 * The video service (video.bsky.app, platforms.md §9 Video), which the reference PDS does not
 * include: uploadVideo takes the bytes with a service token the user's PDS issued (aud: the PDS,
 * lxm: com.atproto.repo.uploadBlob) and, as the real service does once it has transcoded the
 * file, puts the blob into the user's repo with that token; getJobStatus (public) reports the
 * job, processing for as many checks as a slowProcessing switch says, then completed with the
 * blob. A file that is not an MP4 fails the job ("validation_failure").
 */
export const VIDEO_METHODS = new Set(['app.bsky.video.uploadVideo', 'app.bsky.video.getJobStatus']);

interface Job {
  jobId: string;
  did: string;
  /** Status checks still answered "processing". */
  processingChecks: number;
  blob?: unknown;
  error?: string;
}

export class VideoService {
  readonly jobs = new Map<string, Job>();
  /** What uploadVideo received, for tests: the file's name, size and declared length, the DID it was for. */
  readonly uploads: { did: string; name: string; bytes: number; mime: string; contentLength?: string }[] = [];

  readonly #pdsOrigin: () => string;

  constructor(pdsOrigin: () => string) {
    this.#pdsOrigin = pdsOrigin;
  }

  async handle(
    method: string,
    request: FastifyRequest<{ Querystring: Record<string, string | undefined> }>,
    reply: FastifyReply,
    fault: Fault | undefined,
  ): Promise<FastifyReply> {
    if (method === 'app.bsky.video.getJobStatus') return this.#status(request.query.jobId, reply);
    const did = request.query.did ?? '';
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const mime = request.headers['content-type'] ?? '';
    this.uploads.push({
      did,
      name: request.query.name ?? '',
      bytes: body.byteLength,
      mime,
      contentLength: request.headers['content-length'],
    });
    const job: Job = { jobId: randomUUID(), did, processingChecks: fault?.polls ?? 0 };
    this.jobs.set(job.jobId, job);
    if (!isMp4(body)) {
      job.error = 'Video is not a valid MP4 file';
    } else {
      const stored = await fetch(new URL('/xrpc/com.atproto.repo.uploadBlob', this.#pdsOrigin()), {
        method: 'POST',
        headers: { authorization: request.headers.authorization ?? '', 'content-type': 'video/mp4' },
        body: new Uint8Array(body),
      });
      const answer = (await stored.json()) as { blob?: unknown; error?: string; message?: string };
      // The service token did not pass at the PDS: as the real service, refuse the upload itself.
      if (!stored.ok)
        return xrpcError(reply, stored.status, answer.error ?? 'InvalidRequest', answer.message ?? '');
      job.blob = answer.blob;
    }
    return reply.send({ jobStatus: { jobId: job.jobId, did, state: 'JOB_STATE_CREATED', progress: 0 } });
  }

  #status(jobId: string | undefined, reply: FastifyReply): FastifyReply {
    const job = jobId ? this.jobs.get(jobId) : undefined;
    if (!job) return xrpcError(reply, 404, 'NotFound', 'Job not found');
    const base = { jobId: job.jobId, did: job.did };
    if (job.processingChecks > 0) {
      job.processingChecks -= 1;
      return reply.send({ jobStatus: { ...base, state: 'JOB_STATE_ENCODING', progress: 50 } });
    }
    if (job.error)
      return reply.send({
        jobStatus: {
          ...base,
          state: 'JOB_STATE_FAILED',
          failureCode: 'validation_failure',
          error: job.error,
        },
      });
    return reply.send({
      jobStatus: { ...base, state: 'JOB_STATE_COMPLETED', progress: 100, blob: job.blob },
    });
  }
}

/** An ISO base media file: its first box, at byte 4, is 'ftyp'. */
function isMp4(bytes: Buffer): boolean {
  return bytes.byteLength >= 8 && bytes.toString('latin1', 4, 8) === 'ftyp';
}
