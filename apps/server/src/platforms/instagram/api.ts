import { type GraphEndpoint, type GraphHttp, graphUrl } from '../graph/http.ts';

export interface ContainerState {
  status_code?: 'IN_PROGRESS' | 'FINISHED' | 'PUBLISHED' | 'ERROR' | 'EXPIRED';
  status?: string;
}

export interface MediaInsights {
  data?: { name: string; values?: { value?: unknown }[] }[];
}

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
      return (body as { id: string }).id;
    },
    async container(id: string): Promise<ContainerState> {
      const { body } = await http.request({
        method: 'GET',
        url: graphUrl(graph, id),
        query: { ...auth, fields: 'status_code,status' },
      });
      return body as ContainerState;
    },
    async publish(igUserId: string, containerId: string): Promise<string> {
      const { body } = await http.request({
        method: 'POST',
        url: graphUrl(graph, `${igUserId}/media_publish`),
        query: auth,
        form: { creation_id: containerId },
      });
      return (body as { id: string }).id;
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
      return body as MediaInsights;
    },
  };
}
