import { z } from '@postdeck/contract/zod';
import type { Clock } from '../../lib/clock.ts';
import type { MediaFile } from '../adapter.ts';
import { PlatformError } from '../errors.ts';
import { type PlatformHttp, createPlatformHttp } from '../http.ts';
import { YOUTUBE_ERROR_RULES, describeYoutubeError } from './errors.ts';

/** The YouTube resources the adapter reads (developers.google.com/youtube/v3/docs), only the fields it uses. */
export interface YoutubeChannel {
  id: string;
  snippet?: { title: string; customUrl?: string; thumbnails?: Record<string, { url: string }> };
  contentDetails?: { relatedPlaylists?: { uploads?: string } };
  /** Counts as strings; subscriberCount is left out while hiddenSubscriberCount is true. */
  statistics?: { subscriberCount?: string; hiddenSubscriberCount?: boolean };
}

export interface YoutubeVideo {
  id: string;
  status?: { uploadStatus?: string; failureReason?: string; rejectionReason?: string };
  processingDetails?: { processingStatus?: string };
  statistics?: { viewCount?: string; likeCount?: string; commentCount?: string };
}

export interface YoutubePlaylistItem {
  snippet: { title: string; description: string; publishedAt: string; resourceId: { videoId: string } };
  contentDetails?: { videoPublishedAt?: string };
}

export interface VideoResource {
  snippet: { title: string; description: string; categoryId: string; tags?: string[] };
  status: { privacyStatus: string; selfDeclaredMadeForKids: boolean };
}

/**
 * The video resource the last chunk of an upload answers (201); only its id is needed. A body
 * without one is not the answer: the session is asked again rather than the body cast.
 */
const uploadedVideo = z.object({ id: z.string().min(1) });

/** Where a resumable upload stands: the next byte to send, or the video once all are there. */
export type UploadAnswer = { done: true; video: YoutubeVideo } | { done: false; nextByte: number };

export interface YoutubeApiHosts {
  api: string;
  upload: string;
}

export function createYoutubeHttp(settings: {
  timeoutMs: number;
  fetch?: typeof fetch;
  clock: Clock;
}): PlatformHttp {
  return createPlatformHttp({
    platform: 'youtube',
    rules: YOUTUBE_ERROR_RULES,
    describe: describeYoutubeError(settings.clock),
    timeoutMs: settings.timeoutMs,
    fetch: settings.fetch,
    clock: settings.clock,
  });
}

/** The Data API's calls as one user (platforms.md §3), with its token. */
export function youtubeApi(
  http: PlatformHttp,
  hosts: YoutubeApiHosts,
  token: string,
  uploadTimeoutMs: number,
) {
  const auth = { authorization: `Bearer ${token}` };
  const api = (path: string) => new URL(`/youtube/v3/${path}`, hosts.api);
  const items = <T>(body: unknown): T[] => (body as { items?: T[] } | null)?.items ?? [];

  function uploadAnswer(status: number, headers: Headers, body: unknown): UploadAnswer {
    if (status === 200 || status === 201) {
      const video = uploadedVideo.safeParse(body);
      // Transient, not outcomeUnknown: the uploader asks the session, which knows.
      if (!video.success)
        throw new PlatformError('transient', {
          platform: 'youtube',
          status,
          platformMessage: 'the upload was answered without the video resource',
          raw: body,
        });
      return { done: true, video: { id: video.data.id } };
    }
    // 308 Resume Incomplete: Range "bytes=0-<last>" says what arrived; none, nothing yet.
    const last = /^bytes=0-(\d+)$/.exec(headers.get('range') ?? '')?.[1];
    return { done: false, nextByte: last === undefined ? 0 : Number(last) + 1 };
  }

  return {
    async channels(query: { mine: true } | { id: string }, part: string): Promise<YoutubeChannel[]> {
      const { body } = await http.request({
        method: 'GET',
        url: api('channels'),
        query: { part, ...query },
        headers: auth,
      });
      return items<YoutubeChannel>(body);
    },

    async videos(ids: string[], part: string): Promise<YoutubeVideo[]> {
      const { body } = await http.request({
        method: 'GET',
        url: api('videos'),
        query: { part, id: ids.join(',') },
        headers: auth,
      });
      return items<YoutubeVideo>(body);
    },

    /** Deleting twice finds nothing the second time: safe to repeat, the adapter takes 404 as done. */
    async deleteVideo(id: string): Promise<void> {
      await http.request({
        method: 'DELETE',
        url: api('videos'),
        query: { id },
        headers: auth,
        idempotent: true,
      });
    },

    async playlistItems(playlistId: string, pageToken?: string) {
      const { body } = await http.request({
        method: 'GET',
        url: api('playlistItems'),
        query: { part: 'snippet,contentDetails', playlistId, maxResults: 50, pageToken },
        headers: auth,
      });
      return {
        items: items<YoutubePlaylistItem>(body),
        next: (body as { nextPageToken?: string } | null)?.nextPageToken,
      };
    },

    /** §3 Upload step 1: the session URI. Opening one twice leaves an unused session, so it may be repeated. */
    async startUpload(video: VideoResource, file: MediaFile): Promise<string> {
      const { headers } = await http.request({
        method: 'POST',
        url: new URL('/upload/youtube/v3/videos', hosts.upload),
        query: { uploadType: 'resumable', part: 'snippet,status' },
        headers: {
          ...auth,
          'x-upload-content-length': String(file.bytes),
          'x-upload-content-type': file.mime,
        },
        json: video,
        idempotent: true,
      });
      const location = headers.get('location');
      if (!location || !URL.canParse(location))
        throw new PlatformError('transient', {
          platform: 'youtube',
          platformMessage: 'no upload session in the answer',
        });
      return location;
    },

    /**
     * §3 Upload step 2: bytes [start, end) of the file. Repeating a chunk is harmless (the session
     * takes each byte once) and a lost answer is settled by asking the session, so it counts as
     * idempotent: a lost answer is 'transient' here and the uploader decides what it means.
     */
    async putChunk(session: string, file: MediaFile, start: number, end: number): Promise<UploadAnswer> {
      const parts: Uint8Array<ArrayBuffer>[] = [];
      for await (const part of file.open({ start, end })) parts.push(new Uint8Array(part));
      const { status, headers, body } = await http.request({
        method: 'PUT',
        url: session,
        headers: {
          ...auth,
          'content-type': file.mime,
          'content-range': `bytes ${start}-${end - 1}/${file.bytes}`,
        },
        body: new Blob(parts, { type: file.mime }),
        idempotent: true,
        timeoutMs: uploadTimeoutMs,
      });
      return uploadAnswer(status, headers, body);
    },

    /** §3 Upload step 3: where the session stands (`bytes *\/TOTAL`, no body). */
    async probe(session: string, total: number): Promise<UploadAnswer> {
      const { status, headers, body } = await http.request({
        method: 'PUT',
        url: session,
        headers: { ...auth, 'content-range': `bytes */${total}` },
        body: new Uint8Array(0),
        idempotent: true,
      });
      return uploadAnswer(status, headers, body);
    },
  };
}

export type YoutubeApi = ReturnType<typeof youtubeApi>;
