import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FakeContext } from '../fake-server.ts';
import { Params } from '../params.ts';
import { type Authed, authenticate, hasScope } from './guard.ts';
import { badRequest, forbidden, notFound, serverError } from './replies.ts';
import type { LinkedInMedia, LinkedInState } from './state.ts';

/** platforms.md §7 Limits: video 75 KB-500 MB [3rd]; the fake takes smaller files so tests stay small. */
export const VIDEO_LIMIT = 500 * 1024 * 1024;
/** LinkedIn splits a video into 4 MiB parts, one upload URL each. */
export const DEFAULT_PART_BYTES = 4 * 1024 * 1024;
const URL_LIFETIME_MS = 24 * 3600 * 1000;

/**
 * The Images and Videos APIs (platforms.md §7 Publish): initializeUpload answers upload URLs on
 * this server; an image is one PUT; a video is a PUT per part, each answered with an ETag, then
 * finalizeUpload with the ETags in order. Reads of /rest/images/{urn} and /rest/videos/{urn} say
 * PROCESSING, then AVAILABLE or PROCESSING_FAILED; slowProcessing holds a file `polls` reads
 * longer (set it on "PUT /dms-uploads" for an image, on "POST /rest/videos?action=finalizeUpload"
 * for a video).
 */
export function mediaRoutes(
  app: FastifyInstance,
  ctx: FakeContext,
  state: LinkedInState,
  partBytes: number,
): void {
  // Upload URLs take the file's bytes as they are, whatever the type says.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const owned = (authed: Authed, reply: FastifyReply, owner: string | undefined): boolean => {
    if (owner && state.postableBy(owner, authed.member.id)) return true;
    forbidden(reply, `Not enough permissions to upload media for owner ${owner ?? '(none)'}`);
    return false;
  };

  app.post('/rest/images', async (request, reply) => {
    const call = `POST /rest/images?action=${new Params(request).get('action') ?? ''}`;
    const authed = authenticate(request, reply, ctx, state, call);
    if (!authed || !hasScope(authed, reply, 'w_organization_social')) return reply;
    if (new Params(request).get('action') !== 'initializeUpload')
      return badRequest(reply, 'Unsupported action');
    const owner = (request.body as { initializeUploadRequest?: { owner?: string } } | null)
      ?.initializeUploadRequest?.owner;
    if (!owned(authed, reply, owner)) return reply;
    const media = add(ctx, state, 'image', owner ?? '', 0);
    const after = ctx.afterCommit(reply, authed.fault, () => serverError(reply));
    if (after) return after;
    return {
      value: {
        uploadUrlExpiresAt: ctx.now().getTime() + URL_LIFETIME_MS,
        uploadUrl: uploadUrl(ctx, media, 0),
        image: media.urn,
      },
    };
  });

  app.post('/rest/videos', async (request, reply) => {
    const action = new Params(request).get('action') ?? '';
    const authed = authenticate(request, reply, ctx, state, `POST /rest/videos?action=${action}`);
    if (!authed || !hasScope(authed, reply, 'w_organization_social')) return reply;
    if (action === 'initializeUpload') {
      const init = (
        request.body as { initializeUploadRequest?: { owner?: string; fileSizeBytes?: number } } | null
      )?.initializeUploadRequest;
      if (!owned(authed, reply, init?.owner)) return reply;
      const size = Number(init?.fileSizeBytes);
      if (!Number.isInteger(size) || size <= 0 || size > VIDEO_LIMIT)
        return badRequest(reply, `fileSizeBytes must be between 1 and ${VIDEO_LIMIT}`);
      const media = add(ctx, state, 'video', init?.owner ?? '', size, partBytes);
      const after = ctx.afterCommit(reply, authed.fault, () => serverError(reply));
      if (after) return after;
      return {
        value: {
          uploadUrlsExpireAt: ctx.now().getTime() + URL_LIFETIME_MS,
          video: media.urn,
          uploadInstructions: media.parts.map((part, index) => ({
            uploadUrl: uploadUrl(ctx, media, index),
            firstByte: part.firstByte,
            lastByte: part.lastByte,
          })),
          uploadToken: media.uploadToken,
        },
      };
    }
    if (action === 'finalizeUpload') {
      const finalize = (
        request.body as {
          finalizeUploadRequest?: { video?: string; uploadToken?: string; uploadedPartIds?: unknown };
        } | null
      )?.finalizeUploadRequest;
      const media = state.media.get(finalize?.video ?? '');
      if (!media || media.kind !== 'video' || !state.postableBy(media.owner, authed.member.id))
        return notFound(reply, finalize?.video ?? 'video');
      const etags = Array.isArray(finalize?.uploadedPartIds) ? finalize.uploadedPartIds.map(String) : [];
      if (finalize?.uploadToken !== media.uploadToken) return badRequest(reply, 'Invalid upload token');
      if (
        media.parts.some((part, i) => part.etag === undefined || part.etag !== etags[i]) ||
        etags.length !== media.parts.length
      )
        return badRequest(reply, 'The uploaded part ids do not match the parts received');
      const bytes = new Uint8Array(Buffer.concat(media.parts.map((p) => p.bytes ?? new Uint8Array())));
      const slow = authed.fault?.kind === 'slowProcessing' ? (authed.fault.polls ?? 3) : 0;
      process(media, bytes, Math.max(1, slow));
      const after = ctx.afterCommit(reply, authed.fault, () => serverError(reply));
      if (after) return after;
      return reply.code(200).send();
    }
    return badRequest(reply, 'Unsupported action');
  });

  app.put<{ Params: { id: string; part: string } }>('/dms-uploads/:id/:part', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'PUT /dms-uploads', { versioned: false });
    if (!authed) return reply;
    const media =
      state.media.get(`urn:li:image:${request.params.id}`) ??
      state.media.get(`urn:li:video:${request.params.id}`);
    const part = media?.parts[Number(request.params.part)];
    if (!media || !part || media.status !== 'WAITING_UPLOAD') return notFound(reply, 'upload');
    const bytes = Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : new Uint8Array();
    if (media.kind === 'video' && bytes.byteLength !== part.lastByte - part.firstByte + 1)
      return badRequest(reply, `Expected ${part.lastByte - part.firstByte + 1} bytes for this part`);
    part.bytes = bytes;
    part.etag = `/${createHash('sha256').update(bytes).digest('base64url').slice(0, 40)}`;
    if (media.kind === 'image') {
      media.size = bytes.byteLength;
      const slow = authed.fault?.kind === 'slowProcessing' ? (authed.fault.polls ?? 3) : 0;
      process(media, bytes, slow);
    }
    const after = ctx.afterCommit(reply, authed.fault, () => serverError(reply));
    if (after) return after;
    return reply.code(201).header('etag', part.etag).send();
  });

  for (const kind of ['images', 'videos'] as const)
    app.get<{ Params: { urn: string } }>(`/rest/${kind}/:urn`, async (request, reply) => {
      const authed = authenticate(request, reply, ctx, state, `GET /rest/${kind}/:urn`);
      if (!authed) return reply;
      const media = state.media.get(request.params.urn);
      if (!media || !state.postableBy(media.owner, authed.member.id))
        return notFound(reply, request.params.urn);
      // Each read while processing uses up one of pollsLeft; the read after the last settles it.
      if (media.status === 'PROCESSING') {
        if (media.pollsLeft > 0) media.pollsLeft -= 1;
        else settle(media);
      }
      return mediaJson(ctx, media);
    });

  app.get<{ Params: { urn: string } }>('/dms/media/:urn', async (request, reply) => {
    const media = state.media.get(request.params.urn);
    if (!media?.bytes) return reply.code(404).send();
    return reply.type(media.mime ?? 'application/octet-stream').send(Buffer.from(media.bytes));
  });
}

