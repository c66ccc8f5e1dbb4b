import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import { systemClock } from '../../lib/clock.ts';
import type {
  AccountAccess,
  Grant,
  MediaFile,
  PlatformAdapter,
  PostInput,
  PublishedPost,
} from '../adapter.ts';
import { PlatformError, isPlatformError } from '../errors.ts';
import { mediaBlob, withLink } from '../media-blob.ts';
import { DEFAULT_X_HOSTS, type XApi, type XHosts, type XMedia, createXHttp, xApi } from './api.ts';
import { type XClient, authorizationUrl, exchangeCode, refresh, revoke } from './oauth.ts';
import { sameText } from './same-text.ts';
import { type AdapterCallSettings, type PollingSettings, polling } from '../settings.ts';

export { DEFAULT_X_HOSTS };

/** Polls are a video's STATUS checks, pollIntervalMs apart when X names no check_after_secs. */
export interface XAdapterSettings extends XClient, AdapterCallSettings, PollingSettings {
  hosts?: Partial<XHosts>;
  /** APPEND's chunk size; postiz sends 1 MB (platforms.md §4). */
  chunkBytes?: number;
}

const SCOPES = PLATFORM_CAPABILITIES.x.scopes;
/** The user timeline serves the newest 3,200 posts, 100 a page. */
const MAX_TIMELINE_PAGES = 32;

/**
 * X API v2 (platforms.md §4). One target: the user's own timeline. X takes no idempotency key, so
 * a post whose answer was lost is looked for in the user's timeline (`find`).
 */
