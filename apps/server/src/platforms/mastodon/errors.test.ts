import { describe, expect, it } from 'vitest';
import { errorClassifier } from '../adapter-testing.ts';
import { MASTODON_ERROR_RULES, describeMastodonError } from './errors.ts';

const kindOf = errorClassifier('mastodon', MASTODON_ERROR_RULES, describeMastodonError);

describe('Mastodon errors', () => {
  it.each([
    [401, 'The access token is invalid', 'reauthorize'],
    [401, 'The access token was revoked', 'reauthorize'],
    [403, 'Your login is currently disabled', 'reauthorize'],
    [429, 'Too many requests', 'rateLimited'],
    [422, "Validation failed: Text can't be blank", 'rejected'],
    [422, 'Validation failed: File content type is invalid, File is invalid', 'mediaInvalid'],
    [422, 'Validation failed: File file size must be less than 16 MB', 'mediaInvalid'],
    [422, 'Cannot attach files that have not finished processing. Try again in a moment!', 'transient'],
    [404, 'Record not found', 'rejected'],
    [500, "We're sorry, but something went wrong on our end.", 'transient'],
  ] as const)('%i %s → %s', (status, error, kind) => {
    const classified = kindOf(status, { error });
    expect(classified.kind).toBe(kind);
    expect(classified.detail.platformMessage).toBe(error);
  });

  it("keeps OAuth's error code and description", () => {
    const error = kindOf(400, {
      error: 'invalid_grant',
      error_description: 'The provided authorization grant is invalid',
    });
    expect(error.kind).toBe('rejected');
    expect(error.detail.platformCode).toBe('invalid_grant');
    expect(error.detail.platformMessage).toBe('The provided authorization grant is invalid');
  });

  it('reads no error from a successful answer', () => {
    expect(describeMastodonError({ error: 'not one' }, 200)).toBeUndefined();
  });
});
