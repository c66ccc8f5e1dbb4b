import { describe, expect, it } from 'vitest';
import { PLATFORM_CAPABILITIES } from './platform-capabilities.ts';
import {
  CHANNEL_PLATFORMS,
  PUBLISHING_PLATFORMS,
  isPublishingPlatform,
  platformCapabilitiesSchema,
} from './platforms.ts';

describe('PLATFORM_CAPABILITIES', () => {
  it('has one entry per channel platform, each valid by the schema', () => {
    expect(Object.keys(PLATFORM_CAPABILITIES).sort()).toEqual([...CHANNEL_PLATFORMS].sort());
    for (const platform of CHANNEL_PLATFORMS) {
      const parsed = platformCapabilitiesSchema.safeParse(PLATFORM_CAPABILITIES[platform]);
      expect(parsed.error, platform).toBeUndefined();
    }
  });

  it('gives every publishing platform a publishing role and GA4 the data-source role', () => {
    for (const platform of PUBLISHING_PLATFORMS) {
      expect(PLATFORM_CAPABILITIES[platform].role, platform).toBe('publishing');
      expect(isPublishingPlatform(platform)).toBe(true);
    }
    expect(PLATFORM_CAPABILITIES.ga4.role).toBe('dataSource');
    expect(isPublishingPlatform('ga4')).toBe(false);
  });

  it('lets a post needing media carry some', () => {
    for (const platform of PUBLISHING_PLATFORMS) {
      const { text, images, videos } = PLATFORM_CAPABILITIES[platform];
      if (text.mediaRequired) expect(images ?? videos, platform).not.toBeNull();
    }
  });

  it('asks for scopes wherever the platform has OAuth', () => {
    for (const platform of CHANNEL_PLATFORMS) {
      const { connect, scopes } = PLATFORM_CAPABILITIES[platform];
      if (connect === 'oauth' || connect === 'oauthPerInstance')
        expect(scopes.length, platform).toBeGreaterThan(0);
    }
  });

  it('records the figures platforms.md gives', () => {
    expect(PLATFORM_CAPABILITIES.x.text).toMatchObject({
      maxLength: 280,
      counting: 'weighted',
      urlLength: 23,
    });
    expect(PLATFORM_CAPABILITIES.bluesky.text).toMatchObject({ maxLength: 300, counting: 'graphemes' });
    expect(PLATFORM_CAPABILITIES.telegram.text).toMatchObject({ maxLength: 4096, maxLengthWithMedia: 1024 });
    expect(PLATFORM_CAPABILITIES.mastodon).toMatchObject({ connect: 'oauthPerInstance', idempotency: 'key' });
    expect(PLATFORM_CAPABILITIES.tiktok.canDelete).toBe(false);
    expect(PLATFORM_CAPABILITIES.youtube.images).toBeNull();
  });
});
