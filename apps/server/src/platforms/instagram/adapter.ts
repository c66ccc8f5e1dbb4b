import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import type {
  AccountAccess,
  MediaFile,
  PlatformAdapter,
  PostInput,
  PublishedPost,
  Target,
} from '../adapter.ts';
import { PlatformError } from '../errors.ts';
import { isUnknownObject } from '../graph/errors.ts';
import { authorizationUrl, exchangeCode, listPages, pageGrant } from '../graph/login.ts';
import { poll } from '../graph/poll.ts';
import { type GraphAdapterSettings, graphSetup } from '../graph/settings.ts';
import { withLink } from '../media-blob.ts';
import { sameText } from '../x/same-text.ts';
import { instagramApi } from './api.ts';

export const DEFAULT_INSTAGRAM_HOSTS = {
  /** Facebook Login's dialog: the Facebook Login flavour of platforms.md §2. */
  dialogBase: 'https://www.facebook.com',
  graphBase: 'https://graph.facebook.com',
  /** Profile links, and a post's link when its permalink cannot be read. */
  profileUrlBase: 'https://www.instagram.com',
};

export interface InstagramAdapterSettings extends GraphAdapterSettings {
  profileUrlBase?: string;
}

export interface InstagramAdapter extends PlatformAdapter {
  /** Posts published in the moving 24 hours and the cap (50 today), for the quota the channels page shows. */
  publishingLimit(account: AccountAccess): Promise<{ used: number; total: number | undefined }>;
}

const SCOPES = PLATFORM_CAPABILITIES.instagram.scopes;
/**
 * platforms.md §2 Metrics: a media's views, the accounts reached, likes (Instagram's only
 * reaction), comments, shares and saves ("saved"). Instagram gives no link clicks on a post, and
 * a reel's plays are its views: videoViews and watchTimeS stay absent.
 */
const METRICS = ['views', 'reach', 'likes', 'comments', 'shares', 'saved'] as const;

type Api = ReturnType<typeof instagramApi>;

/** The container media_publish is asked to publish, as `onProgress` is told it (carousel items: `item<n>`). */
const CONTAINER = 'container';

/**
 * Instagram professional accounts through Facebook Login (platforms.md §2). The targets are the
 * Instagram accounts linked to the pages the user granted, each with its page's token (which the
 * Graph takes for the account's calls). Publishing: a container per file, fetched by Instagram
 * from the file's public URL; a carousel for several; each polled until FINISHED; then
 * media_publish. No delete (not in the official docs) and no dedupe: a lost media_publish is
 * looked for among the account's media (`find`), and an earlier attempt's container is published
 * rather than made again.
 */
