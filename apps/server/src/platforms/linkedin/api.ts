import { z } from '@postdeck/contract/zod';
import type { Clock } from '../../lib/clock.ts';
import { PlatformError } from '../errors.ts';
import { type PlatformHttp, createPlatformHttp } from '../http.ts';
import { LINKEDIN_ERROR_RULES, describeLinkedInError } from './errors.ts';

/** Where LinkedIn answers (platforms.md §7), each its own setting. Upload URLs come in the API's answers. */
export interface LinkedInHosts {
  /** api.linkedin.com: /rest/ (versioned) and /v2/userinfo. */
  api: string;
  /** www.linkedin.com: the consent page. */
  authorize: string;
  /** www.linkedin.com: /oauth/v2/accessToken. */
  token: string;
  /** Where posts and pages are read: /feed/update/{urn}, /company/{vanityName}. */
  web: string;
}

export const DEFAULT_LINKEDIN_HOSTS: LinkedInHosts = {
  api: 'https://api.linkedin.com',
  authorize: 'https://www.linkedin.com',
  token: 'https://www.linkedin.com',
  web: 'https://www.linkedin.com',
};

/** postiz's version (platforms.md §7); LinkedIn keeps a version for a year. */
export const DEFAULT_LINKEDIN_VERSION = '202601';

export interface LinkedInUserInfo {
  sub: string;
  name?: string;
}

export interface LinkedInAcl {
  organization: string;
  role: string;
  state: string;
}

export interface LinkedInOrganization {
  id: number;
  localizedName: string;
  vanityName?: string;
  logoV2?: { original?: string };
}

export interface LinkedInMediaStatus {
  id: string;
  status: 'WAITING_UPLOAD' | 'PROCESSING' | 'AVAILABLE' | 'PROCESSING_FAILED';
  downloadUrl?: string;
  processingFailureReason?: string;
}

const imageUploadSchema = z.object({
  value: z.object({ uploadUrl: z.url(), image: z.string().startsWith('urn:li:image:') }),
});

const videoUploadSchema = z.object({
  value: z.object({
    video: z.string().startsWith('urn:li:video:'),
    uploadInstructions: z
      .array(
        z.object({
          uploadUrl: z.url(),
          firstByte: z.number().int().nonnegative(),
          lastByte: z.number().int().nonnegative(),
        }),
      )
      .min(1),
    // Empty when the video goes in one part (platforms.md §7 Videos).
    uploadToken: z.string(),
  }),
});

/** The new post's URN, in x-restli-id: a share or a ugcPost. */
const postIdSchema = z.string().regex(/^urn:li:(share|ugcPost):\S+$/);

export type LinkedInVideoUpload = z.infer<typeof videoUploadSchema>['value'];

/** LinkedIn's post visibility (platforms.md §7 Publish). */
export type LinkedInVisibility = 'PUBLIC' | 'CONNECTIONS' | 'LOGGED_IN';

export interface LinkedInPost {
  id: string;
  author: string;
  commentary?: string;
  createdAt?: number;
}

/** totalShareStatistics (Organization Share Statistics), the counts the adapter reads. */
export interface LinkedInShareStatistics {
  impressionCount?: number;
  uniqueImpressionsCount?: number;
  clickCount?: number;
  likeCount?: number;
  commentCount?: number;
  shareCount?: number;
}

const networkSizeSchema = z.object({ firstDegreeSize: z.number().int().nonnegative().optional() });

export function createLinkedInHttp(settings: {
  timeoutMs: number;
  fetch?: typeof fetch;
  clock?: Clock;
}): PlatformHttp {
  return createPlatformHttp({
    platform: 'linkedin',
    rules: LINKEDIN_ERROR_RULES,
    describe: describeLinkedInError,
    timeoutMs: settings.timeoutMs,
    fetch: settings.fetch,
    clock: settings.clock,
  });
}

/**
 * A write's answer, checked against what LinkedIn documents: one that does not parse may stand
 * for a write that happened (DESIGN.md §6), so it is an unknown outcome, or 'transient' where the
 * call is safe to repeat.
 */
function answer<T>(schema: z.ZodType<T>, body: unknown, idempotent: boolean, status?: number): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw new PlatformError(idempotent ? 'transient' : 'outcomeUnknown', {
    platform: 'linkedin',
    status,
    platformMessage: `the answer is not the one LinkedIn documents (${parsed.error.issues[0]?.message ?? 'unreadable'})`,
    raw: body,
  });
}

