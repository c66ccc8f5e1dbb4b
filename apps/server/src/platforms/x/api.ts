import { z } from '@postdeck/contract/zod';
import type { Clock } from '../../lib/clock.ts';
import { PlatformError } from '../errors.ts';
import { type PlatformHttp, createPlatformHttp } from '../http.ts';
import { X_ERROR_RULES, describeXError } from './errors.ts';

/** Where X answers (platforms.md §4): each its own setting, so a fake can stand in for any of them. */
export interface XHosts {
  /** api.x.com: posts, users. */
  api: string;
  /** The media upload's host (api.x.com today; v1.1 had upload.twitter.com). */
  upload: string;
  /** x.com: the consent page. */
  authorize: string;
  /** The token and revoke endpoints' host. */
  token: string;
  /** Where posts are read: https://x.com/{username}/status/{id}. */
  web: string;
}

export const DEFAULT_X_HOSTS: XHosts = {
  api: 'https://api.x.com',
  upload: 'https://api.x.com',
  authorize: 'https://x.com',
  token: 'https://api.x.com',
  web: 'https://x.com',
};

/** v2's entities, only the fields the adapter reads. */
export interface XUser {
  id: string;
  name: string;
  username: string;
  profile_image_url?: string;
}

const processingInfoSchema = z.object({
  state: z.enum(['pending', 'in_progress', 'succeeded', 'failed']),
  check_after_secs: z.number().optional(),
  error: z.object({ message: z.string().optional(), name: z.string().optional() }).optional(),
});

/** What every media call answers: FINALIZE and STATUS add processing_info while X transcodes. */
const mediaSchema = z.object({
  data: z.object({
    id: z.string().min(1),
    media_key: z.string().optional(),
    processing_info: processingInfoSchema.optional(),
  }),
});

const createdSchema = z.object({ data: z.object({ id: z.string().min(1), text: z.string() }) });
const deletedSchema = z.object({ data: z.object({ deleted: z.boolean() }) });

export type XProcessingInfo = z.infer<typeof processingInfoSchema>;
export type XMedia = z.infer<typeof mediaSchema>['data'];

/**
 * A post's public_metrics (platforms.md §4 Metrics, the data dictionary). The newest openapi.json
 * names retweet_count repost_count: either is read.
 */
const publicMetricsSchema = z.object({
  retweet_count: z.number().int().nonnegative().optional(),
  repost_count: z.number().int().nonnegative().optional(),
  reply_count: z.number().int().nonnegative().optional(),
  like_count: z.number().int().nonnegative().optional(),
  quote_count: z.number().int().nonnegative().optional(),
  bookmark_count: z.number().int().nonnegative().optional(),
  impression_count: z.number().int().nonnegative().optional(),
});
export type XPublicMetrics = z.infer<typeof publicMetricsSchema>;
const tweetMetricsSchema = z.object({
  data: z.object({ id: z.string().min(1), public_metrics: publicMetricsSchema.optional() }),
});

/** A user's public_metrics: the followers are what the account snapshot reads. */
const userMetricsSchema = z.object({
  data: z.object({
    id: z.string().min(1),
    public_metrics: z.object({ followers_count: z.number().int().nonnegative().optional() }).optional(),
  }),
});

export interface XTweet {
  id: string;
  text: string;
  created_at?: string;
}

export function createXHttp(settings: {
  timeoutMs: number;
  fetch?: typeof fetch;
  clock?: Clock;
}): PlatformHttp {
  return createPlatformHttp({
    platform: 'x',
    rules: X_ERROR_RULES,
    describe: describeXError,
    timeoutMs: settings.timeoutMs,
    fetch: settings.fetch,
    clock: settings.clock,
  });
}

const data = <T>(body: unknown): T => (body as { data: T }).data;

/**
 * A write's 2xx body, checked against what X documents: one that does not parse may stand for a
 * write that happened (DESIGN.md §6), so it is an unknown outcome, or 'transient' where the call
 * is safe to repeat.
 */
function answer<T>(schema: z.ZodType<T>, body: unknown, idempotent: boolean): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw new PlatformError(idempotent ? 'transient' : 'outcomeUnknown', {
    platform: 'x',
    platformMessage: `the answer is not the one X documents (${parsed.error.issues[0]?.message ?? 'unreadable'})`,
    raw: body,
  });
}

/** X's values for who may reply (platforms.md §4 Publish); absent, everyone may. */
export type XReplySettings = 'following' | 'mentionedUsers' | 'subscribers' | 'verified';

export interface XTimelinePage {
  tweets: XTweet[];
  /** meta.next_token: the next, older page of the same window. */
  nextToken?: string | undefined;
}

