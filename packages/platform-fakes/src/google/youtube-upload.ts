import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FakeContext } from '../fake-server.ts';
import { authenticate, googleScopes } from './guard.ts';
import { backendError, youtubeError } from './replies.ts';
import { type GoogleState, type UploadSession, type VideoMetadata, videoId } from './state.ts';
import { videoJson } from './youtube-json.ts';

export const UPLOAD_PATH = '/upload/youtube/v3/videos';
/** §3 Upload: every chunk but the last is a multiple of 256 KiB. */
export const CHUNK_UNIT = 256 * 1024;
const UPLOAD_SCOPES = googleScopes('youtube.upload', 'youtube', 'youtube.force-ssl');

/**
 * videos.insert by the resumable protocol (platforms.md §3 Upload): a POST opens a session and
 * answers its URI in Location; PUTs to it carry the bytes, whole or in chunks with Content-Range,
 * answered 308 with Range until the last, which creates the video (201); `bytes *\/N` asks where
 * the session stands. An expired session answers 404.
 */
export function uploadRoutes(app: FastifyInstance, ctx: FakeContext, state: GoogleState): void {
  // The bytes come as video/*, image/* or application/octet-stream.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(UPLOAD_PATH, async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    if (query['upload_id'] !== undefined) return reply.code(405).send();
    const authed = authenticate(request, reply, ctx, state, `POST ${UPLOAD_PATH}`, {
      api: 'youtube',
      scopes: UPLOAD_SCOPES,
      insert: true,
    });
    if (!authed) return reply;
    if (query['uploadType'] !== 'resumable')
      return youtubeError(reply, 400, {
        reason: 'badRequest',
        message: 'Only uploadType=resumable is served here.',
      });
    if (!authed.channel)
      return youtubeError(reply, 401, {
        reason: 'youtubeSignupRequired',
        message: 'Unauthorized',
        domain: 'youtube.header',
      });
    if (authed.fault?.kind === 'contentRejected')
      return youtubeError(reply, 400, {
        reason: 'invalidVideoMetadata',
        message: authed.fault.message ?? 'The request metadata is invalid.',
      });
    const length = request.headers['x-upload-content-length'];
    const total = typeof length === 'string' && /^\d+$/.test(length) ? Number(length) : undefined;
    if (total === 0)
      return youtubeError(reply, 400, {
        reason: 'mediaBodyRequired',
        message: 'The request does not include the video content.',
      });
    const metadata = readMetadata(request.body);
    const invalid = validate(metadata);
    if (invalid) return youtubeError(reply, 400, invalid);
    const session: UploadSession = {
      id: randomBytes(24).toString('base64url'),
      channelId: authed.channel.id,
      total,
      mime: String(request.headers['x-upload-content-type'] ?? 'application/octet-stream'),
      metadata,
      chunks: [],
      received: 0,
      puts: [],
      slowPolls: authed.fault?.kind === 'slowProcessing' ? (authed.fault.polls ?? 3) : 0,
      expired: false,
    };
    state.sessions.set(session.id, session);
    reply.header('location', `${ctx.url}${UPLOAD_PATH}?uploadType=resumable&upload_id=${session.id}`);
    reply.header('x-guploader-uploadid', session.id);
    // A lost answer here leaves only a session nobody uses: harmless.
    return ctx.afterCommit(reply, authed.fault, () => backendError(reply)) ?? reply.code(200).send('');
  });

  // The session URI is the credential (Google takes its PUTs without a token), so the token
  // faults do not apply here; serverError, rateLimited and the after-commit faults do (to a
  // status probe as well, so a test can keep a session from ever answering).
  app.put(UPLOAD_PATH, async (request, reply) => {
    const id = (request.query as Record<string, string | undefined>)['upload_id'] ?? '';
    const session = state.sessions.get(id);
    if (!session || session.expired)
      return youtubeError(reply, 404, { reason: 'notFound', message: 'Not Found' });
    const range = request.headers['content-range'];
    session.puts.push(typeof range === 'string' ? range : '');
    const fault = ctx.faults.take(`PUT ${UPLOAD_PATH}`, session.channelId);
    if (fault?.kind === 'rateLimited') {
      reply.header('retry-after', String(fault.retryAfterS ?? 60));
      return youtubeError(reply, 429, {
        reason: 'rateLimitExceeded',
        message: 'The request cannot be completed because you have exceeded your rate limit.',
        domain: 'youtube.quota',
      });
    }
    if (fault?.kind === 'serverError') return backendError(reply);
    const body = Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : new Uint8Array(0);
    const probe = typeof range === 'string' ? /^bytes \*\/(\d+|\*)$/.exec(range) : null;
    if (probe)
      return ctx.afterCommit(reply, fault, () => backendError(reply)) ?? where(reply, ctx, state, session);
    const chunk = typeof range === 'string' ? /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(range) : null;
    if (typeof range === 'string' && !chunk) return badRange(reply, 'Failed to parse Content-Range header.');
    const first = chunk ? Number(chunk[1]) : 0;
    const last = chunk ? Number(chunk[2]) : body.byteLength - 1;
    const total = chunk && chunk[3] !== '*' ? Number(chunk[3]) : chunk ? session.total : body.byteLength;
    if (session.total !== undefined && total !== undefined && total !== session.total)
      return badRange(reply, 'The total size does not match the session.');
    session.total ??= total;
    if (last - first + 1 !== body.byteLength)
      return badRange(reply, 'The body does not match Content-Range.');
    if (first > session.received) return badRange(reply, 'The chunk does not start where the upload stands.');
    const final = session.total !== undefined && last + 1 === session.total;
    if (!final && body.byteLength % CHUNK_UNIT !== 0)
      return badRange(reply, `A chunk that is not the last must be a multiple of ${CHUNK_UNIT} bytes.`);
    // Bytes sent again after a lost answer are taken once.
    const fresh = body.subarray(session.received - first);
    session.chunks.push(fresh);
    session.received += fresh.byteLength;
    if (session.total !== undefined && session.received >= session.total) complete(ctx, state, session);
    return ctx.afterCommit(reply, fault, () => backendError(reply)) ?? where(reply, ctx, state, session);
  });

  app.post(`/upload/youtube/v3/thumbnails/set`, async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'POST /upload/youtube/v3/thumbnails/set', {
      api: 'youtube',
      scopes: googleScopes('youtube', 'youtube.force-ssl', 'youtube.upload'),
      units: 50,
    });
    if (!authed) return reply;
    const video = state.videos.get((request.query as Record<string, string>)['videoId'] ?? '');
    if (!video || video.uploadStatus === 'deleted')
      return youtubeError(reply, 404, {
        reason: 'videoNotFound',
        message: 'The video that you are trying to update cannot be found.',
      });
    if (video.channelId !== authed.channel?.id)
      return youtubeError(reply, 403, { reason: 'forbidden', message: 'Forbidden' });
    const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    if (bytes.byteLength === 0)
      return youtubeError(reply, 400, {
        reason: 'mediaBodyRequired',
        message: 'The request does not include the image content.',
      });
    const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
    const png = bytes[0] === 0x89 && bytes[1] === 0x50;
    if (!jpeg && !png)
      return youtubeError(reply, 400, {
        reason: 'invalidImage',
        message: 'The provided image content is invalid.',
      });
    video.thumbnail = { mime: jpeg ? 'image/jpeg' : 'image/png', bytes: bytes.byteLength };
    const url = `${ctx.url}/vi/${video.id}/default.jpg`;
    return { kind: 'youtube#thumbnailSetResponse', items: [{ default: { url, width: 120, height: 90 } }] };
  });
}

