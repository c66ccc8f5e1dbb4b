import { XRPCError } from '@atproto/api';
import { describe, expect, it } from 'vitest';
import { errorClassifier } from '../adapter-testing.ts';
import { PlatformError } from '../errors.ts';
import { BLUESKY_ERROR_RULES, blueskyError, describeBlueskyError } from './errors.ts';

const kindOf = errorClassifier('bluesky', BLUESKY_ERROR_RULES, describeBlueskyError);
const now = new Date('2026-03-01T10:00:00Z');

describe('Bluesky errors', () => {
  it.each([
    [400, 'ExpiredToken', 'Token has expired', 'reauthorize'],
    [400, 'ExpiredToken', 'Token has been revoked', 'reauthorize'],
    [400, 'InvalidToken', 'Token could not be verified', 'reauthorize'],
    [401, 'AuthenticationRequired', 'Invalid identifier or password', 'reauthorize'],
    [401, 'AuthMissing', 'Authentication Required', 'reauthorize'],
    [401, 'AccountTakedown', 'Account has been taken down', 'reauthorize'],
    [401, 'AuthFactorTokenRequired', 'A sign in code has been sent to your email address', 'reauthorize'],
    [429, 'RateLimitExceeded', 'Rate Limit Exceeded', 'rateLimited'],
    [400, 'BlobTooLarge', 'This file is too large', 'mediaInvalid'],
    [413, 'PayloadTooLarge', 'request entity too large', 'mediaInvalid'],
    [
      400,
      'InvalidRequest',
      'Invalid app.bsky.feed.post record: grapheme too big (maximum 300, got 301) at $.record.text',
      'rejected',
    ],
    [
      400,
      'InvalidRequest',
      'Invalid app.bsky.feed.post record: Expected "image/*" mime type (got "application/pdf") at $.record.embed.images[0].image',
      'mediaInvalid',
    ],
    [400, 'InvalidRequest', 'Could not find repo: did:plc:nobody', 'rejected'],
    [500, 'InternalServerError', 'Internal Server Error', 'transient'],
    [502, 'UpstreamFailure', 'Upstream Failure', 'transient'],
  ] as const)('%i %s (%s) → %s', (status, error, message, kind) => {
    const classified = kindOf(status, { error, message });
    expect(classified.kind).toBe(kind);
    expect(classified.detail.platformCode).toBe(error);
    expect(classified.detail.platformMessage).toBe(message);
  });

  it("takes @atproto/api's Invalid Response (a reply it could not read) as worth asking again", () => {
    const invalid = new XRPCError(2, undefined, 'Failed to parse response body');
    expect(blueskyError(invalid, now).kind).toBe('transient');
  });

  it('reads no error from a successful answer', () => {
    expect(describeBlueskyError({ error: 'not one' }, 200)).toBeUndefined();
  });

  it("takes the wait from Retry-After, else from Bluesky's RateLimit-Reset (epoch seconds)", () => {
    const reset = String(now.getTime() / 1000 + 120);
    const withRetryAfter = new XRPCError(429, 'RateLimitExceeded', 'Rate Limit Exceeded', {
      'retry-after': '30',
      'ratelimit-reset': reset,
    });
    expect(blueskyError(withRetryAfter, now).detail.retryAfterMs).toBe(30_000);
    const resetOnly = new XRPCError(429, 'RateLimitExceeded', 'Rate Limit Exceeded', {
      'ratelimit-limit': '3000',
      'ratelimit-remaining': '0',
      'ratelimit-reset': reset,
    });
    const error = blueskyError(resetOnly, now);
    expect(error.kind).toBe('rateLimited');
    expect(error.detail.retryAfterMs).toBe(120_000);
    // A budget not spent says nothing about waiting.
    const success = new XRPCError(400, 'InvalidRequest', 'x', {
      'ratelimit-remaining': '5',
      'ratelimit-reset': reset,
    });
    expect(blueskyError(success, now).detail.retryAfterMs).toBeUndefined();
  });

  it("passes on the fetch handler's own error (a lost answer) out of the client's wrapping", () => {
    const lost = new PlatformError('outcomeUnknown', {
      platform: 'bluesky',
      platformMessage: 'no answer in time',
    });
    expect(blueskyError(new XRPCError(1, undefined, 'fetch failed', undefined, { cause: lost }), now)).toBe(
      lost,
    );
    expect(blueskyError(new TypeError('boom'), now).kind).toBe('transient');
  });
});
