import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import { type FacebookAudience, facebookOptionsSchema } from '@postdeck/contract/publish-options';
import { z } from '@postdeck/contract/zod';
import type {
  AccountAccess,
  Grant,
  MediaFile,
  PlatformAdapter,
  PostInput,
  PublishedPost,
  Target,
} from '../adapter.ts';
import { PlatformError } from '../errors.ts';
import { isUnknownObject } from '../graph/errors.ts';
import { authorizationUrl, exchangeCode, listPages, pageGrant } from '../graph/login.ts';
import { type GraphAdapterSettings, graphSetup } from '../graph/settings.ts';
import { mediaBlob, withLink } from '../media-blob.ts';
import { sameText } from '../x/same-text.ts';
import { type FeedEntry, pageApi } from './api.ts';
import { type FacebookLocation, type LocationSearch, searchLocations } from './locations.ts';
import { VIDEO_PROGRESS, publishVideo } from './video.ts';

export const DEFAULT_FACEBOOK_HOSTS = {
  /** Facebook Login's dialog. */
  dialogBase: 'https://www.facebook.com',
  graphBase: 'https://graph.facebook.com',
  /** Video uploads (platforms.md §1 Publish: graph-video.facebook.com). */
  videoBase: 'https://graph-video.facebook.com',
  /** Post and page links, where Graph gives no permalink. */
  postUrlBase: 'https://www.facebook.com',
};

export interface FacebookAdapterSettings extends GraphAdapterSettings {
  videoBase?: string;
  postUrlBase?: string;
}

export interface FacebookAdapter extends PlatformAdapter {
  /** Location keys for audience targeting (the spec's queryFacebookArea), with the user's or a page's grant. */
  searchLocations(grant: Grant, search: LocationSearch): Promise<FacebookLocation[]>;
}

const SCOPES = PLATFORM_CAPABILITIES.facebook.scopes;
/**
 * platforms.md §1 Metrics, lifetime post insights Graph keeps past v25: views (post_media_view),
 * the accounts reached (post_total_media_view_unique, which replaces the removed *_unique
 * impressions), reactions of every type, and clicks by type (its "link clicks"). Comments and
 * shares are the post's own counts. Graph documents no video views among the post metrics
 * platforms.md lists, so videoViews and watchTimeS stay absent; saves Facebook does not count.
 */
const METRICS = [
  'post_media_view',
  'post_total_media_view_unique',
  'post_reactions_by_type_total',
  'post_clicks_by_type',
] as const;

/**
 * Facebook Pages (platforms.md §1). Connecting gives a long-lived user token (about 60 days, no
 * refresh: tokenRenewal 'reconnect'); each page is a target with its own token in target.grant,
 * and every page call is made with it. A lost answer to a publish is settled by looking for the
 * post in the page's feed (`find`); every post, a video's too, is named by its feed id.
 */
