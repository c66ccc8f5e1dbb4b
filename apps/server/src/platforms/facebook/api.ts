import { z } from '@postdeck/contract/zod';
import { findSince } from '../graph/find.ts';
import { type GraphEndpoint, type GraphHttp, graphUrl } from '../graph/http.ts';
import { graphId, graphPage, graphReply } from '../graph/reply.ts';

/** What Graph answers for a page's posts (platforms.md §1), only the fields the adapter reads. */
const feedEntry = z.object({
  id: graphId,
  message: z.string().optional(),
  created_time: z.string().optional(),
  permalink_url: z.string().optional(),
});
export type FeedEntry = z.infer<typeof feedEntry>;

/** POST /{page}/feed: `{"id":"{page-id}_{post-id}"}`, with the permalink asked for (read-after-write). */
const created = z.object({ id: graphId, permalink_url: z.string().optional() });

/** POST /{page}/photos: the photo's id, and the post's when it was published. */
const photoCreated = z.object({
  id: graphId,
  post_id: graphId.optional(),
  permalink_url: z.string().optional(),
});

/** The chunked upload's offsets: numeric strings (platforms.md §1 Publish, video, chunked). */
const offset = z.union([z.string().regex(/^\d+$/), z.number().int().nonnegative().transform(String)]);
const offsets = z.object({ start_offset: offset, end_offset: offset });
export type ChunkOffsets = z.infer<typeof offsets>;
const videoSession = offsets.extend({ video_id: graphId, upload_session_id: graphId });

const success = z.object({ success: z.literal(true) });

/**
 * A page video (Graph's Video node): `post_id` is the page post it became, which the feed lists
 * and which the adapter names the post by; `publishing_phase` says whether it was published.
 */
const videoNode = z.object({
  status: z
    .object({
      video_status: z.string().optional(),
      processing_phase: z
        .object({ errors: z.array(z.object({ message: z.string().optional() })) })
        .partial()
        .optional(),
      publishing_phase: z.object({ publish_status: z.string().optional() }).optional(),
    })
    .optional(),
  permalink_url: z.string().optional(),
  post_id: graphId.optional(),
});
export type VideoNode = z.infer<typeof videoNode>;

/**
 * GET /{post}/insights (platforms.md §1 Metrics): `data[{name, period, values[{value}]}]`, a value
 * a number or, for the by-type metrics, an object of numbers by type.
 */
const insightsAnswer = z.object({
  data: z
    .array(
      z.object({
        name: z.string(),
        values: z
          .array(z.object({ value: z.union([z.number(), z.record(z.string(), z.number())]).optional() }))
          .optional(),
      }),
    )
    .default([]),
});
export type InsightsAnswer = z.infer<typeof insightsAnswer>;

/** A post's own counts: `shares` is left out by Graph while nobody shared it. */
const postCounts = z.object({
  shares: z.object({ count: z.number().optional() }).optional(),
  comments: z.object({ summary: z.object({ total_count: z.number().optional() }).optional() }).optional(),
});
export type PostCounts = z.infer<typeof postCounts>;

/** A page's followers_count and fan_count (its likes), as the Page node gives them. */
const pageCounts = z.object({
  followers_count: z.number().int().nonnegative().optional(),
  fan_count: z.number().int().nonnegative().optional(),
});
export type PageCounts = z.infer<typeof pageCounts>;

/**
 * The page calls, as the page: its token in the access_token parameter (platforms.md §1 Publish).
 * Video uploads go to the video host (graph-video.facebook.com), everything else to the API's.
 * Every write's answer is parsed (graph/reply.ts).
 */
