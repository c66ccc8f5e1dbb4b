import type { Clock } from '../../lib/clock.ts';
import { PlatformError } from '../errors.ts';
import { type PlatformHttp, createPlatformHttp } from '../http.ts';
import { VK_ERROR_RULES, describeVkError } from './errors.ts';

/** The VK objects the adapter reads (VKCOM/vk-api-schema), only the fields it uses. */
export interface VkGroup {
  id: number;
  name: string;
  screen_name?: string;
  photo_50?: string;
  photo_100?: string;
  photo_200?: string;
}

export interface VkWallPost {
  id: number;
  owner_id: number;
  likes?: { count?: number };
  reposts?: { count?: number };
  views?: { count?: number };
  comments?: { count?: number };
}

export interface VkVideoItem {
  id: number;
  owner_id: number;
  processing?: number;
}

type Param = string | number | undefined;

export function createVkHttp(settings: { timeoutMs: number; fetch?: typeof fetch; clock?: Clock }) {
  return createPlatformHttp({
    platform: 'vk',
    rules: VK_ERROR_RULES,
    describe: describeVkError,
    timeoutMs: settings.timeoutMs,
    fetch: settings.fetch,
    clock: settings.clock,
  });
}

/**
 * `POST <api>/method/<name>` with `v` and the token in the form body (never in a URL, where it
 * would be logged), as one user (platforms.md §5 Call convention). Reads the `response` out of
 * VK's envelope; errors, which VK sends with HTTP 200, are thrown by the HTTP helper.
 */
export function vkApi(http: PlatformHttp, api: string, version: string, token: string) {
  async function call<T>(method: string, params: Record<string, Param>, idempotent: boolean): Promise<T> {
    const { body } = await http.request({
      method: 'POST',
      url: new URL(`/method/${method}`, api),
      form: { ...params, access_token: token, v: version },
      idempotent,
    });
    const response = (body as { response?: T } | null)?.response;
    if (response === undefined)
      throw new PlatformError(idempotent ? 'transient' : 'outcomeUnknown', {
        platform: 'vk',
        platformMessage: `${method} answered without a response`,
        raw: body,
      });
    return response;
  }

  return {
    /** The communities the user administers, whole (extended=1). */
    adminGroups: (offset: number) =>
      call<{ count: number; items: VkGroup[] }>(
        'groups.get',
        {
          filter: 'admin',
          extended: 1,
          fields: 'screen_name,photo_50,photo_100,photo_200',
          offset,
          count: 1000,
        },
        true,
      ),
    /** Handing out an upload URL changes nothing: safe to repeat. */
    wallUploadServer: (groupId: string) =>
      call<{ upload_url: string }>('photos.getWallUploadServer', { group_id: groupId }, true),
    /** Saving the same upload twice fails on its hash, so a lost answer is not repeated blindly. */
    saveWallPhoto: (
      groupId: string,
      upload: { server: number; photo: string; hash: string },
      caption?: string,
    ) =>
      call<{ id: number; owner_id: number }[]>(
        'photos.saveWallPhoto',
        { group_id: groupId, server: upload.server, photo: upload.photo, hash: upload.hash, caption },
        false,
      ),
    /** A video entry not posted anywhere (wallpost=0); a repeat makes a second, unused one. */
    saveVideo: (groupId: string, name: string, description: string) =>
      call<{ upload_url: string; video_id: number; owner_id: number }>(
        'video.save',
        { group_id: groupId, name, description, wallpost: 0 },
        true,
      ),
    videos: (keys: string[]) =>
      call<{ count: number; items: VkVideoItem[] }>('video.get', { videos: keys.join(',') }, true),
    /** guid makes a repeat answer the first post, but a lost answer still says nothing: not idempotent here. */
    wallPost: (params: { owner_id: number; message: string; attachments: string; guid: string }) =>
      call<{ post_id: number }>('wall.post', { ...params, from_group: 1 }, false),
    /** Deleting twice finds nothing the second time (104): safe to repeat. */
    wallDelete: (ownerId: number, postId: number) =>
      call<number>('wall.delete', { owner_id: ownerId, post_id: postId }, true),
    wallGetById: (keys: string[]) =>
      call<{ items: VkWallPost[] }>('wall.getById', { posts: keys.join(',') }, true),
  };
}

export type VkApi = ReturnType<typeof vkApi>;

/** A file to an upload server VK named: multipart, one field, its JSON answer as is. */
export async function uploadTo(http: PlatformHttp, url: string, field: string, file: Blob, name: string) {
  const form = new FormData();
  form.set(field, file, name);
  // An upload nothing points to yet is dropped by VK: repeating it does no harm.
  const { body } = await http.request({ method: 'POST', url, body: form, idempotent: true });
  return body;
}