export function createInstagramAdapter(settings: InstagramAdapterSettings): InstagramAdapter {
  const { clock, graph, http, login, polling } = graphSetup('instagram', settings, {
    ...DEFAULT_INSTAGRAM_HOSTS,
    timeoutMs: 60_000,
    // platforms.md §2: postiz checks every 30 s for 8 minutes; images are usually ready sooner.
    pollIntervalMs: 10_000,
    maxPolls: 48,
  });
  const profileUrlBase = (settings.profileUrlBase ?? DEFAULT_INSTAGRAM_HOSTS.profileUrlBase).replace(
    /\/+$/,
    '',
  );
  const api = (account: AccountAccess) => instagramApi(http, graph, account.grant.accessToken);

  /** Waits until the container can be published; nothing is published before, so giving up is 'transient'. */
  async function finished(client: Api, containerId: string): Promise<void> {
    const ready = await poll(polling, async () => {
      const state = await client.container(containerId);
      switch (state.status_code) {
        case 'FINISHED':
          return true;
        case 'ERROR':
          throw new PlatformError('mediaInvalid', {
            platform: 'instagram',
            platformMessage: state.status ?? 'the media could not be processed',
            platformSubcode: /\b(\d{4,})\b/.exec(state.status ?? '')?.[1],
            raw: state,
          });
        case 'EXPIRED':
          throw new PlatformError('transient', {
            platform: 'instagram',
            platformMessage: state.status ?? 'the container expired before it was published',
            raw: state,
          });
        default:
          return undefined;
      }
    });
    if (!ready)
      throw new PlatformError('transient', {
        platform: 'instagram',
        platformMessage: `the media was still processing after ${polling.maxPolls} checks`,
      });
  }

  /**
   * Whether an earlier attempt's container is still the one to publish: yes while it processes or
   * is ready (or failed: `finished` says why); a container that expired or that Graph does not
   * know is made again. One already published went out: reconciling settles it, not a second post.
   */
  async function stillUsable(client: Api, containerId: string): Promise<boolean> {
    const state = await client.container(containerId).catch((error: unknown) => {
      if (isUnknownObject(error)) return undefined;
      throw error;
    });
    if (state?.status_code === 'PUBLISHED')
      throw new PlatformError('outcomeUnknown', {
        platform: 'instagram',
        platformMessage: 'an earlier attempt published this post; its answer was lost',
        raw: state,
      });
    return state !== undefined && state.status_code !== 'EXPIRED';
  }

  async function container(
    client: Api,
    igUserId: string,
    file: MediaFile,
    fields: Record<string, string | undefined>,
    progress: { key: string; onProgress: PostInput['onProgress'] },
  ) {
    if (!file.publicUrl)
      throw new PlatformError('mediaInvalid', {
        platform: 'instagram',
        platformMessage: `Instagram fetches media from a public URL, and ${file.name} has none`,
      });
    const media =
      file.kind === 'image'
        ? { image_url: file.publicUrl, alt_text: file.altText }
        : { video_url: file.publicUrl, media_type: fields['is_carousel_item'] ? 'VIDEO' : 'REELS' };
    const id = await client.createContainer(igUserId, { ...media, ...fields });
    await progress.onProgress?.({ [progress.key]: id });
    await finished(client, id);
    return id;
  }

  return {
    platform: 'instagram',
    authorizationUrl: (request) => authorizationUrl(login, request, SCOPES),
    exchangeCode: (exchange) => exchangeCode(http, login, exchange, clock),
    async targets(grant): Promise<Target[]> {
      const pages = await listPages(http, graph, grant.accessToken);
      return pages.flatMap((page) => {
        const account = page.instagram_business_account;
        const pageToken = pageGrant(grant, page);
        if (!account) return [];
        return [
          {
            externalId: account.id,
            name: account.name || account.username || page.name,
            handle: account.username && `@${account.username}`,
            avatarUrl: account.profile_picture_url,
            profileUrl: account.username && `${profileUrlBase}/${account.username}`,
            grant: pageToken && {
              ...pageToken,
              context: { ...pageToken.context, ...(account.username ? { username: account.username } : {}) },
            },
          },
        ];
      });
    },
    async publish(account: AccountAccess, post: PostInput): Promise<PublishedPost> {
      const igUserId = account.externalId;
      const client = api(account);
      const caption = withLink(post.text, post.link);
      const [first, ...rest] = post.media;
      if (!first)
        throw new PlatformError('rejected', {
          platform: 'instagram',
          platformMessage: 'An Instagram post needs an image or a video',
        });
      const { onProgress } = post;
      const earlier = post.progress?.[CONTAINER];
      let containerId: string;
      if (earlier && (await stillUsable(client, earlier))) {
        containerId = earlier;
        await finished(client, containerId);
      } else if (rest.length === 0) {
        containerId = await container(client, igUserId, first, { caption }, { key: CONTAINER, onProgress });
      } else {
        const children = [];
        for (const [index, file] of post.media.entries())
          children.push(
            await container(
              client,
              igUserId,
              file,
              { is_carousel_item: 'true' },
              { key: `item${index}`, onProgress },
            ),
          );
        containerId = await client.createContainer(igUserId, {
          media_type: 'CAROUSEL',
          children: children.join(','),
          caption,
        });
        await onProgress?.({ [CONTAINER]: containerId });
        await finished(client, containerId);
      }
      const mediaId = await client.publish(igUserId, containerId);
      return { externalId: mediaId, url: await permalink(client, mediaId, account) };
    },
    /** DESIGN.md §6: the account's media since `since`, newest first, for one with this caption. */
    async find(account, post, since) {
      const caption = withLink(post.text, post.link);
      const client = api(account);
      const found = await client.findMedia(
        account.externalId,
        new Date(since),
        (item) => item.caption !== undefined && sameText(item.caption, caption),
      );
      return found
        ? { externalId: found.id, url: found.permalink ?? (await permalink(client, found.id, account)) }
        : null;
    },
    async publishingLimit(account) {
      const limit = await api(account).publishingLimit(account.externalId);
      return { used: limit.quota_usage ?? 0, total: limit.config?.quota_total };
    },
    async remove() {
      throw new PlatformError('rejected', {
        platform: 'instagram',
        platformMessage: "Instagram's API does not delete posts",
      });
    },
    async metrics(account, externalId) {
      const insights = await api(account).insights(externalId, METRICS);
      const value = (name: (typeof METRICS)[number]) =>
        insights.data.find((m) => m.name === name)?.values?.[0]?.value;
      return {
        views: value('views'),
        reach: value('reach'),
        reactions: value('likes'),
        comments: value('comments'),
        shares: value('shares'),
        saves: value('saved'),
        at: clock.now().toISOString(),
      };
    },
    /**
     * The IG user's followers_count. Its reach is a day's insight (/{ig-user-id}/insights, metric
     * reach, period day [oss]), not read here: the account snapshot holds followers only.
     */
    async accountMetrics(account) {
      return {
        followers: await api(account).followers(account.externalId),
        at: clock.now().toISOString(),
      };
    },
  };

  /**
   * The post is out once media_publish answered: a permalink that cannot be read must not make it
   * look failed (a retry would post it twice), so the profile stands in for it.
   */
  async function permalink(client: Api, mediaId: string, account: AccountAccess): Promise<string> {
    try {
      const url = await client.permalink(mediaId);
      if (url) return url;
    } catch {
      // Falls through to the profile.
    }
    const username = account.grant.context?.['username'];
    return username ? `${profileUrlBase}/${username}` : profileUrlBase;
  }
}
