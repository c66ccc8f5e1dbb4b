import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import { CHANNEL_PLATFORMS } from '@postdeck/contract/platforms';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../lib/clock.ts';
import { createPlatformRegistry } from './registry.ts';

/**
 * The console's release texts follow canRevoke (Postdeck revokes, or the user removes it at the
 * platform); a platform whose adapter revokes while the contract says it cannot (GA4 once) would
 * tell the user to do by hand what was already done, and the reverse would promise a revoke.
 */
describe('canRevoke', () => {
  it('is true exactly where the adapter has a revoke call', async () => {
    const credentials = Object.fromEntries(
      CHANNEL_PLATFORMS.map((platform) => [platform, { clientId: 'id', clientSecret: 'secret' }]),
    );
    const registry = createPlatformRegistry(
      {
        sandbox: false,
        redirectUri: 'https://console.example/authOpen',
        credentials,
        hosts: {},
      },
      manualClock(new Date('2026-03-01T09:00:00Z')),
    );
    try {
      for (const platform of CHANNEL_PLATFORMS) {
        const adapter = await registry.adapter(platform);
        expect(adapter, platform).toBeDefined();
        expect(typeof adapter?.revoke === 'function', platform).toBe(
          PLATFORM_CAPABILITIES[platform].canRevoke,
        );
      }
      expect(PLATFORM_CAPABILITIES.ga4.canRevoke).toBe(PLATFORM_CAPABILITIES.youtube.canRevoke);
    } finally {
      await registry.close();
    }
  });
});
