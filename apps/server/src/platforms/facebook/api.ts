import { type GraphEndpoint, type GraphHttp, graphUrl } from '../graph/http.ts';

/** What Graph answers for a page's posts (platforms.md §1), only the fields the adapter reads. */
export interface FeedEntry {
  id: string;
  message?: string;
  created_time?: string;
  permalink_url?: string;
}

export interface VideoStatus {
  status?: { video_status?: string; processing_phase?: { errors?: { message?: string }[] } };
  permalink_url?: string;
}

export interface InsightsAnswer {
  data?: { name: string; values?: { value?: unknown }[] }[];
}

export interface PostCounts {
  shares?: { count?: number };
  comments?: { summary?: { total_count?: number } };
}

export interface ChunkOffsets {
  start_offset: string;
  end_offset: string;
}

/**
 * The page calls, as the page: its token in the access_token parameter (platforms.md §1 Publish).
 * Video uploads go to the video host (graph-video.facebook.com), everything else to the API's.
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
      return body as FeedEntry;
    },
    /** Published: a post (post_id); unpublished, for attached_media: a photo nothing shows yet. */
    async postPhoto(
      pageId: string,
      form: FormData,
      published: boolean,
    ): Promise<{ id: string; post_id?: string; permalink_url?: string }> {
      const { body } = await http.request({
        method: 'POST',
        url: graphUrl(graph, `${pageId}/photos`),
        query: { ...auth, fields: 'id,post_id,permalink_url' },
        body: form,
        // An unpublished photo shows nowhere: sending it again after a lost answer does no harm.
        idempotent: !published,
      });
      return body as { id: string; post_id?: string; permalink_url?: string };
    },
    /** upload_phase=start: the video's id, the session and the first chunk's offsets. */
    async startVideo(
      pageId: string,
      fileSize: number,
    ): Promise<ChunkOffsets & { video_id: string; upload_session_id: string }> {
      const { body } = await http.request({
        method: 'POST',
        url: graphUrl(video, `${pageId}/videos`),
        query: auth,
        form: { upload_phase: 'start', file_size: fileSize },
        // A session nothing finishes publishes nothing.
        idempotent: true,
      });
      return body as ChunkOffsets & { video_id: string; upload_session_id: string };
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
      return body as ChunkOffsets;
    },
    /** upload_phase=finish: publishes the video; its post is the video's id. */
    async finishVideo(pageId: string, form: Record<string, string | undefined>): Promise<void> {
      await http.request({
        method: 'POST',
        url: graphUrl(video, `${pageId}/videos`),
        query: auth,
        form: { ...form, upload_phase: 'finish' },
      });
    },
    async videoStatus(videoId: string): Promise<VideoStatus> {
      const { body } = await http.request({
        method: 'GET',
        url: graphUrl(graph, videoId),
        query: { ...auth, fields: 'status,permalink_url' },
      });
      return body as VideoStatus;
    },
    /** The page's recent posts (reconciling a lost answer). */
    async feed(pageId: string, since: Date): Promise<FeedEntry[]> {
      const { body } = await http.request({
        method: 'GET',
        url: graphUrl(graph, `${pageId}/feed`),
        query: {
          ...auth,
          fields: 'id,message,created_time,permalink_url',
          since: Math.floor(since.getTime() / 1000),
          limit: 100,
        },
      });
      return (body as { data?: FeedEntry[] }).data ?? [];
    },
    /** Deleting a post or a video; a second try finds nothing (100/33), which the adapter takes as done. */
    async remove(id: string): Promise<void> {
      await http.request({ method: 'DELETE', url: graphUrl(graph, id), query: auth, idempotent: true });
    },
    async insights(id: string, metrics: readonly string[]): Promise<InsightsAnswer> {
      const { body } = await http.request({
        method: 'GET',
        url: graphUrl(graph, `${id}/insights`),
        query: { ...auth, metric: metrics.join(',') },
      });
      return body as InsightsAnswer;
    },
    /** Shares and the comment count: what insights do not give. */
    async counts(id: string): Promise<PostCounts> {
      const { body } = await http.request({
        method: 'GET',
        url: graphUrl(graph, id),
        query: { ...auth, fields: 'shares,comments.limit(0).summary(true)' },
      });
      return body as PostCounts;
    },
  };
}
