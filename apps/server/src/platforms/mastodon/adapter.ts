import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import { systemClock } from '../../lib/clock.ts';
import type { AccountAccess, MediaFile, PlatformAdapter, PostInput, PublishedPost } from '../adapter.ts';
import { PlatformError, isPlatformError } from '../errors.ts';
import { mediaBlob, withLink } from '../media-blob.ts';
import { sameText } from '../x/same-text.ts';
import { type MastodonMedia, createMastodonHttp, mastodonApi } from './api.ts';
import {
  type MastodonApp,
  appFromContext,
  authorizationUrl,
  exchangeCode,
  instanceOrigin,
  registerApp,
  revoke,
} from './oauth.ts';
import { type AdapterCallSettings, type PollingSettings, polling } from '../settings.ts';

/** Polls check a file still processing (202, 206). */
export interface MastodonAdapterSettings extends AdapterCallSettings, PollingSettings {
  /** The app's name on each instance's consent page. */
  clientName?: string;
  website?: string;
}

export interface MastodonAdapter extends PlatformAdapter {
  /** Registers Postdeck on an instance (first use of it): the caller stores the client id and secret. */
  registerApp(instance: string, redirectUri: string): Promise<MastodonApp>;
}

const SCOPES = PLATFORM_CAPABILITIES.mastodon.scopes;

/**
 * Mastodon (platforms.md §8). No host is fixed: each call's instance comes in the context of the
 * authorization request, the code exchange or the grant (oauth.ts). Publishing dedupes by the
 * Idempotency-Key header, so a retry with the same key within the hour the instance keeps it
 * cannot post twice; past that hour, find() looks for the status among the account's own. Each
 * uploaded file's id is told to onProgress (`media.<index>`) and used again on a later attempt
 * while the instance still has it.
 */
