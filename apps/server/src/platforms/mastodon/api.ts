import type { Clock } from '../../lib/clock.ts';
import { createPlatformHttp } from '../http.ts';
import { MASTODON_ERROR_RULES, describeMastodonError } from './errors.ts';

/** The Mastodon entities the adapter reads (docs.joinmastodon.org/entities), only the fields it uses. */
export interface MastodonAccount {
  id: string;
  username: string;
  acct: string;
  display_name: string;
  url: string;
  avatar?: string;
}

export interface MastodonMedia {
  id: string;
  type: string;
  url: string | null;
}

export interface MastodonStatus {
  id: string;
  url: string | null;
  uri: string;
  created_at: string;
  replies_count: number;
  reblogs_count: number;
  favourites_count: number;
}

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
      return body as MastodonAccount;
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
      return { status, media: body as MastodonMedia };
    },
    /** 206 while processing, 200 when ready. */
    async getMedia(id: string): Promise<{ status: number; media: MastodonMedia }> {
      const { status, body } = await http.request({
        method: 'GET',
        url: url(`/api/v1/media/${encodeURIComponent(id)}`),
        headers: auth,
      });
      return { status, media: body as MastodonMedia };
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
      return body as MastodonStatus;
    },
    async getStatus(id: string): Promise<MastodonStatus> {
      const { body } = await http.request({
        method: 'GET',
        url: url(`/api/v1/statuses/${encodeURIComponent(id)}`),
        headers: auth,
      });
      return body as MastodonStatus;
    },
    /** Deleting twice finds nothing the second time: safe to repeat, the adapter takes 404 as done. */
    async deleteStatus(id: string): Promise<void> {
      await http.request({
        method: 'DELETE',
        url: url(`/api/v1/statuses/${encodeURIComponent(id)}`),
        headers: auth,
        idempotent: true,
      });
    },
  };
}
