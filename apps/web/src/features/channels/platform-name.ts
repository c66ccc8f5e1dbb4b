import type { ChannelPlatform } from '@postdeck/contract/platforms';
import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';

/** The platform as it names itself ("YouTube", "Google Analytics 4"). */
export const platformName = (platform: ChannelPlatform): string =>
  PLATFORM_CAPABILITIES[platform].displayName;