export function createXAdapter(settings: XAdapterSettings): PlatformAdapter {
  const hosts = { ...DEFAULT_X_HOSTS, ...settings.hosts };
  const clock = settings.clock ?? systemClock;
  const http = createXHttp({ timeoutMs: settings.timeoutMs ?? 60_000, fetch: settings.fetch, clock });
  const { wait, pollIntervalMs, maxPolls } = polling(settings, { pollIntervalMs: 5_000, maxPolls: 60 });
  const chunkBytes = settings.chunkBytes ?? 1024 * 1024;
  const client: XClient = { clientId: settings.clientId, clientSecret: settings.clientSecret };
  const now = () => clock.now();
  const api = (grant: Grant) => xApi(http, hosts, grant.accessToken);

  /**
   * The file's media id: the one an earlier attempt uploaded when X still has it, else a new
   * upload. Each id is told to `onProgress` as X hands it out (INITIALIZE's, before the bytes go).
   */
  async function media(x: XApi, file: MediaFile, post: PostInput, index: number): Promise<string> {
    const key = `media${index}`;
    const earlier = post.progress?.[key];
    if (earlier) {
      const kept = await resumed(x, file, earlier);
      if (kept) return kept;
    }
    return upload(x, file, async (id) => post.onProgress?.({ [key]: id }));
  }

  /**
   * An earlier upload, ready or still processing; undefined when X no longer has it (uploads
   * expire in a day) or never got it whole.
   */
  async function resumed(x: XApi, file: MediaFile, id: string): Promise<string | undefined> {
    let earlier: XMedia;
    try {
      earlier = await x.status(id);
    } catch (error) {
      if (isPlatformError(error) && error.kind === 'rejected') return undefined;
      throw error;
    }
    return processed(x, file, earlier);
  }

  async function upload(x: XApi, file: MediaFile, told: (id: string) => Promise<void>): Promise<string> {
    if (file.kind === 'image' && file.mime !== 'image/gif') {
      const media = await x.uploadImage(await mediaBlob(file), 'tweet_image');
      await told(media.id);
      return processed(x, file, media);
    }
    // Video and GIFs go in chunks, then X transcodes them.
    const category = file.kind === 'video' ? 'tweet_video' : 'tweet_gif';
    const started = await x.initialize({
      media_type: file.mime,
      total_bytes: file.bytes,
      media_category: category,
    });
    await told(started.id);
    for (let start = 0, index = 0; start < file.bytes; start += chunkBytes, index++) {
      const range = { start, end: Math.min(file.bytes, start + chunkBytes) };
      const parts: Uint8Array<ArrayBuffer>[] = [];
      for await (const part of file.open(range)) parts.push(new Uint8Array(part));
      await x.append(started.id, index, new Blob(parts, { type: 'application/octet-stream' }));
    }
    return processed(x, file, await x.finalize(started.id));
  }

  /** No processing_info: ready. Otherwise STATUS until succeeded or failed, waiting as X says. */
  async function processed(x: XApi, file: MediaFile, media: XMedia): Promise<string> {
    let info = media.processing_info;
    for (let polls = 0; info && info.state !== 'succeeded'; polls++) {
      if (info.state === 'failed')
        throw new PlatformError('mediaInvalid', {
          platform: 'x',
          platformMessage: info.error?.message ?? `X could not process ${file.name}`,
          platformCode: info.error?.name,
          raw: info,
        });
      if (polls >= maxPolls)
        throw new PlatformError('transient', {
          platform: 'x',
          platformMessage: `the file ${file.name} was still processing after ${polls} checks`,
        });
      await wait(info.check_after_secs === undefined ? pollIntervalMs : info.check_after_secs * 1000);
      info = (await x.status(media.id)).processing_info;
    }
    return media.id;
  }

  function postUrl(grant: Grant, id: string): string {
    const username = grant.context?.['username'];
    // x.com/i/status/{id} opens a post without its author's name (platforms.md §4 Publish).
    return new URL(
      `/${username ? encodeURIComponent(username) : 'i'}/status/${encodeURIComponent(id)}`,
      hosts.web,
    ).toString();
  }

  return {
    platform: 'x',
    authorizationUrl: (request) => authorizationUrl(hosts, client, request, SCOPES),
    async exchangeCode(exchange) {
      const grant = await exchangeCode(http, hosts, client, exchange, now);
      // The username makes the post URLs X's own; it is read once, here.
      const me = await api(grant).me();
      return { ...grant, context: { userId: me.id, username: me.username } };
    },
    refresh: (grant) => refresh(http, hosts, client, grant, now),
    revoke: (grant) => revoke(http, hosts, client, grant),
    async targets(grant) {
      const me = await api(grant).me();
      return [
        {
          externalId: me.id,
          name: me.name,
          handle: `@${me.username}`,
          avatarUrl: me.profile_image_url,
          profileUrl: new URL(`/${encodeURIComponent(me.username)}`, hosts.web).toString(),
        },
      ];
    },
    async publish(account: AccountAccess, post: PostInput): Promise<PublishedPost> {
      const x = api(account.grant);
      const mediaIds: string[] = [];
      for (const [index, file] of post.media.entries()) mediaIds.push(await media(x, file, post, index));
      const text = withLink(post.text, post.link);
      const replySettings = post.options?.replySettings;
      // X wants text unless media is present; an empty one is left out rather than sent blank.
      const tweet = await x.createTweet({
        ...(text.trim() !== '' || mediaIds.length === 0 ? { text } : {}),
        ...(mediaIds.length > 0 ? { media: { media_ids: mediaIds } } : {}),
        ...(replySettings ? { reply_settings: replySettings } : {}),
      });
      return { externalId: tweet.id, url: postUrl(account.grant, tweet.id) };
    },
    async find(account, post, since) {
      // X's start_time takes whole seconds: the second the attempt began in is kept whole.
      const start = new Date(since).toISOString().replace(/\.\d{3}Z$/, 'Z');
      const x = api(account.grant);
      const sent = withLink(post.text, post.link);
      let token: string | undefined;
      // start_time bounds the window, so the pages end once it is read; a timeline serves 3,200 posts at most.
      for (let pages = 0; pages < MAX_TIMELINE_PAGES; pages++) {
        const page = await x.userTweets(account.externalId, start, token);
        const found = page.tweets.find((tweet) => sameText(tweet.text, sent));
        if (found) return { externalId: found.id, url: postUrl(account.grant, found.id) };
        if (!page.nextToken) return null;
        token = page.nextToken;
      }
      throw new PlatformError('transient', {
        platform: 'x',
        platformMessage: `the timeline since ${since} goes past the ${MAX_TIMELINE_PAGES} pages X serves`,
      });
    },
    async remove(account, externalId) {
      try {
        await api(account.grant).deleteTweet(externalId);
      } catch (error) {
        // Already gone: a repeated removal, or deleted on X.
        if (isPlatformError(error) && error.detail.status === 404) return;
        throw error;
      }
    },
    /**
     * platforms.md §4 Metrics, public_metrics: impressions as views, likes as reactions, replies as
     * comments, reposts and quotes as shares (as Bluesky's are), bookmarks as saves. X gives no
     * reach. Link clicks and video views are in non_public_metrics and organic_metrics, which need
     * the author's user context (platforms.md §4) and which platforms.md does not detail: not
     * asked for, so absent.
     */
    async metrics(account, externalId) {
      const counts = (await api(account.grant).tweetMetrics(externalId)) ?? {};
      const reposts = counts.retweet_count ?? counts.repost_count;
      return {
        views: counts.impression_count,
        reactions: counts.like_count,
        comments: counts.reply_count,
        shares:
          reposts === undefined && counts.quote_count === undefined
            ? undefined
            : (reposts ?? 0) + (counts.quote_count ?? 0),
        saves: counts.bookmark_count,
        at: clock.now().toISOString(),
      };
    },
    async accountMetrics(account) {
      return { followers: await api(account.grant).myFollowers(), at: clock.now().toISOString() };
    },
  };
}
