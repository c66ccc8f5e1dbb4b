import type { FastifyInstance } from 'fastify';
import type { FakeContext } from '../fake-server.ts';
import { AFTER_COMMIT_FAULTS } from '../faults.ts';
import { answerFault, fail, invalidParam } from './replies.ts';
import type { TikTokPublish, TikTokState } from './state.ts';

/**
 * The upload URL video/init hands out (platforms.md §10 Transfer): `PUT` each chunk in order with
 * `Content-Type: video/*` and `Content-Range: bytes FIRST-LAST/TOTAL`; 206 while chunks are
 * missing, 201 when the file is whole. Each chunk is checked against what init declared. Fault
 * switches match "PUT upload" as `call` and the creator's open_id as `account`.
 */
const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'];

export function uploadRoutes(app: FastifyInstance, ctx: FakeContext, state: TikTokState): void {
  app.addContentTypeParser(
    [...VIDEO_TYPES, 'application/octet-stream'],
    { parseAs: 'buffer' },
    (_r, body, done) => done(null, body),
  );

  app.put('/upload/', async (request, reply) => {
    const query = request.query as Record<string, string>;
    const publish = state.publishes.get(state.uploads.get(query['upload_token'] ?? '') ?? '');
    if (!publish || publish.id !== query['upload_id'])
      return fail(reply, 404, 'invalid_param', 'The upload URL is invalid or has expired.');
    const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
    if (!VIDEO_TYPES.includes(type))
      return invalidParam(reply, 'Content-Type must be video/mp4, video/quicktime or video/webm.');
    const bytes = Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : new Uint8Array();
    const range = request.headers['content-range'] ?? '';
    state.calls.push({
      call: 'PUT upload',
      headers: { 'content-type': type, 'content-range': range, 'content-length': String(bytes.byteLength) },
    });
    const problem = rangeProblem(publish, range, bytes.byteLength);
    if (problem) return fail(reply, 416, 'invalid_param', problem);
    const fault = ctx.faults.take('PUT upload', publish.openId);
    if (fault && !AFTER_COMMIT_FAULTS.includes(fault.kind) && fault.kind !== 'slowProcessing')
      return answerFault(reply, fault);
    publish.received.push(bytes);
    publish.receivedBytes += bytes.byteLength;
    publish.mime = type;
    const complete = publish.receivedBytes === publish.videoSize;
    if (complete) finish(ctx, state, publish);
    const after = ctx.afterCommit(reply, fault, () => answerFault(reply, { kind: 'serverError' }));
    if (after) return after;
    return reply.code(complete ? 201 : 206).send();
  });
}

/** The next chunk must start where the last ended and be exactly as long as init's plan says. */
function rangeProblem(publish: TikTokPublish, range: string, length: number): string | undefined {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(range);
  if (!match) return 'Content-Range must be "bytes FIRST-LAST/TOTAL".';
  const [first, last, total] = match.slice(1).map(Number) as [number, number, number];
  if (total !== publish.videoSize) return 'The total in Content-Range is not the video_size init declared.';
  if (first !== publish.receivedBytes) return `The next chunk starts at byte ${publish.receivedBytes}.`;
  const index = publish.received.length;
  const expected = index === publish.totalChunkCount - 1 ? publish.videoSize - first : publish.chunkSize;
  if (index >= publish.totalChunkCount || last - first + 1 !== expected || length !== expected)
    return `Chunk ${index + 1} of ${publish.totalChunkCount} must be ${expected} bytes.`;
  return undefined;
}

/** The file is whole: refused if it is no video TikTok plays, else stored as the post it becomes. */
export function finish(ctx: FakeContext, state: TikTokState, publish: TikTokPublish): void {
  const bytes = new Uint8Array(publish.videoSize);
  let at = 0;
  for (const chunk of publish.received) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  publish.received = [];
  const mp4 = new TextDecoder().decode(bytes.slice(4, 8)) === 'ftyp';
  const webm = bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3;
  if (!mp4 && !webm) {
    publish.status = 'FAILED';
    publish.failReason = 'file_format_check_failed';
    return;
  }
  publish.postId = state.nextId();
  ctx.posts.add({
    id: publish.postId,
    account: publish.openId,
    text: publish.title,
    media: [{ name: `${publish.postId}.mp4`, mime: publish.mime ?? 'video/mp4', bytes }],
    createdAt: ctx.now(),
  });
}