/** 308 with how far the bytes go, or the video once they are all there. */
function where(reply: FastifyReply, ctx: FakeContext, state: GoogleState, session: UploadSession) {
  const video = session.videoId === undefined ? undefined : state.videos.get(session.videoId);
  if (video)
    return reply.code(201).send(videoJson(video, ctx.posts.get(video.id), ['snippet', 'status'], true));
  if (session.received > 0) reply.header('range', `bytes=0-${session.received - 1}`);
  return reply.code(308).send('');
}

function badRange(reply: FastifyReply, message: string) {
  return youtubeError(reply, 400, { reason: 'badContent', message, domain: 'global' });
}

function complete(ctx: FakeContext, state: GoogleState, session: UploadSession): void {
  const bytes = new Uint8Array(session.received);
  let at = 0;
  for (const chunk of session.chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  const id = videoId();
  session.videoId = id;
  state.videos.set(id, {
    id,
    channelId: session.channelId,
    metadata: session.metadata,
    uploadStatus: 'uploaded',
    processingStatus: 'processing',
    pollsLeft: Math.max(1, session.slowPolls),
    readable: isVideo(bytes),
    publishedAt: ctx.now(),
  });
  ctx.posts.add({
    id,
    account: session.channelId,
    text: `${session.metadata.title}\n\n${session.metadata.description}`,
    media: [{ name: session.metadata.title, mime: session.mime, bytes }],
    createdAt: ctx.now(),
  });
}

/** ISO BMFF (MP4, MOV), Matroska/WebM or RIFF (AVI): what YouTube's processing can read. */
function isVideo(bytes: Uint8Array): boolean {
  const at = (b: number[], offset = 0) => b.every((v, i) => bytes[offset + i] === v);
  return at([0x66, 0x74, 0x79, 0x70], 4) || at([0x1a, 0x45, 0xdf, 0xa3]) || at([0x52, 0x49, 0x46, 0x46]);
}

function readMetadata(body: unknown): VideoMetadata {
  const video = (body && typeof body === 'object' ? body : {}) as {
    snippet?: { title?: unknown; description?: unknown; tags?: unknown; categoryId?: unknown };
    status?: { privacyStatus?: unknown };
  };
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    title: text(video.snippet?.title),
    description: text(video.snippet?.description),
    tags: Array.isArray(video.snippet?.tags) ? video.snippet.tags.map(String) : [],
    categoryId: text(video.snippet?.categoryId) || '22',
    privacyStatus: text(video.status?.privacyStatus) || 'public',
  };
}

/** §3 Errors and Limits: title 1-100 characters, description ≤ 5000 bytes, neither with < or >; tags ≤ 500 characters. */
function validate(m: VideoMetadata) {
  if (m.title.trim() === '' || [...m.title].length > 100 || /[<>]/.test(m.title))
    return {
      reason: 'invalidTitle',
      message: 'The request metadata specifies an invalid or empty video title.',
    };
  if (Buffer.byteLength(m.description) > 5000 || /[<>]/.test(m.description))
    return {
      reason: 'invalidDescription',
      message: 'The request metadata specifies an invalid video description.',
    };
  if (m.tags.join(',').length > 500)
    return { reason: 'invalidTags', message: 'The request metadata specifies invalid video keywords.' };
  if (!['public', 'private', 'unlisted'].includes(m.privacyStatus))
    return { reason: 'invalidVideoMetadata', message: 'The request metadata is invalid.' };
  return undefined;
}
