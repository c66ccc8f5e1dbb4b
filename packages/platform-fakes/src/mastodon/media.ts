import type { FastifyInstance } from 'fastify';
import type { FakeContext } from '../fake-server.ts';
import { Params } from '../params.ts';
import { authenticate } from './guard.ts';
import { mediaJson } from './json.ts';
import { mastodonError, notFound, serverError, validationFailed } from './replies.ts';
import type { MastodonState } from './state.ts';

/** platforms.md §8 Limits: the defaults of /api/v2/instance. */
export const IMAGE_SIZE_LIMIT = 16_777_216;
export const VIDEO_SIZE_LIMIT = 103_809_024;

/**
 * POST /api/v2/media: images are processed at once (200), videos later (202, url null), and
 * GET /api/v1/media/:id answers 206 until they are ready; slowProcessing holds any file there for
 * `polls` checks.
 */
export function mediaRoutes(app: FastifyInstance, ctx: FakeContext, state: MastodonState): void {
  app.post('/api/v2/media', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'POST /api/v2/media');
    if (!authed) return reply;
    const params = new Params(request);
    const file = params.files.get('file');
    if (!file) return validationFailed(reply, "File can't be blank");
    const type = kindOf(file.bytes);
    if (!type) return validationFailed(reply, 'File content type is invalid, File is invalid');
    const limit = type === 'image' ? IMAGE_SIZE_LIMIT : VIDEO_SIZE_LIMIT;
    if (file.bytes.byteLength > limit)
      return validationFailed(reply, `File file size must be less than ${Math.round(limit / 1_048_576)} MB`);
    const slow = authed.fault?.kind === 'slowProcessing' ? (authed.fault.polls ?? 3) : 0;
    const upload = {
      id: ctx.nextId(),
      userId: authed.user.id,
      file,
      description: params.get('description'),
      type,
      pollsLeft: Math.max(slow, type === 'video' ? 1 : 0),
    };
    state.uploads.set(upload.id, upload);
    const after = ctx.afterCommit(reply, authed.fault, () => serverError(reply));
    if (after) return after;
    return reply.code(upload.pollsLeft > 0 ? 202 : 200).send(mediaJson(ctx.url, upload));
  });

  app.get<{ Params: { id: string } }>('/api/v1/media/:id', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'GET /api/v1/media/:id');
    if (!authed) return reply;
    const upload = state.uploads.get(request.params.id);
    if (!upload || upload.userId !== authed.user.id) return notFound(reply);
    if (upload.pollsLeft > 0) {
      upload.pollsLeft -= 1;
      return reply.code(206).send(mediaJson(ctx.url, { ...upload, pollsLeft: 1 }));
    }
    return mediaJson(ctx.url, upload);
  });

  app.get<{ Params: { id: string } }>('/media/:id', async (request, reply) => {
    const upload = state.uploads.get(request.params.id);
    if (!upload) return mastodonError(reply, 404, 'Not found');
    return reply.type(upload.file.mime).send(Buffer.from(upload.file.bytes));
  });
}

/** What the bytes are, as Mastodon's Paperclip would find: images and videos only. */
function kindOf(bytes: Uint8Array): 'image' | 'video' | undefined {
  const head = (n: number[], at = 0) => n.every((b, i) => bytes[at + i] === b);
  if (head([0xff, 0xd8, 0xff]) || head([0x89, 0x50, 0x4e, 0x47]) || head([0x47, 0x49, 0x46])) return 'image';
  if (head([0x52, 0x49, 0x46, 0x46]) && head([0x57, 0x45, 0x42, 0x50], 8)) return 'image';
  if (head([0x66, 0x74, 0x79, 0x70], 4) || head([0x1a, 0x45, 0xdf, 0xa3])) return 'video';
  return undefined;
}