/** Whether a post may carry it. */
export function available(media: LinkedInMedia | undefined): boolean {
  return media?.status === 'AVAILABLE';
}

function add(
  ctx: FakeContext,
  state: LinkedInState,
  kind: 'image' | 'video',
  owner: string,
  size: number,
  partBytes = 0,
): LinkedInMedia {
  const id = `D4E${kind === 'image' ? '10' : '05'}AQ${ctx.nextId()}`;
  const parts =
    kind === 'image'
      ? [{ firstByte: 0, lastByte: 0 }]
      : Array.from({ length: Math.ceil(size / partBytes) }, (_, i) => ({
          firstByte: i * partBytes,
          lastByte: Math.min(size, (i + 1) * partBytes) - 1,
        }));
  const media: LinkedInMedia = {
    urn: `urn:li:${kind}:${id}`,
    kind,
    owner,
    parts,
    size,
    uploadToken: '',
    status: 'WAITING_UPLOAD',
    pollsLeft: 0,
  };
  state.media.set(media.urn, media);
  return media;
}

function uploadUrl(ctx: FakeContext, media: LinkedInMedia, part: number): string {
  return `${ctx.url}/dms-uploads/${media.urn.split(':').at(-1) ?? ''}/${part}`;
}

/** The bytes are in: processing starts, and ends after `polls` status reads. */
function process(media: LinkedInMedia, bytes: Uint8Array, polls: number): void {
  media.bytes = bytes;
  media.mime = kindOf(bytes);
  media.status = 'PROCESSING';
  media.pollsLeft = polls;
  if (polls === 0) settle(media);
}

function settle(media: LinkedInMedia): void {
  const fits = media.kind === 'image' ? media.mime?.startsWith('image/') : media.mime === 'video/mp4';
  media.status = fits ? 'AVAILABLE' : 'PROCESSING_FAILED';
  if (!fits)
    media.processingFailureReason =
      media.kind === 'image'
        ? 'Unable to process the uploaded image: unsupported format'
        : 'Video format is not supported';
}

function mediaJson(ctx: FakeContext, media: LinkedInMedia) {
  return {
    id: media.urn,
    owner: media.owner,
    status: media.status,
    ...(media.status === 'AVAILABLE'
      ? {
          downloadUrl: `${ctx.url}/dms/media/${encodeURIComponent(media.urn)}`,
          downloadUrlExpiresAt: ctx.now().getTime() + URL_LIFETIME_MS,
        }
      : {}),
    ...(media.processingFailureReason ? { processingFailureReason: media.processingFailureReason } : {}),
    ...(media.kind === 'video' ? { duration: 0, aspectRatioWidth: 16, aspectRatioHeight: 9 } : {}),
  };
}

function kindOf(bytes: Uint8Array): string | undefined {
  const head = (n: number[], at = 0) => n.every((b, i) => bytes[at + i] === b);
  if (head([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (head([0x89, 0x50, 0x4e, 0x47])) return 'image/png';
  if (head([0x47, 0x49, 0x46])) return 'image/gif';
  if (head([0x66, 0x74, 0x79, 0x70], 4)) return 'video/mp4';
  return undefined;
}
