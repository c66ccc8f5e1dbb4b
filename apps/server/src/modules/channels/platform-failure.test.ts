import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { UrlFetchError } from '../../lib/safe-fetch/safe-fetch.ts';
import { unsentFailure } from '../../platforms/guarded-fetch.ts';
import { PlatformError } from '../../platforms/errors.ts';
import { connectFailure } from './platform-failure.ts';

const failure = (error: unknown) => {
  try {
    connectFailure('bluesky', error);
  } catch (thrown) {
    return thrown as AppError;
  }
  throw new Error('connectFailure returned');
};

describe('what a failed connection tells the user', () => {
  it('an address the policy refused is said as such, in the catalogue, not as the platform refusing', () => {
    const refused = unsentFailure(
      'bluesky',
      new UrlFetchError('address', '127.0.0.1 is loopback, not public unicast', {
        url: 'https://127.0.0.1/',
      }),
    );
    const error = failure(refused);
    expect(error).toBeInstanceOf(AppError);
    expect(error.key).toBe('platformAddressRefused');
  });

  it('an unreachable platform and a refusal keep their own messages', () => {
    expect(failure(new PlatformError('transient', { platform: 'bluesky' })).key).toBe('platformUnreachable');
    expect(failure(new PlatformError('rejected', { platform: 'bluesky', platformMessage: 'no' })).key).toBe(
      'platformRefused',
    );
  });
});
