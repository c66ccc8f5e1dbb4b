import { z } from '@postdeck/contract/zod';
import { findSince } from '../graph/find.ts';
import { type GraphEndpoint, type GraphHttp, graphUrl } from '../graph/http.ts';
import { graphId, graphPage, graphReply } from '../graph/reply.ts';

/** POST /{ig-user-id}/media and /media_publish answer `{"id"}` (platforms.md §2 Publish). */
const created = z.object({ id: graphId });

/** A container's state (platforms.md §2 Publish step 2); a status_code Graph adds later reads as still processing. */
const containerState = z.object({ status_code: z.string().optional(), status: z.string().optional() });
export type ContainerState = z.infer<typeof containerState>;

/** One of the account's media, as GET /{ig-user-id}/media lists them. */
const mediaItem = z.object({
  id: graphId,
  caption: z.string().optional(),
  timestamp: z.string().optional(),
  permalink: z.string().optional(),
});
export type MediaItem = z.infer<typeof mediaItem>;

/** GET /{ig-media-id}/insights (platforms.md §2 Metrics): `data[{name, period, values[{value}]}]`. */
const mediaInsights = z.object({
  data: z
    .array(
      z.object({
        name: z.string(),
        values: z.array(z.object({ value: z.number().optional() })).optional(),
      }),
    )
    .default([]),
});
export type MediaInsights = z.infer<typeof mediaInsights>;

/** The IG user's followers_count. */
const userCounts = z.object({ followers_count: z.number().int().nonnegative().optional() });

/**
 * Instagram's content publishing calls (platforms.md §2 Publish), with the linked page's token
 * in the access_token parameter, on the Graph host (the Facebook Login flavour).
 */
export function instagramApi(http: GraphHttp, graph: GraphEndpoint, token: string) {
  const auth = { access_token: token };
  return {
    /** A container publishes nothing until media_publish: one sent again after a lost answer only expires unused. */
    async createContainer(igUserId: string, form: Record<string, string | undefined>): Promise<string> {
      const { body } = await http.request({
        method: 'POST',
        url: graphUrl(graph, `${igUserId}/media`),
        query: auth,
        form,
        idempotent: true,
      });
      return graphReply('instagram', created, body, true).id;
    },
    async container(id: string): Promise<ContainerState> {
      const { body } = await http.request({
        method: 'GET',
        url: graphUrl(graph, id),
        query: { ...auth, fields: 'status_code,status' },
      });
      return graphReply('instagram', containerState, body, true);
    },
    async publish(igUserId: string, containerId: string): Promise<string> {
      const { body } = await http.request({
        method: 'POST',
        url: graphUrl(graph, `${igUserId}/media_publish`),
        query: auth,
        form: { creation_id: containerId },
      });
      return graphReply('instagram', created, body).id;
    },
    /** The account's media made since `since` that `matches`, newest first (reconciling a lost media_publish). */
    findMedia(igUserId: string, since: Date, matches: (item: MediaItem) => boolean) {
      return findSince({
        platform: 'instagram',
        since,
        query: { fields: 'id,caption,timestamp,permalink', limit: 50 },
        page: async (query) => {
          const { body } = await http.request({
            method: 'GET',
            url: graphUrl(graph, `${igUserId}/media`),
            query: { ...query, ...auth },
          });
          return graphReply('instagram', graphPage(mediaItem), body, true);
        },
        at: (item) => item.timestamp,
        matches,
      });
    },
    async permalink(mediaId: string): Promise<string | undefined> {
      const { body } = await http.request({
        method: 'GET',
        url: graphUrl(graph, mediaId),
        query: { ...auth, fields: 'permalink' },
      });
      return (body as { permalink?: string }).permalink;
    },
    /** platforms.md §2 Rate limits: the moving 24 hours' usage (field names [unverified]). */
    async publishingLimit(
      igUserId: string,
    ): Promise<{ quota_usage?: number; config?: { quota_total?: number } }> {
      const { body } = await http.request({
        method: 'GET',
        url: graphUrl(graph, `${igUserId}/content_publishing_limit`),
        query: { ...auth, fields: 'quota_usage,config' },
      });
      return (
        (body as { data?: { quota_usage?: number; config?: { quota_total?: number } }[] }).data?.[0] ?? {}
      );
    },
    async insights(mediaId: string, metrics: readonly string[]): Promise<MediaInsights> {
      const { body } = await http.request({
        method: 'GET',
        url: graphUrl(graph, `${mediaId}/insights`),
        query: { ...auth, metric: metrics.join(',') },
      });
      return graphReply('instagram', mediaInsights, body, true);
    },
    /** The account's followers (the IG user node's followers_count). */
    async followers(igUserId: string): Promise<number | undefined> {
      const { body } = await http.request({
        method: 'GET',
        url: graphUrl(graph, igUserId),
        query: { ...auth, fields: 'followers_count' },
      });
      return graphReply('instagram', userCounts, body, true).followers_count;
    },
  };
}