/** Calls as one member: the versioned REST headers on every /rest/ call (platforms.md §7). */
export function linkedInApi(http: PlatformHttp, hosts: LinkedInHosts, version: string, token: string) {
  const auth = { authorization: `Bearer ${token}` };
  const headers = { ...auth, 'linkedin-version': version, 'x-restli-protocol-version': '2.0.0' };
  const rest = (path: string) => new URL(`/rest/${path}`, hosts.api);
  const urn = encodeURIComponent;
  return {
    async userInfo(): Promise<LinkedInUserInfo> {
      const { body } = await http.request({
        method: 'GET',
        url: new URL('/v2/userinfo', hosts.api),
        headers: auth,
      });
      return body as LinkedInUserInfo;
    },
    async organizationAcls(): Promise<LinkedInAcl[]> {
      const { body } = await http.request({
        method: 'GET',
        url: rest('organizationAcls'),
        query: { q: 'roleAssignee', state: 'APPROVED', count: 100 },
        headers,
      });
      return (body as { elements?: LinkedInAcl[] }).elements ?? [];
    },
    async organization(id: string): Promise<LinkedInOrganization> {
      const { body } = await http.request({ method: 'GET', url: rest(`organizations/${urn(id)}`), headers });
      return body as LinkedInOrganization;
    },
    async image(id: string): Promise<LinkedInMediaStatus> {
      const { body } = await http.request({ method: 'GET', url: rest(`images/${urn(id)}`), headers });
      return body as LinkedInMediaStatus;
    },
    async video(id: string): Promise<LinkedInMediaStatus> {
      const { body } = await http.request({ method: 'GET', url: rest(`videos/${urn(id)}`), headers });
      return body as LinkedInMediaStatus;
    },
    /** Uploads nothing points to are dropped unused: every upload call may be repeated ('transient' when lost). */
    async initializeImage(owner: string): Promise<{ uploadUrl: string; image: string }> {
      const { body } = await http.request({
        method: 'POST',
        url: rest('images'),
        query: { action: 'initializeUpload' },
        headers,
        json: { initializeUploadRequest: { owner } },
        idempotent: true,
      });
      return answer(imageUploadSchema, body, true).value;
    },
    async initializeVideo(owner: string, fileSizeBytes: number): Promise<LinkedInVideoUpload> {
      const { body } = await http.request({
        method: 'POST',
        url: rest('videos'),
        query: { action: 'initializeUpload' },
        headers,
        json: {
          initializeUploadRequest: { owner, fileSizeBytes, uploadCaptions: false, uploadThumbnail: false },
        },
        idempotent: true,
      });
      return answer(videoUploadSchema, body, true).value;
    },
    /** A PUT of bytes to an upload URL from an answer; its ETag names the part for finalizeUpload. */
    async put(uploadUrl: string, bytes: Blob): Promise<string | undefined> {
      const { headers: answer } = await http.request({
        method: 'PUT',
        url: uploadUrl,
        headers: { ...auth, 'content-type': 'application/octet-stream' },
        body: bytes,
        idempotent: true,
        as: 'text',
      });
      return answer.get('etag') ?? undefined;
    },
    async finalizeVideo(video: string, uploadToken: string, uploadedPartIds: string[]): Promise<void> {
      await http.request({
        method: 'POST',
        url: rest('videos'),
        query: { action: 'finalizeUpload' },
        headers,
        json: { finalizeUploadRequest: { video, uploadToken, uploadedPartIds } },
        idempotent: true,
        as: 'text',
      });
    },
    /**
     * 201 with an empty body: the post's URN is in x-restli-id; a 2xx without one made the post
     * or not, unknown. Not idempotent: `find` looks for a lost one.
     */
    async createPost(post: unknown): Promise<string> {
      const { headers: answered, status } = await http.request({
        method: 'POST',
        url: rest('posts'),
        headers,
        json: post,
        as: 'text',
      });
      return answer(postIdSchema, answered.get('x-restli-id') ?? undefined, false, status);
    },
    /** One page of the organisation's posts, newest first by creation, so a lookup can stop past its window. */
    async postsByAuthor(author: string, start: number, count: number): Promise<LinkedInPost[]> {
      const { body } = await http.request({
        method: 'GET',
        url: rest('posts'),
        query: { q: 'author', author, start, count, sortBy: 'CREATED' },
        headers,
      });
      return (body as { elements?: LinkedInPost[] }).elements ?? [];
    },
    /** 204, and 204 again for a post already gone (platforms.md §7 Delete); LinkedIn's example sends X-RestLi-Method too. */
    async deletePost(id: string): Promise<void> {
      await http.request({
        method: 'DELETE',
        url: rest(`posts/${urn(id)}`),
        headers: { ...headers, 'x-restli-method': 'DELETE' },
        idempotent: true,
        as: 'text',
      });
    },
    async shareStatistics(organization: string, post: string): Promise<LinkedInShareStatistics> {
      // Rest.li 2.0 lists keep their parentheses bare and each item encoded, which URLSearchParams would not.
      const url = rest('organizationalEntityShareStatistics');
      const list = post.startsWith('urn:li:ugcPost:') ? 'ugcPosts' : 'shares';
      url.search = `q=organizationalEntity&organizationalEntity=${urn(organization)}&${list}=List(${urn(post)})`;
      const { body } = await http.request({ method: 'GET', url, headers });
      const [element] =
        (body as { elements?: { totalShareStatistics?: LinkedInShareStatistics }[] }).elements ?? [];
      return element?.totalShareStatistics ?? {};
    },
    /**
     * An organisation's followers (Organization Lookup: networkSizes with
     * edgeType=COMPANY_FOLLOWED_BY_MEMBER); the follower statistics give no totals any more.
     */
    async followers(organization: string): Promise<number | undefined> {
      const url = rest(`networkSizes/${urn(organization)}`);
      url.search = 'edgeType=COMPANY_FOLLOWED_BY_MEMBER';
      const { body } = await http.request({ method: 'GET', url, headers });
      return answer(networkSizeSchema, body, true).firstDegreeSize;
    },
  };
}

export type LinkedInApi = ReturnType<typeof linkedInApi>;
