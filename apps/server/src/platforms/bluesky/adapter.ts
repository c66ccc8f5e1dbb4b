import { type AppBskyFeedPost, RichText } from '@atproto/api';
import { systemClock } from '../../lib/clock.ts';
import type { AccountAccess, Grant, PlatformAdapter, PostInput, PublishedPost, Target } from '../adapter.ts';
import { PlatformError, isPlatformError } from '../errors.ts';
import { withLink } from '../media-blob.ts';
import { type BlueskyClientSettings, blueskyClient } from './client.ts';
import { aspectRatio, checkMedia, uploadBlob } from './media.ts';
import { recordKeyFor, recordKeyOf } from './record-key.ts';
import { type BlueskyContext, blueskyContext, createSession, refreshSession } from './session.ts';
import { uploadVideo } from './video.ts';
import { type AdapterCallSettings, type PollingSettings, polling } from '../settings.ts';
import { DEFAULT_BLUESKY_HOSTS } from './hosts.ts';

export { DEFAULT_BLUESKY_HOSTS };

/** Polls check a video job. */
export interface BlueskyAdapterSettings extends AdapterCallSettings, PollingSettings {
  service?: string;
  appUrl?: string;
  videoService?: string;
  appView?: string;
}

export interface BlueskyAdapter extends PlatformAdapter {
  /** The connect step: a handle (or email) and an app password, signed in once; the grant to keep. */
  signIn(identifier: string, appPassword: string): Promise<Grant>;
}

const POST = 'app.bsky.feed.post';
/** The progress entry of a video's job at the video service. */
const VIDEO_JOB = 'videoJob';

/**
 * Bluesky (platforms.md §9) through @atproto/api, every host a setting. A grant is an
 * app-password session (session.ts); an account's one target is itself. Posts get a record key
 * made from the idempotency key (record-key.ts), so a repeated publish finds the first post
 * instead of making a second, and find() looks there too. Text carries its links and mentions as
 * facets (RichText); images go up as blobs with alt text and aspect ratio, a video through the
 * video service (video.ts), its job's id told to onProgress and asked about again on a later
 * attempt. A post's link goes into the text (a facet): a link card would need
 * the page's title and image, fetched by us. Metrics come from the appview's getPosts (no
 * impressions there: likes are reactions, reposts and quotes count as shares, replies as
 * comments, bookmarks as saves; a count the appview leaves out stays absent, never 0), and the
 * account's followers from its getProfile.
 */
