import { z } from '@postdeck/contract/zod';
import type { Clock } from '../../lib/clock.ts';
import { PlatformError } from '../errors.ts';
import { type PlatformHttp, createPlatformHttp } from '../http.ts';
import { VK_ERROR_RULES, VK_WRITE_ERROR_RULES, describeVkError } from './errors.ts';

/** The VK objects the adapter reads (VKCOM/vk-api-schema), only the fields it uses, as answers are checked. */
const groupSchema = z.object({
  id: z.number(),
  name: z.string(),
  screen_name: z.string().optional(),
  photo_50: z.string().optional(),
  photo_100: z.string().optional(),
  photo_200: z.string().optional(),
});
export type VkGroup = z.infer<typeof groupSchema>;

/** groups.getById's answer since API 5.139 (VKCOM/vk-api-schema groups_getById_object_response). */
const groupsByIdSchema = z.object({
  groups: z.array(z.object({ id: z.number(), members_count: z.number().optional() })).default([]),
});

const counter = z.object({ count: z.number().optional() }).optional();
const wallPostSchema = z.object({
  id: z.number(),
  owner_id: z.number(),
  /** Unix seconds. */
  date: z.number(),
  text: z.string().default(''),
  is_pinned: z.number().optional(),
  likes: counter,
  reposts: counter,
  views: counter,
  comments: counter,
});
export type VkWallPost = z.infer<typeof wallPostSchema>;

const videoItemSchema = z.object({ id: z.number(), owner_id: z.number(), processing: z.number().optional() });
export type VkVideoItem = z.infer<typeof videoItemSchema>;

const page = <T extends z.ZodType>(item: T) => z.object({ count: z.number(), items: z.array(item) });

const savedPhotoSchema = z.object({ id: z.number(), owner_id: z.number() });

/** What a photo upload server answers (platforms.md §5 Photo flow); `photo` is a JSON string. */
const photoUploadSchema = z.object({ server: z.number(), photo: z.string(), hash: z.string() });
export type VkPhotoUpload = z.infer<typeof photoUploadSchema>;

/** A video upload server's answer: its fields are unverified (platforms.md §5), and the video is video.save's anyway. */
const videoUploadSchema = z.object({});

type Param = string | number | undefined;

/**
 * VK's calls by their error table: the same error means something else for a write than for a
 * call that may be repeated (errors.ts: VK_WRITE_ERROR_RULES).
 */
export interface VkHttp {
  /** Reads, VK ID's token calls and uploads to the servers VK names. */
  calls: PlatformHttp;
  writes: PlatformHttp;
}

export function createVkHttp(settings: { timeoutMs: number; fetch?: typeof fetch; clock?: Clock }): VkHttp {
  const http = (rules: typeof VK_ERROR_RULES) =>
    createPlatformHttp({
      platform: 'vk',
      rules,
      describe: describeVkError,
      timeoutMs: settings.timeoutMs,
      fetch: settings.fetch,
      clock: settings.clock,
    });
  return { calls: http(VK_ERROR_RULES), writes: http(VK_WRITE_ERROR_RULES) };
}

/**
 * An answer that is not what the call answers: for a write the call went through but what it
 * did cannot be read (DESIGN.md §6: an unknown outcome); for anything else, asking again is safe.
 */
function unreadable(what: string, idempotent: boolean, raw: unknown): PlatformError {
  return new PlatformError(idempotent ? 'transient' : 'outcomeUnknown', {
    platform: 'vk',
    platformMessage: `${what} answered what is not its answer`,
    raw,
  });
}

/**
 * `POST <api>/method/<name>` with `v` and the token in the form body (never in a URL, where it
 * would be logged), as one user (platforms.md §5 Call convention). Reads the `response` out of
 * VK's envelope; errors, which VK sends with HTTP 200, are thrown by the HTTP helper.
 */
