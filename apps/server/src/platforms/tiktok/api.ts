import { z } from '@postdeck/contract/zod';
import type { Clock } from '../../lib/clock.ts';
import { PlatformError, classify } from '../errors.ts';
import { type PlatformHttp, createPlatformHttp } from '../http.ts';
import { TIKTOK_ERROR_RULES, describeTikTokError } from './errors.ts';

/** What the adapter reads from TikTok's answers (platforms.md §10), only the fields it uses. */
export interface TikTokCreatorInfo {
  creator_avatar_url?: string;
  creator_username: string;
  creator_nickname?: string;
  privacy_level_options: string[];
  max_video_post_duration_sec?: number;
}

export interface TikTokPublishStatus {
  status: 'PROCESSING_UPLOAD' | 'PROCESSING_DOWNLOAD' | 'SEND_TO_USER_INBOX' | 'PUBLISH_COMPLETE' | 'FAILED';
  fail_reason?: string;
  /** How much of a FILE_UPLOAD TikTok has [unverified: postiz does not read it]. */
  uploaded_bytes?: number;
  /** int64s: kept as the digits TikTok sent (see statusFetch). */
  publicaly_available_post_id: string[];
}

/** A video's counts as video/query answers them (platforms.md §10 Metrics): the fields asked for. */
const videoCountsSchema = z.object({
  id: z.union([z.string().min(1), z.number().transform(String)]),
  like_count: z.number().int().nonnegative().optional(),
  comment_count: z.number().int().nonnegative().optional(),
  share_count: z.number().int().nonnegative().optional(),
  view_count: z.number().int().nonnegative().optional(),
});
export type TikTokVideo = z.infer<typeof videoCountsSchema>;
const videoQuerySchema = z.object({
  data: z.object({ videos: z.array(videoCountsSchema).default([]) }).default({ videos: [] }),
});

/** user/info's follower_count (scope user.info.stats). */
const userStatsSchema = z.object({
  data: z.object({
    user: z.object({ follower_count: z.number().int().nonnegative().optional() }).default({}),
  }),
});

/** One of the creator's posts as video/list answers it: what a lookup matches on. */
export interface TikTokListedVideo {
  id: string;
  /** Unix seconds. */
  create_time?: number;
  title?: string;
  video_description?: string;
}

export interface TikTokVideoPage {
  videos: TikTokListedVideo[];
  /** Where the next, older page starts; with has_more false there is none. */
  cursor?: number | undefined;
  hasMore: boolean;
}

/** What the privacy, interaction and disclosure settings of a post are sent as (platforms.md §10 Publish). */
export interface TikTokPostInfo {
  title: string;
  description?: string;
  privacy_level: string;
  disable_comment: boolean;
  disable_duet?: boolean;
  disable_stitch?: boolean;
  brand_content_toggle: boolean;
  brand_organic_toggle: boolean;
}

const publishIdSchema = z.string().min(1);
const videoInitSchema = z.object({
  data: z.object({ publish_id: publishIdSchema, upload_url: z.url().optional() }),
});
const photoInitSchema = z.object({ data: z.object({ publish_id: publishIdSchema }) });

/**
 * An init's answer, checked against what TikTok documents: one that does not parse may stand
 * for a publish TikTok holds (DESIGN.md §6), so it is an unknown outcome.
 */
function answer<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw new PlatformError('outcomeUnknown', {
    platform: 'tiktok',
    platformMessage: `the answer is not the one TikTok documents (${parsed.error.issues[0]?.message ?? 'unreadable'})`,
    raw: body,
  });
}

/** A read's answer, checked against what TikTok documents: one that does not parse may be asked again. */
function readAnswer<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw new PlatformError('transient', {
    platform: 'tiktok',
    platformMessage: `the answer is not the one TikTok documents (${parsed.error.issues[0]?.message ?? 'unreadable'})`,
    raw: body,
  });
}

export function createTikTokHttp(settings: { timeoutMs: number; fetch?: typeof fetch; clock?: Clock }) {
  return createPlatformHttp({
    platform: 'tiktok',
    rules: TIKTOK_ERROR_RULES,
    describe: describeTikTokError,
    timeoutMs: settings.timeoutMs,
    fetch: settings.fetch,
    clock: settings.clock,
  });
}