export function createMastodonAdapter(settings: MastodonAdapterSettings = {}): MastodonAdapter {
  const clock = settings.clock ?? systemClock;
  const http = createMastodonHttp({ timeoutMs: settings.timeoutMs ?? 60_000, fetch: settings.fetch, clock });
  const { wait, pollIntervalMs, maxPolls } = polling(settings, { pollIntervalMs: 2_000, maxPolls: 90 });
  const api = (account: AccountAccess) =>
    mastodonApi(http, appFromContext(account.grant.context).instance, account.grant.accessToken);

  type Client = ReturnType<typeof api>;

  /** Polls a file until the instance has processed it (206 until then, platforms.md §8 Media). */
  async function processed(client: Client, first: { status: number; media: MastodonMedia }, name: string) {
    let answer = first;
    for (let polls = 0; answer.status !== 200; polls++) {
      if (polls >= maxPolls)
        throw new PlatformError('transient', {
          platform: 'mastodon',
          platformMessage: `the file ${name} was still processing after ${polls} checks`,
        });
      await wait(pollIntervalMs);
      answer = await client.getMedia(answer.media.id);
    }
    return answer.media.id;
  }

  async function upload(client: Client, file: MediaFile): Promise<{ status: number; media: MastodonMedia }> {
    const form = new FormData();
    form.set('file', await mediaBlob(file), file.name);
    if (file.altText) form.set('description', file.altText);
    return client.uploadMedia(form);
  }

  /** The file's media id: an earlier attempt's while the instance has it (404 once it dropped it), else a new upload's. */
  async function mediaId(client: Client, file: MediaFile, post: PostInput, index: number): Promise<string> {
    const name = `media.${index}`;
    const earlier = post.progress?.[name];
    if (earlier !== undefined) {
      const known = await client.getMedia(earlier).catch((error: unknown) => {
        if (isPlatformError(error) && error.detail.status === 404) return undefined;
        throw error;
      });
      if (known) return processed(client, known, file.name);
    }
    const uploaded = await upload(client, file);
    await post.onProgress?.({ [name]: uploaded.media.id });
    return processed(client, uploaded, file.name);
  }

  return {
    platform: 'mastodon',
    registerApp: (instance, redirectUri) =>
      registerApp(http, instance, {
        clientName: settings.clientName ?? 'Postdeck',
        website: settings.website,
        redirectUri,
        scopes: SCOPES,
      }),
    authorizationUrl(request) {
      const instance = request.context?.['instance'];
      const clientId = request.context?.['clientId'];
      if (!instance || !clientId)
        throw new TypeError('A Mastodon consent needs the instance and its client id');
      return authorizationUrl({ instance: instanceOrigin(instance), clientId }, request, SCOPES);
    },
    exchangeCode: (exchange) => exchangeCode(http, appFromContext(exchange.context), exchange),
    revoke: (grant) => revoke(http, grant),
    async targets(grant) {
      const client = mastodonApi(http, appFromContext(grant.context).instance, grant.accessToken);
      const me = await client.verifyCredentials();
      const host = new URL(appFromContext(grant.context).instance).host;
      return [
        {
          externalId: me.id,
          name: me.display_name || me.username,
          handle: `@${me.username}@${host}`,
          avatarUrl: me.avatar,
          profileUrl: me.url,
        },
      ];
    },
    async publish(account: AccountAccess, post: PostInput): Promise<PublishedPost> {
      const client = api(account);
      const mediaIds: string[] = [];
      for (const [index, file] of post.media.entries())
        mediaIds.push(await mediaId(client, file, post, index));
      const status = await client.postStatus(
        { status: withLink(post.text, post.link), media_ids: mediaIds },
        post.idempotencyKey,
      );
      return { externalId: status.id, url: status.url ?? status.uri };
    },
    async find(account, post, since) {
      const client = api(account);
      const from = Date.parse(since);
      const sent = withLink(post.text, post.link);
      for (let maxId: string | undefined; ;) {
        const page = await client.accountStatuses(account.externalId, maxId);
        const found = page.find(
          (status) => Date.parse(status.created_at) >= from && sameText(plainText(status.content), sent),
        );
        if (found) return { externalId: found.id, url: found.url ?? found.uri };
        const oldest = page.at(-1);
        if (!oldest || Date.parse(oldest.created_at) < from) return null;
        maxId = oldest.id;
      }
    },
    async remove(account, externalId) {
      try {
        await api(account).deleteStatus(externalId);
      } catch (error) {
        // Already gone: a repeated removal, or deleted on the instance.
        if (isPlatformError(error) && error.detail.status === 404) return;
        throw error;
      }
    },
    /**
     * platforms.md §8 Metrics, GET /api/v1/statuses/:id: favourites as reactions, boosts (and
     * quotes, where the instance counts them: 4.5 and later) as shares, replies as comments. No
     * views or reach: Mastodon counts none.
     */
    async metrics(account, externalId) {
      const status = await api(account).getStatus(externalId);
      return {
        reactions: status.favourites_count,
        shares: status.reblogs_count + (status.quotes_count ?? 0),
        comments: status.replies_count,
        at: clock.now().toISOString(),
      };
    },
    /** The grant's own account (verify_credentials, which the profile scope reads): its followers_count. */
    async accountMetrics(account) {
      const me = await api(account).verifyCredentials();
      return { followers: me.followers_count, at: clock.now().toISOString() };
    },
  };
}

/**
 * A status's HTML as the text it was posted from: paragraphs and line breaks back to newlines,
 * tags dropped (a link's hidden "https://" span included, so the address reads whole), the
 * entities Mastodon escapes decoded.
 */
function plainText(html: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p[^>]*>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(?:#(\d+)|#x([\da-f]+)|(\w+));/gi, (entity, decimal?: string, hex?: string, name?: string) => {
      if (decimal) return String.fromCodePoint(Number(decimal));
      if (hex) return String.fromCodePoint(Number.parseInt(hex, 16));
      return named[name?.toLowerCase() ?? ''] ?? entity;
    });
}