export function createBlueskyAdapter(settings: BlueskyAdapterSettings = {}): BlueskyAdapter {
  const clock = settings.clock ?? systemClock;
  const service = settings.service ?? DEFAULT_BLUESKY_HOSTS.service;
  const appUrl = settings.appUrl ?? DEFAULT_BLUESKY_HOSTS.appUrl;
  const client: BlueskyClientSettings = {
    timeoutMs: settings.timeoutMs ?? 60_000,
    fetch: settings.fetch,
    clock,
  };
  const video = {
    ...client,
    videoService: settings.videoService ?? DEFAULT_BLUESKY_HOSTS.videoService,
    ...polling(settings, { pollIntervalMs: 2_000, maxPolls: 90 }),
  };

  const appView = settings.appView ?? DEFAULT_BLUESKY_HOSTS.appView;

  const pds = (grant: Grant) => {
    const context = blueskyContext(grant);
    return { context, ...blueskyClient(client, context.pds, grant.accessToken) };
  };
  const published = (context: BlueskyContext, uri: string): PublishedPost => ({
    externalId: uri,
    url: `${appUrl}/profile/${context.handle}/post/${recordKeyOf(uri)}`,
  });

  /** The post at this record key, if there is one. */
  async function existing(account: AccountAccess, rkey: string): Promise<PublishedPost | null> {
    const { context, call } = pds(account.grant);
    try {
      const { data } = await call((agent) =>
        agent.com.atproto.repo.getRecord({ repo: context.did, collection: POST, rkey }),
      );
      return published(context, data.uri);
    } catch (error) {
      if (isPlatformError(error) && error.detail.platformCode === 'RecordNotFound') return null;
      throw error;
    }
  }

  async function embedFor(
    account: AccountAccess,
    post: PostInput,
  ): Promise<AppBskyFeedPost.Record['embed'] | undefined> {
    const { context, agent, call } = pds(account.grant);
    const videoFile = post.media.find((file) => file.kind === 'video');
    if (videoFile) {
      const blob = await uploadVideo(
        video,
        { ...context, accessToken: account.grant.accessToken },
        videoFile,
        {
          earlier: post.progress?.[VIDEO_JOB],
          started: async (jobId) => {
            await post.onProgress?.({ [VIDEO_JOB]: jobId });
          },
        },
      );
      return {
        $type: 'app.bsky.embed.video',
        video: blob,
        ...(videoFile.altText ? { alt: videoFile.altText } : {}),
        ...(aspectRatio(videoFile) ? { aspectRatio: aspectRatio(videoFile) } : {}),
      };
    }
    if (post.media.length === 0) return undefined;
    const images = [];
    for (const file of post.media) {
      const image = await call(() => uploadBlob(agent, file));
      images.push({
        alt: file.altText ?? '',
        image,
        ...(aspectRatio(file) ? { aspectRatio: aspectRatio(file) } : {}),
      });
    }
    return { $type: 'app.bsky.embed.images', images };
  }

  return {
    platform: 'bluesky',
    signIn: (identifier, appPassword) => createSession(client, service, identifier, appPassword),
    refresh: (grant) => refreshSession(client, grant),
    async targets(grant): Promise<Target[]> {
      const { context, call } = pds(grant);
      const { data: repo } = await call((agent) =>
        agent.com.atproto.repo.describeRepo({ repo: context.did }),
      );
      const profile = await call((agent) =>
        agent.com.atproto.repo.getRecord({
          repo: context.did,
          collection: 'app.bsky.actor.profile',
          rkey: 'self',
        }),
      ).catch((error: unknown) => {
        // An account that never edited its profile has no record.
        if (isPlatformError(error) && error.detail.platformCode === 'RecordNotFound') return undefined;
        throw error;
      });
      const value = profile?.data.value as
        { displayName?: string; avatar?: { ref?: { toString(): string } } } | undefined;
      const avatar = value?.avatar?.ref?.toString();
      return [
        {
          externalId: context.did,
          name: value?.displayName || repo.handle,
          handle: `@${repo.handle}`,
          avatarUrl: avatar
            ? `${context.pds}/xrpc/com.atproto.sync.getBlob?did=${encodeURIComponent(context.did)}&cid=${avatar}`
            : undefined,
          profileUrl: `${appUrl}/profile/${repo.handle}`,
        },
      ];
    },
    async publish(account, post) {
      checkMedia(post.media);
      const { context, agent, call } = pds(account.grant);
      const rkey = recordKeyFor(post.idempotencyKey);
      const text = new RichText({ text: withLink(post.text, post.link) });
      // Mentions resolve their handles to DIDs through the PDS; links need no call.
      await call(() => text.detectFacets(agent));
      const embed = await embedFor(account, post);
      const record: AppBskyFeedPost.Record = {
        $type: POST,
        text: text.text,
        createdAt: clock.now().toISOString(),
        ...(text.facets?.length ? { facets: text.facets } : {}),
        ...(embed ? { embed } : {}),
      };
      try {
        const { data } = await call((a) =>
          a.com.atproto.repo.createRecord({ repo: context.did, collection: POST, rkey, record }),
        );
        return published(context, data.uri);
      } catch (error) {
        // The record key is ours, so whether the post exists is one question away: a key already
        // used answers 500 (the PDS's unique constraint) and the first attempt's post is there;
        // a 5xx or an unreadable answer may have come after the write. Only a post found settles
        // it: a lost answer's write may land later, so finding none leaves the error as it is.
        if (isPlatformError(error) && error.kind !== 'reauthorize' && error.kind !== 'rateLimited') {
          const first = await existing(account, rkey).catch(() => null);
          if (first) return first;
        }
        throw error;
      }
    },
    find: (account, post) => existing(account, recordKeyFor(post.idempotencyKey)),
    async metrics(_account, externalId) {
      const { call } = blueskyClient(client, appView);
      const { data } = await call((agent) => agent.app.bsky.feed.getPosts({ uris: [externalId] }));
      const view = data.posts.find((p) => p.uri === externalId);
      if (!view)
        throw new PlatformError('rejected', {
          platform: 'bluesky',
          platformMessage: 'the appview does not have this post (deleted, or not indexed yet)',
        });
      return {
        reactions: view.likeCount,
        shares: sum(view.repostCount, view.quoteCount),
        comments: view.replyCount,
        saves: view.bookmarkCount,
        at: clock.now().toISOString(),
      };
    },
    /** The account's followersCount from the appview's getProfile (public, as getPosts). */
    async accountMetrics(account) {
      const { call } = blueskyClient(client, appView);
      const { data } = await call((agent) => agent.app.bsky.actor.getProfile({ actor: account.externalId }));
      return { followers: data.followersCount, at: clock.now().toISOString() };
    },
    async remove(account, externalId) {
      const { context, call } = pds(account.grant);
      try {
        await call((agent) =>
          agent.com.atproto.repo.deleteRecord({
            repo: context.did,
            collection: POST,
            rkey: recordKeyOf(externalId),
          }),
        );
      } catch (error) {
        // The PDS answers a missing record's deletion with success; others may say it is gone.
        if (isPlatformError(error) && error.detail.platformCode === 'RecordNotFound') return;
        throw error;
      }
    },
  };
}

/** Counts added up, absent when the appview gave none of them. */
function sum(...counts: (number | undefined)[]): number | undefined {
  const given = counts.filter((count) => count !== undefined);
  return given.length === 0 ? undefined : given.reduce((total, count) => total + count, 0);
}