/** The Content Posting and Display API calls as one creator: JSON bodies, a Bearer token. */
export function tiktokApi(http: PlatformHttp, api: string, token: string) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=UTF-8' };
  async function send(
    path: string,
    json: unknown,
    idempotent: boolean,
    query?: Record<string, string>,
  ): Promise<unknown> {
    const { body } = await http.request({
      method: 'POST',
      url: new URL(path, api),
      query,
      headers,
      json,
      idempotent,
    });
    return body;
  }
  const post = async <T>(path: string, json: unknown, query?: Record<string, string>): Promise<T> =>
    ((await send(path, json, true, query)) as { data?: T } | null)?.data ?? ({} as T);

  return {
    creatorInfo: () => post<TikTokCreatorInfo>('/v2/post/publish/creator_info/query/', {}),
    /** Starts a publish: a lost answer leaves one TikTok may hold, so it is not repeated blindly. */
    async videoInit(body: {
      post_info: TikTokPostInfo;
      source_info: Record<string, unknown>;
    }): Promise<{ publish_id: string; upload_url?: string | undefined }> {
      return answer(videoInitSchema, await send('/v2/post/publish/video/init/', body, false)).data;
    },
    /** TikTok pulls the photos and posts them on its own once this is taken: never repeated blindly. */
    async photoInit(body: unknown): Promise<{ publish_id: string }> {
      return answer(photoInitSchema, await send('/v2/post/publish/content/init/', body, false)).data;
    },
    /**
     * The publish's state. Read as text: `publicaly_available_post_id` holds int64 numbers that
     * JSON.parse would round, so their digits are taken from the source (JSON.parse's reviver
     * context, Node 22+); an error in the envelope is classified as the HTTP helper would.
     */
    async status(publishId: string): Promise<TikTokPublishStatus> {
      const { status, body } = await http.request({
        method: 'POST',
        url: new URL('/v2/post/publish/status/fetch/', api),
        headers,
        json: { publish_id: publishId },
        idempotent: true,
        as: 'text',
      });
      const parsed = parseWithDigits(body);
      const described = describeTikTokError(parsed, status);
      if (described) throw classify('tiktok', TIKTOK_ERROR_RULES, { ...described, status, raw: parsed });
      const data = (parsed as { data?: Partial<TikTokPublishStatus> } | null)?.data;
      if (!data?.status)
        throw new PlatformError('transient', {
          platform: 'tiktok',
          platformMessage: 'no status in the answer',
          raw: parsed,
        });
      return {
        ...data,
        status: data.status,
        publicaly_available_post_id: (data.publicaly_available_post_id ?? []).map(String),
      };
    },
    /** The counts of the creator's posts by id (those TikTok still has). */
    async videos(ids: string[]): Promise<TikTokVideo[]> {
      const body = await send('/v2/video/query/', { filters: { video_ids: ids } }, true, {
        fields: 'id,like_count,comment_count,share_count,view_count',
      });
      return readAnswer(videoQuerySchema, body).data.videos;
    },
    /** The creator's followers (GET /v2/user/info/, field follower_count: scope user.info.stats). */
    async followers(): Promise<number | undefined> {
      const { body } = await http.request({
        method: 'GET',
        url: new URL('/v2/user/info/', api),
        query: { fields: 'follower_count' },
        headers: { authorization: headers.authorization },
      });
      return readAnswer(userStatsSchema, body).data.user.follower_count;
    },
    /** One page (max_count up to 20) of the creator's public posts, newest first. */
    async videoList(cursor?: number): Promise<TikTokVideoPage> {
      const page = await post<{ videos?: TikTokListedVideo[]; cursor?: number; has_more?: boolean }>(
        '/v2/video/list/',
        { max_count: 20, ...(cursor === undefined ? {} : { cursor }) },
        { fields: 'id,create_time,title,video_description' },
      );
      return { videos: page.videos ?? [], cursor: page.cursor, hasMore: page.has_more === true };
    },
  };
}

export type TikTokApi = ReturnType<typeof tiktokApi>;

/** JSON with every integer beyond 2^53 kept as its digits (a string). */
function parseWithDigits(text: string): unknown {
  try {
    return JSON.parse(text, (_key, value: unknown, context?: { source?: string }) =>
      typeof value === 'number' &&
      !Number.isSafeInteger(value) &&
      context?.source &&
      /^-?\d+$/.test(context.source)
        ? context.source
        : value,
    ) as unknown;
  } catch {
    throw new PlatformError('transient', {
      platform: 'tiktok',
      platformMessage: 'the answer is not JSON',
      raw: text.slice(0, 2000),
    });
  }
}
