import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import { systemClock } from '../../lib/clock.ts';
import type { AccountAccess, MediaFile, PlatformAdapter, PostInput, PublishedPost } from '../adapter.ts';
import { PlatformError, isPlatformError } from '../errors.ts';
import { mediaBlob, withLink } from '../media-blob.ts';
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
 * Idempotency-Key header, so a retry with the same key cannot post twice and no `find` is needed.
 */
export function createMastodonAdapter(settings: MastodonAdapterSettings = {}): MastodonAdapter {
  const clock = settings.clock ?? systemClock;
  const http = createMastodonHttp({ timeoutMs: settings.timeoutMs ?? 60_000, fetch: settings.fetch, clock });
  const { wait, pollIntervalMs, maxPolls } = polling(settings, { pollIntervalMs: 2_000, maxPolls: 90 });
  const api = (account: AccountAccess) =>
    mastodonApi(http, appFromContext(account.grant.context).instance, account.grant.accessToken);

  async function upload(client: ReturnType<typeof api>, file: MediaFile): Promise<string> {
    const form = new FormData();
    form.set('file', await mediaBlob(file), file.name);
    if (file.altText) form.set('description', file.altText);
    let answer: { status: number; media: MastodonMedia } = await client.uploadMedia(form);
    for (let polls = 0; answer.status !== 200; polls++) {
      if (polls >= maxPolls)
        throw new PlatformError('transient', {
          platform: 'mastodon',
          platformMessage: `the file ${file.name} was still processing after ${polls} checks`,
        });
      await wait(pollIntervalMs);
      answer = await client.getMedia(answer.media.id);
    }
    return answer.media.id;
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
      for (const file of post.media) mediaIds.push(await upload(client, file));
      const status = await client.postStatus(
        { status: withLink(post.text, post.link), media_ids: mediaIds },
        post.idempotencyKey,
      );
      return { externalId: status.id, url: status.url ?? status.uri };
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
    async metrics(account, externalId) {
      const status = await api(account).getStatus(externalId);
      return {
        likes: status.favourites_count,
        shares: status.reblogs_count,
        comments: status.replies_count,
        at: clock.now().toISOString(),
      };
    },
  };
}