/** v2 calls as one user: the user's token, every host from the settings. */
export function xApi(http: PlatformHttp, hosts: XHosts, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const api = (path: string) => new URL(path, hosts.api);
  const upload = (path: string) => new URL(path, hosts.upload);
  return {
    async me(): Promise<XUser> {
      const { body } = await http.request({
        method: 'GET',
        url: api('/2/users/me'),
        query: { 'user.fields': 'profile_image_url' },
        headers,
      });
      return data<XUser>(body);
    },
    /**
     * One-shot upload of an image. An upload nothing points to expires unused, so repeating it
     * is harmless: a lost answer is 'transient'. The same holds for every upload call below.
     */
    async uploadImage(file: Blob, category: string): Promise<XMedia> {
      const form = new FormData();
      form.set('media', file);
      form.set('media_category', category);
      const { body } = await http.request({
        method: 'POST',
        url: upload('/2/media/upload'),
        headers,
        body: form,
        idempotent: true,
      });
      return answer(mediaSchema, body, true).data;
    },
    async initialize(params: {
      media_type: string;
      total_bytes: number;
      media_category: string;
    }): Promise<XMedia> {
      const { body } = await http.request({
        method: 'POST',
        url: upload('/2/media/upload/initialize'),
        headers,
        json: params,
        idempotent: true,
      });
      return answer(mediaSchema, body, true).data;
    },
    async append(id: string, segmentIndex: number, chunk: Blob): Promise<void> {
      const form = new FormData();
      form.set('segment_index', String(segmentIndex));
      form.set('media', chunk);
      await http.request({
        method: 'POST',
        url: upload(`/2/media/upload/${encodeURIComponent(id)}/append`),
        headers,
        body: form,
        idempotent: true,
      });
    },
    async finalize(id: string): Promise<XMedia> {
      const { body } = await http.request({
        method: 'POST',
        url: upload(`/2/media/upload/${encodeURIComponent(id)}/finalize`),
        headers,
        idempotent: true,
      });
      return answer(mediaSchema, body, true).data;
    },
    async status(id: string): Promise<XMedia> {
      const { body } = await http.request({
        method: 'GET',
        url: upload('/2/media/upload'),
        query: { command: 'STATUS', media_id: id },
        headers,
      });
      return answer(mediaSchema, body, true).data;
    },
    /** Not idempotent: X has no idempotency key, so a lost answer is 'outcomeUnknown' and `find` looks. */
    async createTweet(params: {
      text?: string;
      media?: { media_ids: string[] };
      reply_settings?: XReplySettings;
    }): Promise<XTweet> {
      const { body } = await http.request({ method: 'POST', url: api('/2/tweets'), headers, json: params });
      return answer(createdSchema, body, false).data;
    },
    /** A post's public_metrics; a post X no longer has fails through the error table (a 200 with only `errors`). */
    async tweetMetrics(id: string): Promise<XPublicMetrics | undefined> {
      const { body } = await http.request({
        method: 'GET',
        url: api(`/2/tweets/${encodeURIComponent(id)}`),
        query: { 'tweet.fields': 'public_metrics' },
        headers,
      });
      return answer(tweetMetricsSchema, body, true).data.public_metrics;
    },
    /** The user's followers_count (GET /2/users/me, user.fields=public_metrics). */
    async myFollowers(): Promise<number | undefined> {
      const { body } = await http.request({
        method: 'GET',
        url: api('/2/users/me'),
        query: { 'user.fields': 'public_metrics' },
        headers,
      });
      return answer(userMetricsSchema, body, true).data.public_metrics?.followers_count;
    },
    /** Deleting twice finds nothing the second time: safe to repeat (the adapter takes 404 as done). */
    async deleteTweet(id: string): Promise<void> {
      const { body } = await http.request({
        method: 'DELETE',
        url: api(`/2/tweets/${encodeURIComponent(id)}`),
        headers,
        idempotent: true,
      });
      answer(deletedSchema, body, true);
    },
    /** One page (max_results 5-100) of the user's posts since a time, newest first. */
    async userTweets(userId: string, since: string, paginationToken?: string): Promise<XTimelinePage> {
      const { body } = await http.request({
        method: 'GET',
        url: api(`/2/users/${encodeURIComponent(userId)}/tweets`),
        query: {
          start_time: since,
          max_results: 100,
          'tweet.fields': 'created_at',
          pagination_token: paginationToken,
        },
        headers,
      });
      const page = body as { data?: XTweet[]; meta?: { next_token?: string } };
      return { tweets: page.data ?? [], nextToken: page.meta?.next_token };
    },
  };
}

export type XApi = ReturnType<typeof xApi>;
