import type { Clock } from '../../lib/clock.ts';
import type { ErrorRule } from '../errors.ts';
import { GOOGLE_OAUTH_RULES, describeGoogleError, untilPacificMidnight } from '../google/errors.ts';
import type { Describe } from '../http.ts';

/**
 * YouTube's error table (platforms.md §3 Errors), by the reason Google gives: quota and rate
 * limits wait; a scope the user unticked, or an account with no channel, needs a new consent;
 * a missing or unreadable file is the media's fault; the field checks (invalidTitle,
 * invalidDescription...) and forbidden fall back on the status: refused. 401 (authError,
 * expired) is reauthorize and 5xx (internalError, backendError) transient by status.
 */
export const YOUTUBE_ERROR_RULES: readonly ErrorRule[] = [
  {
    code: ['quotaExceeded', 'rateLimitExceeded', 'userRateLimitExceeded', 'uploadLimitExceeded'],
    kind: 'rateLimited',
  },
  {
    code: ['insufficientPermissions', 'ACCESS_TOKEN_SCOPE_INSUFFICIENT', 'youtubeSignupRequired'],
    kind: 'reauthorize',
  },
  { code: ['mediaBodyRequired', 'invalidImage'], kind: 'mediaInvalid' },
  ...GOOGLE_OAUTH_RULES,
];

/** Google's envelope; a spent daily quota waits until it resets at midnight Pacific time (§3 Quota). */
export function describeYoutubeError(clock: Clock): Describe {
  return (body, status) => {
    const facts = describeGoogleError(body, status);
    if (facts?.code === 'quotaExceeded') return { ...facts, retryAfterMs: untilPacificMidnight(clock.now()) };
    return facts;
  };
}
