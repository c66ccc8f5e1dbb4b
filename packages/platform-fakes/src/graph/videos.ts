import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FakeContext } from '../fake-server.ts';
import { Params } from '../params.ts';
import { type Authed, authenticate, requirePageToken } from './guard.ts';
import { createPost } from './pages.ts';
import { graphError, invalidParameter, serverError, unknownObject } from './replies.ts';
import { fetchMedia, mimeOf, sniff } from './sniff.ts';
import type { GraphState, VideoSession } from './state.ts';
import { type GraphTargeting, readTargeting } from './targeting.ts';

type ById = { Params: { version: string; id: string } };

/**
 * Page videos (platforms.md §1 Publish, video): the chunked upload (upload_phase start, transfer
 * with numeric-string offsets, finish) and the simple `file_url` one; the video then processes
 * (one status check, or `polls` under slowProcessing) before GET /{video-id}?fields=status says
 * ready. A published video is a page post of its own id (`<page>_<n>`, the video's `post_id`),
 * which the feed lists. Fault calls: "POST /{page-id}/videos:start|transfer|finish|cancel",
 * "POST /{page-id}/videos" (file_url). Finish and file_url take the post's `targeting` (targeting.ts).
 */
export function videoRoutes(app: FastifyInstance, ctx: FakeContext, state: GraphState): void {
  app.post<ById>('/:version/:id/videos', async (request, reply) => {
    const pageId = request.params.id;
    if (!state.pages.has(pageId)) return unknownObject(reply, pageId, 'post');
    const phase = new Params(request).get('upload_phase')?.toLowerCase();
    const call = phase ? `POST /{page-id}/videos:${phase}` : 'POST /{page-id}/videos';
    const authed = authenticate(request, reply, ctx, state, call, pageId);
    if (!authed || !requirePageToken(reply, authed, pageId)) return reply;
    switch (phase) {
      case 'start':
        return start(authed, reply, pageId);
      case 'transfer':
        return transfer(authed, reply);
      case 'finish':
        return finish(authed, reply, pageId);
      case 'cancel': {
        state.videoSessions.delete(authed.params.get('upload_session_id') ?? '');
        return ctx.afterCommit(reply, authed.fault, () => serverError(reply)) ?? { success: true };
      }
      case undefined:
        return simple(authed, reply, pageId);
      default:
        return invalidParameter(reply, `Param upload_phase must be one of {START, TRANSFER, FINISH, CANCEL}`);
    }
  });

  function start(authed: Authed, reply: FastifyReply, pageId: string) {
    const fileSize = Number(authed.params.get('file_size'));
    if (!Number.isInteger(fileSize) || fileSize <= 0)
      return invalidParameter(reply, 'The parameter file_size is required');
    const session: VideoSession = {
      id: state.id('2'),
      videoId: state.id('12'),
      pageId,
      fileSize,
      received: new Uint8Array(0),
      chunks: [],
      finished: false,
    };
    state.videoSessions.set(session.id, session);
    return (
      ctx.afterCommit(reply, authed.fault, () => serverError(reply)) ?? {
        video_id: session.videoId,
        upload_session_id: session.id,
        start_offset: '0',
        end_offset: String(Math.min(state.videoChunkBytes, fileSize)),
      }
    );
  }

  function transfer(authed: Authed, reply: FastifyReply) {
    const session = state.videoSessions.get(authed.params.get('upload_session_id') ?? '');
    if (!session || session.finished) return uploadProblem(reply, 6001);
    const chunk = authed.params.files.get('video_file_chunk');
    const offset = Number(authed.params.get('start_offset'));
    if (!chunk) return invalidParameter(reply, 'The parameter video_file_chunk is required');
    // A chunk sent again after a lost answer lands at the offset it was sent for.
    if (offset > session.received.byteLength) return uploadProblem(reply, 6001);
    const received = new Uint8Array(offset + chunk.bytes.byteLength);
    received.set(session.received.subarray(0, offset));
    received.set(chunk.bytes, offset);
    if (received.byteLength > session.fileSize) return uploadProblem(reply, 6001);
    session.received = received;
    session.chunks.push(chunk.bytes.byteLength);
    const next = received.byteLength;
    const after = ctx.afterCommit(reply, authed.fault, () => serverError(reply));
    if (after) return after;
    return {
      start_offset: String(next),
      end_offset: String(Math.min(next + state.videoChunkBytes, session.fileSize)),
    };
  }

  function finish(authed: Authed, reply: FastifyReply, pageId: string) {
    const session = state.videoSessions.get(authed.params.get('upload_session_id') ?? '');
    if (!session || session.pageId !== pageId || session.received.byteLength !== session.fileSize)
      return uploadProblem(reply, 6001);
    const targeting = readTargeting(authed.params);
    if (!targeting.ok) return graphError(reply, 400, targeting.error);
    if (sniff(session.received) !== 'mp4') return uploadProblem(reply, 6000);
    session.finished = true;
    createVideo(authed, pageId, session.videoId, session.received, 'video.mp4', targeting.targeting);
    return ctx.afterCommit(reply, authed.fault, () => serverError(reply)) ?? { success: true };
  }

  async function simple(authed: Authed, reply: FastifyReply, pageId: string) {
    const url = authed.params.get('file_url');
    const fetched = url ? await fetchMedia(url) : undefined;
    if (!url) return invalidParameter(reply, 'The parameter file_url or upload_phase is required');
    const targeting = readTargeting(authed.params);
    if (!targeting.ok) return graphError(reply, 400, targeting.error);
    if (!fetched)
      return graphError(reply, 400, { code: 389, message: '(#389) Unable to fetch video file from URL.' });
    if (sniff(fetched.bytes) !== 'mp4') return uploadProblem(reply, 6000);
    const videoId = state.id('12');
    createVideo(authed, pageId, videoId, fetched.bytes, fetched.name, targeting.targeting);
    return ctx.afterCommit(reply, authed.fault, () => serverError(reply)) ?? { id: videoId };
  }

  function createVideo(
    authed: Authed,
    pageId: string,
    videoId: string,
    bytes: Uint8Array,
    name: string,
    targeting: GraphTargeting | undefined,
  ) {
    const slow = authed.fault?.kind === 'slowProcessing' ? (authed.fault.polls ?? 3) : 1;
    const postId = createPost(ctx, state, pageId, {
      message: authed.params.get('description') ?? '',
      kind: 'video',
      videoId,
      targeting,
      media: [{ name, mime: mimeOf(bytes), bytes }],
    });
    state.videos.set(videoId, {
      id: videoId,
      pageId,
      pollsLeft: slow,
      published: authed.params.get('published') !== 'false',
      postId,
    });
  }
}

