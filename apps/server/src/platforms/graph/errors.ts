import { type ErrorRule, isPlatformError } from '../errors.ts';
import type { Describe } from '../http.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * Graph's error table, for Facebook Pages and Instagram alike (platforms.md §1 and §2 Errors),
 * first match wins:
 * - the token is gone (190 with any subcode, 102 session, a revoked token in words) or the grant
 *   lacks a permission (10, 200-299): only connecting again helps;
 * - throttling (4, 17, 32, 613, 80000-80009, 80014; Instagram's daily publishing cap 2207042;
 *   Facebook's "posting too fast" 1390008): wait;
 * - files Graph could not fetch, read or take (the video upload's 6000, 382, 389; 1366046;
 *   Instagram's media subcodes): mediaInvalid;
 * - 1 and 2 (Graph's "unknown error", "service unavailable"): transient for a read, except a
 *   wrong client secret, which is ours to fix; a write gets GRAPH_WRITE_ERROR_RULES;
 * - 6001 and Instagram's upload and container failures: transient. They are not generic: each
 *   names the step that failed (the video's upload, a container not made, expired or not ready,
 *   media_publish refused), so nothing was published;
 * - the rest (100 invalid parameter, 368 policy block, 506 duplicate, 1609005 link, spam,
 *   caption too long...) is a refusal, which the status gives by itself.
 */
const CLIENT_SECRET: ErrorRule = { code: 1, message: /client secret/i, kind: 'rejected' };

export const GRAPH_ERROR_RULES: readonly ErrorRule[] = [
  CLIENT_SECRET,
  { code: [190, 102], kind: 'reauthorize' },
  { message: /REVOKED_ACCESS_TOKEN|session has been invalidated/i, kind: 'reauthorize' },
  { code: [10, ...range(200, 299)], kind: 'reauthorize' },
  { code: [4, 17, 32, 613, ...range(80000, 80009), 80014], kind: 'rateLimited' },
  { subcode: [2207042, 1390008], kind: 'rateLimited' },
  { code: [382, 389, 6000], kind: 'mediaInvalid' },
  {
    subcode: [
      1366046, 2207003, 2207004, 2207005, 2207009, 2207026, 2207052, 2207023, 2207028, 2207057, 2207077,
      36001, 36003,
    ],
    kind: 'mediaInvalid',
  },
  { code: [1, 2, 6001], kind: 'transient' },
  { subcode: [2207008, 2207020, 2207027, 2207032, 2207053, 2207082], kind: 'transient' },
];

/**
 * A write's table: Graph's generic codes say nothing of whether the write happened (platforms.md
 * §1 names no error that guarantees it did not), so they are outcomeUnknown whatever the status;
 * a 5xx without a code Graph names falls to the shared helper's rule (outcomeUnknown).
 */
export const GRAPH_WRITE_ERROR_RULES: readonly ErrorRule[] = [
  CLIENT_SECRET,
  { code: [1, 2], kind: 'outcomeUnknown' },
  ...GRAPH_ERROR_RULES,
];

interface GraphErrorBody {
  error?: {
    message?: unknown;
    code?: unknown;
    error_subcode?: unknown;
    error_user_msg?: unknown;
  };
}

/**
 * `{"error":{"message","type","code","error_subcode","error_user_title","error_user_msg","fbtrace_id"}}`
 * on any error status. The message kept is error_user_msg where Graph wrote one for people
 * ("The media could not be fetched from this uri: ..."), else its message.
 */
export const describeGraphError: Describe = (body, status) => {
  const error = (body as GraphErrorBody | null | undefined)?.error;
  if (!error || typeof error !== 'object') return status >= 400 ? {} : undefined;
  const number = (value: unknown) =>
    typeof value === 'number' || typeof value === 'string' ? value : undefined;
  const message =
    typeof error.error_user_msg === 'string' && error.error_user_msg
      ? error.error_user_msg
      : typeof error.message === 'string'
        ? error.message
        : undefined;
  return { code: number(error.code), subcode: number(error.error_subcode), message };
};

/** Graph's "no such object" (100/33): deleted before, or never made (a video upload never finished). */
export function isUnknownObject(error: unknown): boolean {
  return (
    isPlatformError(error) && error.detail.platformCode === '100' && error.detail.platformSubcode === '33'
  );
}
