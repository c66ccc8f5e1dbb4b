import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FakeContext } from '../fake-server.ts';
import { Params } from '../params.ts';
import { type VkCall, type VkMethod, administered, afterWrite, fail, invalidParam, isReply } from './call.ts';
import { ok } from './replies.ts';
import type { VkState, VkUploadTicket } from './state.ts';

/**
 * VK's upload flows (platforms.md §5 Publish): the API hands out an upload URL on the fake's own
 * host, the file goes there as multipart (`photo` for wall photos, `video_file` for videos), and
 * a second call saves what the upload server answered (photos.saveWallPhoto) or the video is
 * processed before it plays (video.get reports `processing: 1` until then).
 */

/** JPEG, PNG, GIF by their first bytes: what photo upload servers accept (platforms.md §5 Limits). */
function isImage(bytes: Uint8Array): boolean {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  return starts(0xff, 0xd8, 0xff) || starts(0x89, 0x50, 0x4e, 0x47) || starts(0x47, 0x49, 0x46, 0x38);
}

/** An upload URL, the way VK signs them: a ticket the upload server alone understands. */
function ticketUrl(call: VkCall, kind: 'photo' | 'video', ticket: VkUploadTicket): string {
  const id = randomBytes(12).toString('hex');
  call.state.tickets.set(id, ticket);
  return `${call.ctx.url}/upload/${kind}/${id}`;
}

export const getWallUploadServer: VkMethod = (call) => {
  const groupId = Number(call.params.get('group_id'));
  const community = administered(call, groupId);
  if (isReply(community)) return community;
  return ok(call.reply, {
    upload_url: ticketUrl(call, 'photo', { kind: 'photo', userId: call.user.id, groupId }),
    album_id: -14,
    user_id: call.user.id,
    group_id: groupId,
  });
};

export const saveWallPhoto: VkMethod = (call) => {
  const groupId = Number(call.params.get('group_id'));
  const community = administered(call, groupId);
  if (isReply(community)) return community;
  const photo = call.params.get('photo') ?? '';
  if (photo === '[]' || photo === '') return invalidParam(call, 'photos_list is invalid');
  const uploaded = call.state.uploadedPhotos.get(call.params.get('hash') ?? '');
  if (!uploaded || String(uploaded.server) !== call.params.get('server'))
    return fail(call, 121, 'Invalid hash');
  call.state.uploadedPhotos.delete(call.params.get('hash') ?? '');
  const id = call.state.nextMediaId();
  const ownerId = -groupId;
  call.state.photos.set(`${ownerId}_${id}`, uploaded.file);
  const saved = [
    {
      id,
      album_id: -14,
      owner_id: ownerId,
      user_id: 100,
      date: Math.floor(call.ctx.now().getTime() / 1000),
      text: call.params.get('caption') ?? '',
      sizes: [{ type: 'x', url: `${call.ctx.url}/photos/${ownerId}_${id}.jpg`, width: 604, height: 604 }],
    },
  ];
  const after = afterWrite(call);
  if (after) return after;
  return ok(call.reply, saved);
};

export const videoSave: VkMethod = (call) => {
  const groupId = Number(call.params.get('group_id'));
  const community = administered(call, groupId);
  if (isReply(community)) return community;
  const id = call.state.nextMediaId();
  const ownerId = -groupId;
  const key = `${ownerId}_${id}`;
  const title = call.params.get('name') ?? 'Video';
  // Processing takes one check by default, so the adapter's polling is always exercised.
  call.state.videos.set(key, { ownerId, id, title, processingPolls: call.processingPolls ?? 1 });
  const answer = {
    upload_url: ticketUrl(call, 'video', { kind: 'video', userId: call.user.id, groupId, videoKey: key }),
    video_id: id,
    owner_id: ownerId,
    title,
    access_key: randomBytes(8).toString('hex'),
  };
  const after = afterWrite(call);
  if (after) return after;
  return ok(call.reply, answer);
};

export const videoGet: VkMethod = (call) => {
  const keys = (call.params.get('videos') ?? '').split(',').filter(Boolean);
  const items = keys.flatMap((key) => {
    const video = call.state.videos.get(key);
    if (!video?.file) return [];
    const processing = video.processingPolls > 0;
    if (processing) video.processingPolls -= 1;
    return [
      {
        id: video.id,
        owner_id: video.ownerId,
        title: video.title,
        duration: 3,
        date: Math.floor(call.ctx.now().getTime() / 1000),
        player: `${call.ctx.url}/video_ext.php?oid=${video.ownerId}&id=${video.id}`,
        ...(processing ? { processing: 1 } : {}),
      },
    ];
  });
  return ok(call.reply, { count: items.length, items });
};

/** The upload servers: answers as VK's do (platforms.md §5: `{server, photo, hash}` for photos). */
export function uploadRoutes(app: FastifyInstance, ctx: FakeContext, state: VkState): void {
  app.post<{ Params: { ticket: string } }>('/upload/photo/:ticket', async (request, reply) => {
    const ticket = state.tickets.get(request.params.ticket);
    if (ticket?.kind !== 'photo')
      return reply.code(200).send({ error: 'ERR_UPLOAD_BAD_SIGNATURE: bad upload url' });
    const file = new Params(request).files.get('photo');
    const server = 800_000 + Number(ctx.nextId());
    const hash = createHash('md5').update(randomBytes(8)).digest('hex');
    // A file that is no picture is taken but yields no photo: saveWallPhoto then refuses "[]".
    if (!file || !isImage(file.bytes)) return { server, photo: '[]', hash };
    state.uploadedPhotos.set(hash, { file, server, userId: ticket.userId });
    const photo = JSON.stringify([{ photo: `${hash.slice(0, 10)}:w`, sizes: [], latitude: 0, longitude: 0 }]);
    return { server, photo, hash };
  });

  app.post<{ Params: { ticket: string } }>('/upload/video/:ticket', async (request, reply) => {
    const ticket = state.tickets.get(request.params.ticket);
    const video = state.videos.get(ticket?.videoKey ?? '');
    if (ticket?.kind !== 'video' || !video) return reply.code(200).send({ error: 'invalid upload url' });
    const file = new Params(request).files.get('video_file');
    if (!file || file.bytes.byteLength === 0)
      return reply.code(200).send({ error: 'no file uploaded (video_file)' });
    state.tickets.delete(request.params.ticket);
    video.file = file;
    return {
      size: file.bytes.byteLength,
      owner_id: video.ownerId,
      video_id: video.id,
      video_hash: randomBytes(8).toString('hex'),
    };
  });
}