export function createFacebookAdapter(settings: FacebookAdapterSettings): FacebookAdapter {
  const { clock, version, graph, http, login, polling } = graphSetup('facebook', settings, {
    ...DEFAULT_FACEBOOK_HOSTS,
    timeoutMs: 120_000,
    pollIntervalMs: 5_000,
    maxPolls: 120,
  });
  const video = { base: settings.videoBase ?? DEFAULT_FACEBOOK_HOSTS.videoBase, version };
  const postUrlBase = (settings.postUrlBase ?? DEFAULT_FACEBOOK_HOSTS.postUrlBase).replace(/\/+$/, '');
  const api = (account: AccountAccess) => pageApi(http, graph, video, account.grant.accessToken);
  const postUrl = (entry: FeedEntry) => entry.permalink_url ?? `${postUrlBase}/${entry.id}`;

  /** A photo Graph fetches from its public address when it has one, else sent as multipart `source`. */
  async function photo(
    client: ReturnType<typeof api>,
    pageId: string,
    file: MediaFile,
    published?: { caption: string; targeting: string | undefined },
  ) {
    const form = new FormData();
    if (file.publicUrl) form.set('url', file.publicUrl);
    else form.set('source', await mediaBlob(file), file.name);
    if (published) form.set('message', published.caption);
    if (published?.targeting) form.set('targeting', published.targeting);
    if (!published) form.set('published', 'false');
    if (file.altText) form.set('alt_text_custom', file.altText);
    return client.postPhoto(pageId, form, published !== undefined);
  }

  return {
    platform: 'facebook',
    authorizationUrl: (request) => authorizationUrl(login, request, SCOPES),
    exchangeCode: (exchange) => exchangeCode(http, login, exchange, clock),
    searchLocations: (grant, search) => searchLocations(http, graph, grant.accessToken, search),
    async targets(grant): Promise<Target[]> {
      const pages = await listPages(http, graph, grant.accessToken);
      return pages.map((page) => ({
        externalId: page.id,
        name: page.name,
        handle: page.username && `@${page.username}`,
        avatarUrl: page.picture?.data?.url,
        profileUrl: `${postUrlBase}/${page.username ?? page.id}`,
        grant: pageGrant(grant, page),
      }));
    },
    async publish(account: AccountAccess, post: PostInput): Promise<PublishedPost> {
      const pageId = account.externalId;
      const client = api(account);
      const videos = post.media.filter((m) => m.kind === 'video');
      const [first, ...rest] = post.media;
      // Who may see it (the places chosen from queryFacebookArea): feed, photo and video posts take it.
      const targeting = targetingOf(facebookOptions(post).audience);
      if (!first) {
        const entry = await client.postFeed(pageId, { message: post.text, link: post.link, targeting });
        return { externalId: entry.id, url: postUrl(entry) };
      }
      const message = withLink(post.text, post.link);
      if (videos.length > 0) {
        if (post.media.length > 1)
          throw new PlatformError('rejected', {
            platform: 'facebook',
            platformMessage: 'A Facebook post takes one video, alone',
          });
        const published = await publishVideo(
          client,
          pageId,
          first,
          { description: message, targeting },
          polling,
          post,
        );
        return {
          externalId: published.postId,
          url: published.permalink ?? `${postUrlBase}/${published.postId}`,
        };
      }
      if (rest.length === 0) {
        const answer = await photo(client, pageId, first, { caption: message, targeting });
        const id = answer.post_id ?? answer.id;
        return { externalId: id, url: answer.permalink_url ?? `${postUrlBase}/${id}` };
      }
      // platforms.md §1 Publish, multi-photo: unpublished photos first, then one post with them
      // (the post is what people see: it carries the targeting).
      const photos = [];
      for (const file of post.media) photos.push((await photo(client, pageId, file)).id);
      const entry = await client.postFeed(pageId, {
        message,
        targeting,
        attached_media: JSON.stringify(photos.map((id) => ({ media_fbid: id }))),
      });
      return { externalId: entry.id, url: postUrl(entry) };
    },
    async find(account, post, since) {
      const client = api(account);
      // A video an earlier attempt uploaded names its post itself, once it became one.
      const videoId = post.progress?.[VIDEO_PROGRESS.videoId];
      const video = videoId ? await client.videoNode(videoId).catch(notFoundAsUndefined) : undefined;
      if (video?.post_id !== undefined)
        return { externalId: video.post_id, url: video.permalink_url ?? `${postUrlBase}/${video.post_id}` };
      // A text post keeps its link apart, a photo or video post carries it in its text: sameText
      // leaves links out of the comparison either way.
      const text = withLink(post.text, post.link);
      const found = await client.findInFeed(
        account.externalId,
        new Date(since),
        (entry) => entry.message !== undefined && sameText(entry.message, text),
      );
      return found ? { externalId: found.id, url: postUrl(found) } : null;
    },
    async remove(account, externalId) {
      try {
        await api(account).remove(externalId);
      } catch (error) {
        // No such object (removed before, or deleted on Facebook): the removal is done.
        if (isUnknownObject(error)) return;
        throw error;
      }
    },
    async metrics(account, externalId) {
      const client = api(account);
      const insights = await client.insights(externalId, METRICS);
      const value = (name: (typeof METRICS)[number]) =>
        insights.data.find((m) => m.name === name)?.values?.[0]?.value;
      const reactions = value('post_reactions_by_type_total');
      const clicks = value('post_clicks_by_type');
      const counts = await client.counts(externalId);
      return {
        views: numberOr(value('post_media_view')),
        reach: numberOr(value('post_total_media_view_unique')),
        // Every reaction type summed; an empty object is a post nobody reacted to.
        reactions:
          reactions !== undefined && typeof reactions === 'object'
            ? Object.values(reactions).reduce((sum, n) => sum + n, 0)
            : undefined,
        comments: counts.comments?.summary?.total_count,
        // Graph leaves `shares` out of a post nobody shared: absent here too, not guessed as 0.
        shares: counts.shares?.count,
        // Only the "link clicks" type: photo views and video plays are clicks too, not on a link.
        linkClicks: typeof clicks === 'object' ? clicks['link clicks'] : undefined,
        at: clock.now().toISOString(),
      };
    },
    async accountMetrics(account) {
      const page = await api(account).pageCounts(account.externalId);
      return {
        // followers_count is who follow the page; a page that reports none has fan_count (its likes).
        followers: page.followers_count ?? page.fan_count,
        at: clock.now().toISOString(),
      };
    },
  };
}

/** Facebook's fields of the account's options, read by their own schema (the shared type spans every platform's). */
const facebookOptions = (post: PostInput) => {
  const parsed = z.object(facebookOptionsSchema.shape).safeParse(post.options ?? {});
  if (parsed.success) return parsed.data;
  throw new PlatformError('rejected', {
    platform: 'facebook',
    platformMessage: `the post's Facebook options: ${z.prettifyError(parsed.error)}`,
  });
};

/**
 * Graph's `targeting` for an audience (platforms.md §1 Audience targeting), as JSON:
 * `{"geo_locations":{"countries":["CA"],"regions":[{"key":"528"}],"cities":[{"key":"296875"}]}}`,
 * the kinds chosen only; the names are the composer's, Graph takes keys.
 */
function targetingOf(audience: FacebookAudience | undefined): string | undefined {
  if (!audience) return undefined;
  const keys = (areas: readonly { key: string }[]) => areas.map(({ key }) => ({ key }));
  const geo = {
    ...(audience.countries.length > 0 ? { countries: audience.countries } : {}),
    ...(audience.regions.length > 0 ? { regions: keys(audience.regions) } : {}),
    ...(audience.cities.length > 0 ? { cities: keys(audience.cities) } : {}),
  };
  return JSON.stringify({ geo_locations: geo });
}

/** A video whose upload never finished is unknown to Graph: there is no post to name. */
function notFoundAsUndefined(error: unknown): undefined {
  if (isUnknownObject(error)) return undefined;
  throw error;
}

function numberOr(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}
