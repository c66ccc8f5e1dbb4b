import type { ErrorRule } from '../errors.ts';
import type { Describe } from '../http.ts';

/**
 * What Google's answers say (platforms.md §3 Errors, §11 Errors): the API envelope
 * `{"error": {code, message, status, errors[{reason}], details[{reason}]}}`, whose reason (the
 * legacy `errors[].reason` of the YouTube API, or ErrorInfo's of the gRPC transcodings) becomes
 * the code and `status` the subcode; or the OAuth endpoints' `{error, error_description}`.
 * 2xx answers carry no error at Google.
 */
export const describeGoogleError: Describe = (body, status) => {
  if (status < 400) return undefined;
  const error = (body as { error?: unknown; error_description?: unknown } | null | undefined)?.error;
  if (typeof error === 'string') {
    const description = (body as { error_description?: unknown }).error_description;
    return { code: error, message: typeof description === 'string' ? description : error };
  }
  if (!error || typeof error !== 'object') return {};
  const envelope = error as {
    message?: unknown;
    status?: unknown;
    errors?: { reason?: unknown }[];
    details?: { reason?: unknown }[];
  };
  const reason = [...(envelope.errors ?? []), ...(envelope.details ?? [])]
    .map((e) => e.reason)
    .find((r): r is string => typeof r === 'string' && r !== '');
  const statusName = typeof envelope.status === 'string' ? envelope.status : undefined;
  return {
    code: reason ?? statusName,
    subcode: statusName,
    message: typeof envelope.message === 'string' ? envelope.message : undefined,
  };
};

/**
 * The token endpoint's refusals (§11 OAuth): a dead refresh token needs the user; a client
 * Google does not know is our configuration, not the user's (the status alone, 401, would say
 * reauthorize). Other invalid_grant answers (a used or wrong code) are refusals of that call.
 */
export const GOOGLE_OAUTH_RULES: readonly ErrorRule[] = [
  { code: 'invalid_grant', message: /expired or revoked/i, kind: 'reauthorize' },
  { code: ['invalid_client', 'unauthorized_client'], kind: 'rejected' },
];

const pacificClock = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Los_Angeles',
  hourCycle: 'h23',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/**
 * Milliseconds to the next midnight Pacific time, when Google's daily quotas reset (§3 Quota,
 * §11 Quota). On the two days a year the clocks change it is an hour off, which only moves a
 * retry by that hour.
 */
export function untilPacificMidnight(now: Date): number {
  const parts = Object.fromEntries(pacificClock.formatToParts(now).map((p) => [p.type, Number(p.value)]));
  const sinceMidnight =
    ((parts['hour'] ?? 0) * 3600 + (parts['minute'] ?? 0) * 60 + (parts['second'] ?? 0)) * 1000;
  return 86_400_000 - sinceMidnight - now.getUTCMilliseconds();
}
