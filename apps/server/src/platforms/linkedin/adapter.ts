import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import { systemClock } from '../../lib/clock.ts';
import type {
  AccountAccess,
  MediaFile,
  PlatformAdapter,
  PostInput,
  PublishedPost,
  Target,
} from '../adapter.ts';
import { PlatformError, isPlatformError } from '../errors.ts';
import { mediaBlob, withLink } from '../media-blob.ts';
import {
  DEFAULT_LINKEDIN_HOSTS,
  DEFAULT_LINKEDIN_VERSION,
  type LinkedInApi,
  type LinkedInHosts,
  type LinkedInMediaStatus,
  createLinkedInHttp,
  linkedInApi,
} from './api.ts';
import { littleText } from './little-text.ts';
import { type LinkedInClient, authorizationUrl, exchangeCode, refresh } from './oauth.ts';
import { type AdapterCallSettings, type PollingSettings, polling } from '../settings.ts';

export { DEFAULT_LINKEDIN_HOSTS };

/** Polls read a file still PROCESSING. */
export interface LinkedInAdapterSettings extends LinkedInClient, AdapterCallSettings, PollingSettings {
  hosts?: Partial<LinkedInHosts>;
  /** LinkedIn-Version, YYYYMM. */
  version?: string;
}

const SCOPES = PLATFORM_CAPABILITIES.linkedin.scopes;
/** How an upload tells the pipeline the URN LinkedIn handed out. */
type Told = (urn: string) => Promise<void>;
/** The organizationAcls roles that may post for an organisation (platforms.md §7 OAuth). */
const POSTING_ROLES = new Set(['ADMINISTRATOR', 'CONTENT_ADMINISTRATOR', 'DIRECT_SPONSORED_CONTENT_POSTER']);
/** `find` reads posts this many a page; past so many pages it gives up unfinished, not "not there". */
const FIND_PAGE = 50;
const FIND_MAX_PAGES = 40;

/**
 * LinkedIn organisation pages (platforms.md §7): the targets are the organisations the member may
 * post for; posts go through the Posts API with images and videos uploaded through the Images and
 * Videos APIs first. LinkedIn takes no idempotency key, so a post whose answer was lost is looked
 * for among the organisation's posts (`find`).
 */
