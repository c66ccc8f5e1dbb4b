import type { ErrorRule } from '../errors.ts';
import type { Describe } from '../http.ts';

/**
 * TikTok's error table (platforms.md §10 Errors). Every answer carries
 * `{"error":{"code","message","log_id"}}`, "ok" when it went well, and some failures come with
 * HTTP 200, so the code decides, not the status:
 * - access_token_invalid, and a scope the user did not grant: connect again;
 * - rate_limit_exceeded (6 inits a minute per token), and the daily and pending-share caps: later;
 * - spam controls, the app's caps, a privacy level the creator lacks, unverified URLs: refused;
 * - a publish that ended FAILED, by its fail_reason: the file checks and pulls are the media's
 *   fault, auth_removed the grant's, internal TikTok's own (the publish ended: nothing was posted).
 * An HTTP 500 `internal_error` claims no rule: platforms.md has nothing saying TikTok wrote
 * nothing then, so the status decides (transient for a read, an unknown outcome for an init).
 * Login Kit's token endpoint answers `{"error","error_description","log_id"}`: refusals are
 * 'rejected' here; the adapter's refresh turns them into 'reauthorize'.
 */
export const TIKTOK_ERROR_RULES: readonly ErrorRule[] = [
  {
    code: ['access_token_invalid', 'scope_not_authorized', 'scope_permission_missed', 'auth_removed'],
    kind: 'reauthorize',
  },
  {
    code: ['rate_limit_exceeded', 'spam_risk_too_many_posts', 'spam_risk_too_many_pending_share'],
    kind: 'rateLimited',
  },
  {
    code: [
      'file_format_check_failed',
      'duration_check_failed',
      'frame_rate_check_failed',
      'picture_size_check_failed',
      'video_pull_failed',
      'photo_pull_failed',
    ],
    kind: 'mediaInvalid',
  },
  { code: 'internal', kind: 'transient' },
];

/** 6 requests a minute per token on the init endpoints (platforms.md §10 Rate limits): a minute frees the window. */
const RATE_WINDOW_MS = 60_000;

interface TikTokErrorBody {
  error?: unknown;
  error_description?: unknown;
}

/** The envelope's error (none when its code is "ok"), or Login Kit's `{error, error_description}`. */
export const describeTikTokError: Describe = (body, status) => {
  const error = (body as TikTokErrorBody | null | undefined)?.error;
  if (error && typeof error === 'object') {
    const { code, message } = error as { code?: unknown; message?: unknown };
    if (code === 'ok' && status < 400) return undefined;
    return {
      code: typeof code === 'string' ? code : undefined,
      message: typeof message === 'string' && message !== '' ? message : undefined,
      retryAfterMs: code === 'rate_limit_exceeded' ? RATE_WINDOW_MS : undefined,
    };
  }
  if (typeof error === 'string') {
    const description = (body as TikTokErrorBody).error_description;
    return { code: error, message: typeof description === 'string' ? description : undefined };
  }
  return status >= 400 ? {} : undefined;
};