export function vkApi(http: VkHttp, api: string, version: string, token: string) {
  async function call<T extends z.ZodType>(
    method: string,
    params: Record<string, Param>,
    idempotent: boolean,
    schema: T,
  ): Promise<z.infer<T>> {
    const { body } = await (idempotent ? http.calls : http.writes).request({
      method: 'POST',
      url: new URL(`/method/${method}`, api),
      form: { ...params, access_token: token, v: version },
      idempotent,
    });
    const parsed = schema.safeParse((body as { response?: unknown } | null)?.response);
    if (!parsed.success) throw unreadable(method, idempotent, body);
    return parsed.data;
  }

  return {
    /** The communities the user administers, whole (extended=1). */
    adminGroups: (offset: number) =>
      call(
        'groups.get',
        {
          filter: 'admin',
          extended: 1,
          fields: 'screen_name,photo_50,photo_100,photo_200',
          offset,
          count: 1000,
        },
        true,
        page(groupSchema),
      ),
    /** A community's subscribers (members_count): VK leaves it out where it does not show it. */
    groupById: (groupId: string) =>
      call('groups.getById', { group_id: groupId, fields: 'members_count' }, true, groupsByIdSchema),
    /** Handing out an upload URL changes nothing: safe to repeat. */
    wallUploadServer: (groupId: string) =>
      call('photos.getWallUploadServer', { group_id: groupId }, true, z.object({ upload_url: z.string() })),
    /** Saving the same upload twice fails on its hash, so a lost answer is not repeated blindly. */
    saveWallPhoto: (groupId: string, upload: VkPhotoUpload, caption?: string) =>
      call(
        'photos.saveWallPhoto',
        { group_id: groupId, server: upload.server, photo: upload.photo, hash: upload.hash, caption },
        false,
        z.tuple([savedPhotoSchema], savedPhotoSchema),
      ),
    /** A video entry not posted anywhere (wallpost=0); a repeat makes a second, unused one. */
    saveVideo: (groupId: string, name: string, description: string) =>
      call(
        'video.save',
        { group_id: groupId, name, description, wallpost: 0 },
        true,
        z.object({ upload_url: z.string(), video_id: z.number(), owner_id: z.number() }),
      ),
    videos: (keys: string[]) => call('video.get', { videos: keys.join(',') }, true, page(videoItemSchema)),
    /** guid makes a repeat answer the first post, but a lost answer still says nothing: not idempotent here. */
    wallPost: (params: {
      owner_id: number;
      message: string;
      attachments: string;
      guid: string;
      from_group: 0 | 1;
      signed?: 0 | 1 | undefined;
    }) => call('wall.post', params, false, z.object({ post_id: z.number() })),
    /** Deleting twice finds nothing the second time (104): safe to repeat. */
    wallDelete: (ownerId: number, postId: number) =>
      call('wall.delete', { owner_id: ownerId, post_id: postId }, true, z.number()),
    /** A wall's posts, newest first (a pinned one ahead of them), `count` at most 100 from `offset`. */
    wall: (ownerId: number, offset: number, count: number) =>
      call('wall.get', { owner_id: ownerId, offset, count, filter: 'all' }, true, page(wallPostSchema)),
    wallGetById: (keys: string[]) =>
      call('wall.getById', { posts: keys.join(',') }, true, z.object({ items: z.array(wallPostSchema) })),
  };
}

export type VkApi = ReturnType<typeof vkApi>;

/** A photo to the upload server VK named: multipart field `photo`, what it answers to save. */
export function uploadPhoto(http: VkHttp, url: string, file: Blob, name: string): Promise<VkPhotoUpload> {
  return uploadTo(http, url, 'photo', file, name, photoUploadSchema);
}

/** A video to the upload server video.save named: platforms.md §5, the field is video_file (postiz sends "photo", likely a bug). */
export async function uploadVideoFile(http: VkHttp, url: string, file: Blob, name: string): Promise<void> {
  await uploadTo(http, url, 'video_file', file, name, videoUploadSchema);
}

async function uploadTo<T extends z.ZodType>(
  http: VkHttp,
  url: string,
  field: string,
  file: Blob,
  name: string,
  schema: T,
): Promise<z.infer<T>> {
  const form = new FormData();
  form.set(field, file, name);
  // An upload nothing points to yet is dropped by VK: repeating it does no harm.
  const { body } = await http.calls.request({ method: 'POST', url, body: form, idempotent: true });
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw unreadable('the upload server', true, body);
  return parsed.data;
}