export function createLinkedInAdapter(settings: LinkedInAdapterSettings): PlatformAdapter {
  const hosts = { ...DEFAULT_LINKEDIN_HOSTS, ...settings.hosts };
  const version = settings.version ?? DEFAULT_LINKEDIN_VERSION;
  const clock = settings.clock ?? systemClock;
  const http = createLinkedInHttp({ timeoutMs: settings.timeoutMs ?? 60_000, fetch: settings.fetch, clock });
  const { wait, pollIntervalMs, maxPolls } = polling(settings, { pollIntervalMs: 3_000, maxPolls: 100 });
  const client: LinkedInClient = { clientId: settings.clientId, clientSecret: settings.clientSecret };
  const now = () => clock.now();
  const api = (token: string) => linkedInApi(http, hosts, version, token);

  /** Reads the file until AVAILABLE: a post may carry only an available file (platforms.md §7 Processing). */
  async function available(
    file: MediaFile,
    read: () => Promise<LinkedInMediaStatus>,
    first?: LinkedInMediaStatus,
  ): Promise<void> {
    let media = first ?? (await read());
    for (let polls = 0; media.status !== 'AVAILABLE'; polls++) {
      if (media.status === 'PROCESSING_FAILED')
        throw new PlatformError('mediaInvalid', {
          platform: 'linkedin',
          platformMessage: media.processingFailureReason ?? `LinkedIn could not process ${file.name}`,
          raw: media,
        });
      if (polls >= maxPolls)
        throw new PlatformError('transient', {
          platform: 'linkedin',
          platformMessage: `the file ${file.name} was still processing after ${polls} checks`,
        });
      await wait(pollIntervalMs);
      media = await read();
    }
  }

  /**
   * The file's URN: the one an earlier attempt uploaded when LinkedIn has it whole, else a new
   * upload. Each URN is told to `onProgress` as initializeUpload hands it out.
   */
  async function media(li: LinkedInApi, owner: string, file: MediaFile, post: PostInput, index: number) {
    const key = `media${index}`;
    const earlier = post.progress?.[key];
    if (earlier) {
      const kept = await resumed(li, file, earlier);
      if (kept) return kept;
    }
    const told = async (urn: string) => post.onProgress?.({ [key]: urn });
    return file.kind === 'video' ? uploadVideo(li, owner, file, told) : uploadImage(li, owner, file, told);
  }

  /** An earlier upload whose bytes LinkedIn holds (processing or done); undefined when it must go again. */
  async function resumed(li: LinkedInApi, file: MediaFile, urn: string): Promise<string | undefined> {
    const read = () => (urn.startsWith('urn:li:video:') ? li.video(urn) : li.image(urn));
    let earlier: LinkedInMediaStatus;
    try {
      earlier = await read();
    } catch (error) {
      // Gone, or never ours to read: upload anew.
      if (isPlatformError(error) && error.kind === 'rejected') return undefined;
      throw error;
    }
    // The upload URLs of an unfinished upload were not kept: its bytes go again.
    if (earlier.status === 'WAITING_UPLOAD') return undefined;
    await available(file, read, earlier);
    return urn;
  }

  async function uploadImage(li: LinkedInApi, owner: string, file: MediaFile, told: Told): Promise<string> {
    const { uploadUrl, image } = await li.initializeImage(owner);
    await told(image);
    await li.put(uploadUrl, await mediaBlob(file));
    await available(file, () => li.image(image));
    return image;
  }

  async function uploadVideo(li: LinkedInApi, owner: string, file: MediaFile, told: Told): Promise<string> {
    const upload = await li.initializeVideo(owner, file.bytes);
    await told(upload.video);
    const etags: string[] = [];
    for (const part of upload.uploadInstructions) {
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      for await (const chunk of file.open({ start: part.firstByte, end: part.lastByte + 1 }))
        chunks.push(new Uint8Array(chunk));
      const etag = await li.put(part.uploadUrl, new Blob(chunks));
      if (!etag)
        throw new PlatformError('transient', {
          platform: 'linkedin',
          platformMessage: 'the upload of a video part returned no ETag',
        });
      etags.push(etag);
    }
    await li.finalizeVideo(upload.video, upload.uploadToken, etags);
    await available(file, () => li.video(upload.video));
    return upload.video;
  }

  /** What `content` carries: one file, several images, or the link as an article. */
  function content(post: PostInput, media: { id: string; file: MediaFile }[]) {
    const alt = (file: MediaFile) => (file.altText ? { altText: file.altText } : {});
    const [first] = media;
    if (media.length > 1) return { multiImage: { images: media.map((m) => ({ id: m.id, ...alt(m.file) })) } };
    if (first) return { media: { id: first.id, ...alt(first.file) } };
    if (post.link)
      // An article needs a title; the text's first line is the nearest to one Postdeck has.
      return {
        article: { source: post.link, title: post.text.split('\n')[0]?.trim().slice(0, 200) || post.link },
      };
    return undefined;
  }

  /** The link goes in the text when files take the content's place. */
  const commentary = (post: PostInput) =>
    littleText(post.media.length > 0 ? withLink(post.text, post.link) : post.text);
  const postUrl = (urn: string) => new URL(`/feed/update/${urn}`, hosts.web).toString();

  async function target(li: LinkedInApi, organization: string): Promise<Target> {
    const id = organization.split(':').at(-1) ?? '';
    const org = await li.organization(id);
    return {
      externalId: organization,
      name: org.localizedName,
      handle: org.vanityName,
      avatarUrl: org.logoV2?.original ? await logo(li, org.logoV2.original) : undefined,
      profileUrl: org.vanityName
        ? new URL(`/company/${encodeURIComponent(org.vanityName)}`, hosts.web).toString()
        : undefined,
    };
  }

  /** The logo's address, read through the Images API; an organisation lists without one it cannot read. */
  async function logo(li: LinkedInApi, image: string): Promise<string | undefined> {
    try {
      return (await li.image(image)).downloadUrl;
    } catch (error) {
      if (isPlatformError(error) && (error.detail.status === 403 || error.detail.status === 404))
        return undefined;
      throw error;
    }
  }

  return {
    platform: 'linkedin',
    authorizationUrl: (request) => authorizationUrl(hosts, client, request, SCOPES),
    async exchangeCode(exchange) {
      const grant = await exchangeCode(http, hosts, client, exchange, now);
      const me = await api(grant.accessToken).userInfo();
      return { ...grant, context: { memberUrn: `urn:li:person:${me.sub}` } };
    },
    refresh: (grant) => refresh(http, hosts, client, grant, now),
    async targets(grant) {
      const li = api(grant.accessToken);
      const acls = await li.organizationAcls();
      const organizations = [
        ...new Set(
          acls
            .filter((acl) => acl.state === 'APPROVED' && POSTING_ROLES.has(acl.role))
            .map((a) => a.organization),
        ),
      ];
      const targets: Target[] = [];
      for (const organization of organizations) targets.push(await target(li, organization));
      return targets;
    },
    async publish(account: AccountAccess, post: PostInput): Promise<PublishedPost> {
      const li = api(account.grant.accessToken);
      const uploaded: { id: string; file: MediaFile }[] = [];
      for (const [index, file] of post.media.entries())
        uploaded.push({ id: await media(li, account.externalId, file, post, index), file });
      const body = content(post, uploaded);
      const urn = await li.createPost({
        author: account.externalId,
        commentary: commentary(post),
        visibility: post.options?.visibility ?? 'PUBLIC',
        distribution: {
          feedDistribution: 'MAIN_FEED',
          targetEntities: [],
          thirdPartyDistributionChannels: [],
        },
        lifecycleState: 'PUBLISHED',
        isReshareDisabledByAuthor: false,
        ...(body ? { content: body } : {}),
      });
      return { externalId: urn, url: postUrl(urn) };
    },
    async find(account, post, since) {
      const li = api(account.grant.accessToken);
      const from = Date.parse(since);
      const sent = commentary(post).trim();
      for (let page = 0; page < FIND_MAX_PAGES; page++) {
        const posts = await li.postsByAuthor(account.externalId, page * FIND_PAGE, FIND_PAGE);
        for (const p of posts) {
          // Newest first by creation: one older than the attempt ends the window.
          if (p.createdAt !== undefined && p.createdAt < from) return null;
          if ((p.commentary ?? '').trim() === sent) return { externalId: p.id, url: postUrl(p.id) };
        }
        if (posts.length < FIND_PAGE) return null;
      }
      throw new PlatformError('transient', {
        platform: 'linkedin',
        platformMessage: `more than ${FIND_MAX_PAGES * FIND_PAGE} posts since ${since}: the lookup did not reach its start`,
      });
    },
    async remove(account, externalId) {
      try {
        await api(account.grant.accessToken).deletePost(externalId);
      } catch (error) {
        // Already gone.
        if (isPlatformError(error) && error.detail.status === 404) return;
        throw error;
      }
    },
    /**
     * platforms.md §7 Metrics: the organisation's share statistics for the post (which
     * rw_organization_admin reads, for an ADMINISTRATOR of the page): impressions as views,
     * unique impressions as reach, likes as reactions, comments, shares and clicks as link
     * clicks. What LinkedIn leaves out stays absent; no saves, video views or watch time here.
     */
    async metrics(account, externalId) {
      const counts = await api(account.grant.accessToken).shareStatistics(account.externalId, externalId);
      return {
        views: counts.impressionCount,
        reach: counts.uniqueImpressionsCount,
        reactions: counts.likeCount,
        comments: counts.commentCount,
        shares: counts.shareCount,
        linkClicks: counts.clickCount,
        at: clock.now().toISOString(),
      };
    },
    /** The organisation's followers: networkSizes' firstDegreeSize. */
    async accountMetrics(account) {
      return {
        followers: await api(account.grant.accessToken).followers(account.externalId),
        at: clock.now().toISOString(),
      };
    },
  };
}
