import { XRPCError } from '@atproto/api';
import { type ErrorRule, PlatformError, classify, isPlatformError } from '../errors.ts';
import type { Describe } from '../http.ts';
import { retryAfterMs } from '../retry-after.ts';

/**
 * Bluesky's error table (platforms.md §9 Errors), by XRPC error name first: a session that is
 * expired, unverifiable, missing or whose account is gone needs the user (the PDS answers these
 * with 400 as often as 401); the rate limit; a file too big for the PDS (413 PayloadTooLarge, or
 * BlobTooLarge) or a record refused over its embedded files is media; any other InvalidRequest
 * (record validation: too many graphemes, a bad facet) is a refusal. @atproto/api's own "Invalid
 * Response" (status 2: a reply that does not parse or match its lexicon) can be asked again; a
 * write's is an unknown outcome, which client.ts decides before this table is read, as it does
 * for a write's 5xx. Other 5xx fall back on the status.
 */
export const BLUESKY_ERROR_RULES: readonly ErrorRule[] = [
  {
    code: [
      'ExpiredToken',
      'InvalidToken',
      'AuthenticationRequired',
      'AuthMissing',
      'AccountTakedown',
      'AccountDeactivated',
      'AuthFactorTokenRequired',
    ],
    kind: 'reauthorize',
  },
  { code: 'RateLimitExceeded', kind: 'rateLimited' },
  { status: 2, kind: 'transient' },
  { code: ['BlobTooLarge', 'PayloadTooLarge'], kind: 'mediaInvalid' },
  { status: 413, kind: 'mediaInvalid' },
  {
    code: 'InvalidRequest',
    message: /\$\.record\.embed\.(images|video)|blob|mime ?type/i,
    kind: 'mediaInvalid',
  },
];

interface XrpcErrorBody {
  error?: unknown;
  message?: unknown;
}

/** XRPC's `{"error": name, "message": text}`; nothing in a 2xx. */
export const describeBlueskyError: Describe = (body, status) => {
  if (status < 400) return undefined;
  const error = body as XrpcErrorBody | null | undefined;
  return {
    code: typeof error?.error === 'string' ? error.error : undefined,
    message: typeof error?.message === 'string' ? error.message : undefined,
  };
};

/**
 * Whatever an @atproto/api call threw, as a PlatformError: the time-out and lost-answer errors
 * the fetch handler raised come back out of the client's wrapping (client.ts); an XRPC error
 * goes through the table, with the wait from Retry-After or Bluesky's RateLimit-Reset (epoch
 * seconds, rate-limiter-http.ts in @atproto/xrpc-server).
 */
export function blueskyError(error: unknown, now: Date): PlatformError {
  if (isPlatformError(error)) return error;
  if (error instanceof XRPCError) {
    if (isPlatformError(error.cause)) return error.cause;
    const status = error.status;
    const headers = new Headers();
    for (const [name, value] of Object.entries(error.headers ?? {}))
      if (value !== undefined) headers.set(name, value);
    const raw = { error: error.error, message: error.message };
    return classify('bluesky', BLUESKY_ERROR_RULES, {
      ...describeBlueskyError(raw, status),
      status,
      retryAfterMs: retryAfterMs(headers, status, now) ?? rateLimitResetMs(headers, status, now),
      raw,
    });
  }
  return new PlatformError(
    'transient',
    { platform: 'bluesky', platformMessage: error instanceof Error ? error.message : String(error) },
    { cause: error },
  );
}

function rateLimitResetMs(headers: Headers, status: number, now: Date): number | undefined {
  const reset = headers.get('ratelimit-reset')?.trim();
  const spent = status === 429 || headers.get('ratelimit-remaining')?.trim() === '0';
  if (!reset || !spent || !/^\d+$/.test(reset)) return undefined;
  return Math.max(0, Number(reset) * 1000 - now.getTime());
}
