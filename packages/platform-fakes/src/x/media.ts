import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FakeContext } from '../fake-server.ts';
import { Params } from '../params.ts';
import { type Authed, authenticate, hasScope } from './guard.ts';
import { invalidRequest, notFound, serviceUnavailable } from './replies.ts';
import type { XState, XUpload } from './state.ts';

/** platforms.md §4 Limits. */
export const IMAGE_LIMIT = 5 * 1024 * 1024;
export const GIF_LIMIT = 15 * 1024 * 1024;
export const VIDEO_LIMIT = 512 * 1024 * 1024;
const EXPIRES_AFTER_S = 86_400;
const CATEGORIES = ['tweet_image', 'tweet_gif', 'tweet_video'];

/**
 * X's media upload (platforms.md §4 Publish): one-shot POST /2/media/upload for images (multipart
 * or base64 JSON), and INITIALIZE → APPEND (segment_index 0-999) → FINALIZE → STATUS for video
 * and large GIFs. Video processes: STATUS answers pending, in_progress, then succeeded or failed;
 * slowProcessing (on FINALIZE) holds it `polls` checks longer.
 */
export function mediaRoutes(app: FastifyInstance, ctx: FakeContext, state: XState): void {
  const upload = (authed: Authed, reply: FastifyReply, id: string): XUpload | undefined => {
    const found = state.uploads.get(id);
    if (found?.userId === authed.user.id) return found;
    notFound(reply, 'media', id);
    return undefined;
  };

  app.post('/2/media/upload', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'POST /2/media/upload');
    if (!authed || !hasScope(authed, reply, 'media.write')) return reply;
    const params = new Params(request);
    const bytes = params.files.get('media')?.bytes ?? base64(params.get('media'));
    if (!bytes) return invalidRequest(reply, 'The `media` field is required.');
    const type = kindOf(bytes);
    if (!type?.startsWith('image/')) return invalidRequest(reply, 'media type unrecognized.');
    const limit = type === 'image/gif' ? GIF_LIMIT : IMAGE_LIMIT;
    if (bytes.byteLength > limit) return invalidRequest(reply, `File size exceeds ${limit} bytes.`);
    const stored: XUpload = {
      id: mediaId(ctx),
      userId: authed.user.id,
      mediaType: type,
      category: params.get('media_category') ?? 'tweet_image',
      totalBytes: bytes.byteLength,
      segments: new Map([[0, bytes]]),
      finalized: true,
      pollsLeft: 0,
      bytes,
    };
    state.uploads.set(stored.id, stored);
    const after = ctx.afterCommit(reply, authed.fault, () => serviceUnavailable(reply));
    if (after) return after;
    return { data: mediaJson(stored) };
  });

  app.post('/2/media/upload/initialize', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'POST /2/media/upload/initialize');
    if (!authed || !hasScope(authed, reply, 'media.write')) return reply;
    const params = new Params(request);
    const mediaType = params.get('media_type') ?? '';
    const totalBytes = Number(params.get('total_bytes'));
    const category = params.get('media_category') ?? 'tweet_video';
    if (!/^(video\/mp4|video\/quicktime|image\/(gif|jpeg|png|webp))$/.test(mediaType))
      return invalidRequest(reply, `media_type ${mediaType} is not supported.`);
    if (!CATEGORIES.includes(category))
      return invalidRequest(reply, `media_category ${category} is not valid.`);
    const limit = mediaType.startsWith('video/')
      ? VIDEO_LIMIT
      : mediaType === 'image/gif'
        ? GIF_LIMIT
        : IMAGE_LIMIT;
    if (!Number.isInteger(totalBytes) || totalBytes <= 0 || totalBytes > limit)
      return invalidRequest(reply, `total_bytes must be between 1 and ${limit}.`);
    const stored: XUpload = {
      id: mediaId(ctx),
      userId: authed.user.id,
      mediaType,
      category,
      totalBytes,
      segments: new Map(),
      finalized: false,
      pollsLeft: 0,
    };
    state.uploads.set(stored.id, stored);
    const after = ctx.afterCommit(reply, authed.fault, () => serviceUnavailable(reply));
    if (after) return after;
    return { data: { id: stored.id, media_key: `7_${stored.id}`, expires_after_secs: EXPIRES_AFTER_S } };
  });

  app.post<{ Params: { id: string } }>('/2/media/upload/:id/append', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'POST /2/media/upload/:id/append');
    if (!authed) return reply;
    const found = upload(authed, reply, request.params.id);
    if (!found) return reply;
    if (found.finalized) return invalidRequest(reply, 'The media upload was already finalized.');
    const params = new Params(request);
    const index = Number(params.get('segment_index'));
    if (!Number.isInteger(index) || index < 0 || index > 999)
      return invalidRequest(reply, 'segment_index must be between 0 and 999.');
    const bytes = params.files.get('media')?.bytes ?? base64(params.get('media'));
    if (!bytes) return invalidRequest(reply, 'The `media` field is required.');
    found.segments.set(index, bytes);
    const after = ctx.afterCommit(reply, authed.fault, () => serviceUnavailable(reply));
    if (after) return after;
    return { data: { expires_at: Math.floor(ctx.now().getTime() / 1000) + EXPIRES_AFTER_S } };
  });

  app.post<{ Params: { id: string } }>('/2/media/upload/:id/finalize', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'POST /2/media/upload/:id/finalize');
    if (!authed) return reply;
    const found = upload(authed, reply, request.params.id);
    if (!found) return reply;
    if (found.finalized) return { data: mediaJson(found) };
    const bytes = joined(found.segments);
    if (bytes.byteLength !== found.totalBytes)
      return invalidRequest(
        reply,
        `File size mismatch: received ${bytes.byteLength} bytes, total_bytes was ${found.totalBytes}.`,
      );
    found.bytes = bytes;
    found.finalized = true;
    const slow = authed.fault?.kind === 'slowProcessing' ? (authed.fault.polls ?? 3) : 0;
    // Video and GIFs are transcoded: at least one STATUS check says they are not ready yet.
    found.pollsLeft = Math.max(slow, found.category === 'tweet_image' ? 0 : 1);
    if (kindOf(bytes) !== found.mediaType)
      found.failure = 'InvalidMedia: Invalid or Unsupported media, Reason: UnsupportedMedia.';
    const after = ctx.afterCommit(reply, authed.fault, () => serviceUnavailable(reply));
    if (after) return after;
    return { data: mediaJson(found) };
  });

  app.get('/2/media/upload', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'GET /2/media/upload');
    if (!authed) return reply;
    const params = new Params(request);
    if (params.get('command') !== 'STATUS') return invalidRequest(reply, 'command must be STATUS.');
    const found = upload(authed, reply, params.get('media_id') ?? '');
    if (!found) return reply;
    if (!found.finalized) return invalidRequest(reply, 'The media upload was not finalized.');
    if (found.pollsLeft > 0) found.pollsLeft -= 1;
    return { data: mediaJson(found, 'in_progress') };
  });
}

