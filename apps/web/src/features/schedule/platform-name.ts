import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import type { PublishingPlatform } from '@postdeck/contract/platforms';

/** The platform as it names itself ("Mastodon", "X"). */
export const platformName = (platform: PublishingPlatform) => PLATFORM_CAPABILITIES[platform].displayName;