export function pageApi(http: GraphHttp, graph: GraphEndpoint, video: GraphEndpoint, token: string) {
  const auth = { access_token: token };
  return {
    /** Read-after-write: the permalink comes with the id (platforms.md §1 Publish). */
    async postFeed(pageId: string, form: Record<string, string | undefined>): Promise<FeedEntry> {
      const { body } = await http.request({
        method: 'POST',
        url: graphUrl(graph, `${pageId}/feed`),
        query: { ...auth, fields: 'id,permalink_url' },
        form,
      });
      return graphReply('facebook', created, body);
    },
    /** Published: a post (post_id); unpublished, for attached_media: a photo nothing shows yet. */
    async postPhoto(pageId: string, form: FormData, published: boolean) {
      const { body } = await http.request({
        method: 'POST',
        url: graphUrl(graph, `${pageId}/photos`),
        query: { ...auth, fields: 'id,post_id,permalink_url' },
        body: form,
        // An unpublished photo shows nowhere: sending it again after a lost answer does no harm.
        idempotent: !published,
      });
      return graphReply('facebook', photoCreated, body, !published);
    },
    /** upload_phase=start: the video's id, the session and the first chunk's offsets. */
    async startVideo(pageId: string, fileSize: number) {
      const { body } = await http.request({
        method: 'POST',
        url: graphUrl(video, `${pageId}/videos`),
        query: auth,
        form: { upload_phase: 'start', file_size: fileSize },
        // A session nothing finishes publishes nothing.
        idempotent: true,
      });
      return graphReply('facebook', videoSession, body, true);
    },
    /** upload_phase=transfer: one chunk at its offset; sent again, it lands at the same place. */
    async transferChunk(pageId: string, form: FormData): Promise<ChunkOffsets> {
      const { body } = await http.request({
        method: 'POST',
        url: graphUrl(video, `${pageId}/videos`),
        query: auth,
        body: form,
        idempotent: true,
      });
      return graphReply('facebook', offsets, body, true);
    },
    /** upload_phase=finish: publishes the video. */
    async finishVideo(pageId: string, form: Record<string, string | undefined>): Promise<void> {
      const { body } = await http.request({
        method: 'POST',
        url: graphUrl(video, `${pageId}/videos`),
        query: auth,
        form: { ...form, upload_phase: 'finish' },
      });
      graphReply('facebook', success, body);
    },
    /** The simple upload: Graph fetches the file from `file_url` and publishes it; the video's id. */
    async videoFromUrl(pageId: string, form: Record<string, string | undefined>): Promise<string> {
      const { body } = await http.request({
        method: 'POST',
        url: graphUrl(video, `${pageId}/videos`),
        query: auth,
        form,
      });
      return graphReply('facebook', created, body).id;
    },
    async videoNode(videoId: string): Promise<VideoNode> {
      const { body } = await http.request({
        method: 'GET',
        url: graphUrl(graph, videoId),
        query: { ...auth, fields: 'status,permalink_url,post_id' },
      });
      return graphReply('facebook', videoNode, body, true);
    },
    /** The page's post made since `since` that `matches`, looked for in its feed (reconciling a lost answer). */
    findInFeed(pageId: string, since: Date, matches: (entry: FeedEntry) => boolean) {
      return findSince({
        platform: 'facebook',
        since,
        query: {
          fields: 'id,message,created_time,permalink_url',
          since: Math.floor(since.getTime() / 1000),
          limit: 100,
        },
        page: async (query) => {
          const { body } = await http.request({
            method: 'GET',
            url: graphUrl(graph, `${pageId}/feed`),
            query: { ...query, ...auth },
          });
          return graphReply('facebook', graphPage(feedEntry), body, true);
        },
        at: (entry) => entry.created_time,
        matches,
      });
    },
    /** Deleting a post or a video; a second try finds nothing (100/33), which the adapter takes as done. */
    async remove(id: string): Promise<void> {
      const { body } = await http.request({
        method: 'DELETE',
        url: graphUrl(graph, id),
        query: auth,
        idempotent: true,
      });
      graphReply('facebook', success, body, true);
    },
    async insights(id: string, metrics: readonly string[]): Promise<InsightsAnswer> {
      const { body } = await http.request({
        method: 'GET',
        url: graphUrl(graph, `${id}/insights`),
        query: { ...auth, metric: metrics.join(',') },
      });
      return graphReply('facebook', insightsAnswer, body, true);
    },
    /** Shares and the comment count: what insights do not give. */
    async counts(id: string): Promise<PostCounts> {
      const { body } = await http.request({
        method: 'GET',
        url: graphUrl(graph, id),
        query: { ...auth, fields: 'shares,comments.limit(0).summary(true)' },
      });
      return graphReply('facebook', postCounts, body, true);
    },
    /** The page's followers and likes (the Page node's followers_count and fan_count). */
    async pageCounts(pageId: string): Promise<PageCounts> {
      const { body } = await http.request({
        method: 'GET',
        url: graphUrl(graph, pageId),
        query: { ...auth, fields: 'followers_count,fan_count' },
      });
      return graphReply('facebook', pageCounts, body, true);
    },
  };
}