/** Whether the file can be attached: finalized and processed (no STATUS check left, not failed). */
export function ready(upload: XUpload): boolean {
  return upload.finalized && upload.pollsLeft <= 0 && upload.failure === undefined;
}

function mediaJson(upload: XUpload, waiting: 'pending' | 'in_progress' = 'pending') {
  const processing = processingInfo(upload, waiting);
  return {
    id: upload.id,
    media_key: `${upload.category === 'tweet_image' ? 3 : 7}_${upload.id}`,
    size: upload.totalBytes,
    expires_after_secs: EXPIRES_AFTER_S,
    ...(processing ? { processing_info: processing } : {}),
  };
}

/** None for an image ready at once; pending right after FINALIZE, in_progress while checks remain. */
function processingInfo(upload: XUpload, waiting: 'pending' | 'in_progress') {
  if (upload.category === 'tweet_image' && upload.pollsLeft <= 0 && !upload.failure) return undefined;
  if (upload.pollsLeft > 0)
    return { state: waiting, check_after_secs: 1, progress_percent: waiting === 'pending' ? 0 : 50 };
  if (upload.failure)
    return {
      state: 'failed',
      progress_percent: 100,
      error: { code: 1, name: 'InvalidMedia', message: upload.failure },
    };
  return { state: 'succeeded', progress_percent: 100 };
}

function mediaId(ctx: FakeContext): string {
  return String(1_880_000_000_000_000_000n + BigInt(ctx.nextId()));
}

function base64(value: string | undefined): Uint8Array | undefined {
  return value === undefined ? undefined : new Uint8Array(Buffer.from(value, 'base64'));
}

function joined(segments: Map<number, Uint8Array>): Uint8Array {
  const parts = [...segments.entries()].sort(([a], [b]) => a - b).map(([, bytes]) => bytes);
  return new Uint8Array(Buffer.concat(parts));
}

/** The MIME type the bytes are, as X's media pipeline would find. */
function kindOf(bytes: Uint8Array): string | undefined {
  const head = (n: number[], at = 0) => n.every((b, i) => bytes[at + i] === b);
  if (head([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (head([0x89, 0x50, 0x4e, 0x47])) return 'image/png';
  if (head([0x47, 0x49, 0x46])) return 'image/gif';
  if (head([0x52, 0x49, 0x46, 0x46]) && head([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (head([0x66, 0x74, 0x79, 0x70], 4)) return 'video/mp4';
  return undefined;
}
