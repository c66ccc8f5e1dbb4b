import { describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { errorClassifier } from '../adapter-testing.ts';
import { YOUTUBE_ERROR_RULES, describeYoutubeError } from './errors.ts';

const clock = manualClock(new Date('2026-03-01T10:00:00Z'));
const kindOf = errorClassifier('youtube', YOUTUBE_ERROR_RULES, describeYoutubeError(clock));
const envelope = (code: number, reason: string, message = reason) => ({
  error: { code, message, errors: [{ message, domain: 'youtube.api', reason }] },
});

describe('YouTube errors', () => {
  it.each([
    [401, 'authError', 'reauthorize'],
    [401, 'expired', 'reauthorize'],
    [401, 'youtubeSignupRequired', 'reauthorize'],
    [403, 'insufficientPermissions', 'reauthorize'],
    [403, 'quotaExceeded', 'rateLimited'],
    [403, 'rateLimitExceeded', 'rateLimited'],
    [403, 'userRateLimitExceeded', 'rateLimited'],
    [429, 'rateLimitExceeded', 'rateLimited'],
    [400, 'uploadLimitExceeded', 'rateLimited'],
    [400, 'invalidTitle', 'rejected'],
    [400, 'invalidDescription', 'rejected'],
    [400, 'invalidTags', 'rejected'],
    [400, 'invalidVideoMetadata', 'rejected'],
    [400, 'mediaBodyRequired', 'mediaInvalid'],
    [400, 'invalidImage', 'mediaInvalid'],
    [403, 'forbidden', 'rejected'],
    [403, 'forbiddenPrivacySetting', 'rejected'],
    [404, 'videoNotFound', 'rejected'],
    [500, 'internalError', 'transient'],
    [503, 'backendError', 'transient'],
  ] as const)('%i %s → %s', (status, reason, kind) => {
    const error = kindOf(status, envelope(status, reason, `said: ${reason}`));
    expect(error.kind).toBe(kind);
    expect(error.detail.platformCode).toBe(reason);
    expect(error.detail.platformMessage).toBe(`said: ${reason}`);
  });

  it('waits for the daily quota until midnight Pacific time', () => {
    expect(kindOf(403, envelope(403, 'quotaExceeded')).detail.retryAfterMs).toBe(22 * 3600_000);
    expect(kindOf(403, envelope(403, 'rateLimitExceeded')).detail.retryAfterMs).toBeUndefined();
  });

  it("reads the token endpoint's refusals: a dead refresh token needs the user, a wrong client is ours", () => {
    const dead = kindOf(400, {
      error: 'invalid_grant',
      error_description: 'Token has been expired or revoked.',
    });
    expect(dead.kind).toBe('reauthorize');
    expect(kindOf(400, { error: 'invalid_grant', error_description: 'Bad Request' }).kind).toBe('rejected');
    expect(kindOf(401, { error: 'invalid_client', error_description: 'Unauthorized' }).kind).toBe('rejected');
  });
});
