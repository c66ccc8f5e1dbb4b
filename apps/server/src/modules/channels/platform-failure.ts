import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import type { ChannelPlatform } from '@postdeck/contract/platforms';
import { AppError } from '../../lib/errors.ts';
import { UrlFetchError } from '../../lib/safe-fetch/safe-fetch.ts';
import { isPlatformError } from '../../platforms/errors.ts';

export const platformName = (platform: ChannelPlatform) => PLATFORM_CAPABILITIES[platform].displayName;

/**
 * What a platform's failure during a connection tells the user: unreachable (try again), or
 * refused with the platform's own words. Anything that is not a PlatformError is a bug and
 * goes on as it is (a 500 with its request id).
 */
export function connectFailure(platform: ChannelPlatform, error: unknown): never {
  if (!isPlatformError(error)) throw error;
  const name = platformName(platform);
  // The address policy refused where the platform (or the user) pointed: said as such, not as the platform's refusal.
  if (error.cause instanceof UrlFetchError && error.kind === 'rejected')
    throw new AppError('platformAddressRefused', { params: { platform: name } });
  if (error.kind === 'transient' || error.kind === 'outcomeUnknown' || error.kind === 'rateLimited')
    throw new AppError('platformUnreachable', { params: { platform: name } });
  throw new AppError('platformRefused', {
    params: { platform: name, reason: error.detail.platformMessage ?? error.kind },
  });
}