/** The video's status as GET /{video-id}?fields=status shows it; each check while processing uses one up. */
export function videoStatus(state: GraphState, videoId: string) {
  const video = state.videos.get(videoId);
  if (!video) return undefined;
  const processing = video.pollsLeft > 0;
  if (processing) video.pollsLeft -= 1;
  const phase = (done: boolean) => ({ status: done ? 'complete' : 'not_started' });
  return {
    video_status: video.error ? 'error' : processing ? 'processing' : 'ready',
    uploading_phase: { status: 'complete', bytes_transferred: 0 },
    processing_phase: video.error
      ? { status: 'error', errors: [{ code: 1363008, message: video.error }] }
      : { status: processing ? 'in_progress' : 'complete' },
    publishing_phase: {
      ...phase(!processing && video.published),
      publish_status: video.published ? 'published' : 'not_published',
    },
    processing_progress: processing ? 50 : 100,
  };
}

/** platforms.md §1 Errors: 6000/6001, the video upload's problems. */
function uploadProblem(reply: FastifyReply, code: 6000 | 6001) {
  return graphError(reply, 400, {
    code,
    message:
      code === 6000
        ? 'There was a problem uploading your video file. Please try again with another file.'
        : 'There was a problem uploading your video. Please try again.',
    userTitle: 'Problem uploading video',
    isTransient: code === 6001,
  });
}
