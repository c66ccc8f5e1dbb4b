import { z } from '@postdeck/contract/zod';
import type { Clock } from '../../lib/clock.ts';
import { PlatformError } from '../errors.ts';
import { createPlatformHttp } from '../http.ts';
import { MASTODON_ERROR_RULES, describeMastodonError } from './errors.ts';

/**
 * The Mastodon entities the adapter reads (docs.joinmastodon.org/entities), only the fields it
 * uses, checked as they come: a 2xx that is not the entity is not cast into one.
 */
const accountSchema = z.object({
  id: z.string(),
  username: z.string(),
  acct: z.string(),
  display_name: z.string(),
  url: z.string(),
  avatar: z.string().optional(),
  followers_count: z.number().optional(),
});
export type MastodonAccount = z.infer<typeof accountSchema>;

const mediaSchema = z.object({ id: z.string(), type: z.string(), url: z.string().nullable() });
export type MastodonMedia = z.infer<typeof mediaSchema>;

const statusSchema = z.object({
  id: z.string(),
  url: z.string().nullable(),
  uri: z.string(),
  created_at: z.string(),
  /** The text as HTML (links, mentions and line breaks as markup). */
  content: z.string(),
  replies_count: z.number(),
  reblogs_count: z.number(),
  favourites_count: z.number(),
  /** Quotes of it: Mastodon 4.5 and later (an older instance leaves it out). */
  quotes_count: z.number().optional(),
});
export type MastodonStatus = z.infer<typeof statusSchema>;

export interface MastodonApiSettings {
  timeoutMs: number;
  fetch?: typeof fetch;
  clock?: Clock;
}

export type MastodonHttp = ReturnType<typeof createMastodonHttp>;

export function createMastodonHttp(settings: MastodonApiSettings) {
  return createPlatformHttp({
    platform: 'mastodon',
    rules: MASTODON_ERROR_RULES,
    describe: describeMastodonError,
    timeoutMs: settings.timeoutMs,
    fetch: settings.fetch,
    clock: settings.clock,
  });
}

/** Most statuses per page of an account's list (statuses.md: limit, default 20, max 40). */
export const STATUSES_PAGE = 40;

/**
 * The body as the entity, or the failure it amounts to: for a write whose answer cannot be read,
 * it went through and what it did is unknown (DESIGN.md §6); anything else may be asked again.
 */
function entity<T extends z.ZodType>(
  schema: T,
  body: unknown,
  what: string,
  idempotent: boolean,
): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw new PlatformError(idempotent ? 'transient' : 'outcomeUnknown', {
    platform: 'mastodon',
    platformMessage: `${what} answered what is not its answer`,
    raw: body,
  });
}

/** REST calls on one instance, as one user: the instance's base URL and the user's token. */
export function mastodonApi(http: MastodonHttp, instance: string, token: string) {
  const auth = { authorization: `Bearer ${token}` };
  const url = (path: string) => new URL(path, instance);
  return {
    async verifyCredentials(): Promise<MastodonAccount> {
      const { body } = await http.request({
        method: 'GET',
        url: url('/api/v1/accounts/verify_credentials'),
        headers: auth,
      });
      return entity(accountSchema, body, 'verify_credentials', true);
    },
    /**
     * 200: ready; 202: still processing. Retrying it does no harm (a file nothing points to is
     * dropped by the instance), so a lost answer is 'transient', not 'outcomeUnknown'.
     */
    async uploadMedia(form: FormData): Promise<{ status: number; media: MastodonMedia }> {
      const { status, body } = await http.request({
        method: 'POST',
        url: url('/api/v2/media'),
        headers: auth,
        body: form,
        idempotent: true,
      });
      return { status, media: entity(mediaSchema, body, 'POST /api/v2/media', true) };
    },
    /** 206 while processing, 200 when ready. */
    async getMedia(id: string): Promise<{ status: number; media: MastodonMedia }> {
      const { status, body } = await http.request({
        method: 'GET',
        url: url(`/api/v1/media/${encodeURIComponent(id)}`),
        headers: auth,
      });
      return { status, media: entity(mediaSchema, body, 'GET /api/v1/media', true) };
    },
    async postStatus(
      params: { status: string; media_ids: string[] },
      idempotencyKey: string,
    ): Promise<MastodonStatus> {
      const { body } = await http.request({
        method: 'POST',
        url: url('/api/v1/statuses'),
        headers: { ...auth, 'idempotency-key': idempotencyKey },
        json: { ...params, visibility: 'public' },
      });
      return entity(statusSchema, body, 'POST /api/v1/statuses', false);
    },
    async getStatus(id: string): Promise<MastodonStatus> {
      const { body } = await http.request({
        method: 'GET',
        url: url(`/api/v1/statuses/${encodeURIComponent(id)}`),
        headers: auth,
      });
      return entity(statusSchema, body, 'GET /api/v1/statuses', true);
    },
    /**
     * An account's statuses, newest first, older than `maxId` when given (statuses.md: max_id);
     * replies and boosts left out, as a publication is neither.
     */
    async accountStatuses(accountId: string, maxId?: string): Promise<MastodonStatus[]> {
      const { body } = await http.request({
        method: 'GET',
        url: url(`/api/v1/accounts/${encodeURIComponent(accountId)}/statuses`),
        query: { limit: STATUSES_PAGE, max_id: maxId, exclude_replies: true, exclude_reblogs: true },
        headers: auth,
      });
      return entity(z.array(statusSchema), body, 'GET /api/v1/accounts/:id/statuses', true);
    },
    /** Deleting twice finds nothing the second time: safe to repeat, the adapter takes 404 as done. */
    async deleteStatus(id: string): Promise<void> {
      const { body } = await http.request({
        method: 'DELETE',
        url: url(`/api/v1/statuses/${encodeURIComponent(id)}`),
        headers: auth,
        idempotent: true,
      });
      entity(z.object({ id: z.string() }), body, 'DELETE /api/v1/statuses', true);
    },
  };
}
