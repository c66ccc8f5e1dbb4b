import { describe, expect, it } from 'vitest';
import { countdown } from './expiry-countdown';

const NOW = Date.parse('2026-11-26T10:00:00Z');

describe('countdown', () => {
  it('counts days, hours and minutes ahead', () => {
    expect(countdown('2026-12-08T10:00:00Z', 'en', NOW)).toBe('in 12 days');
    expect(countdown('2026-11-26T15:00:00Z', 'en', NOW)).toBe('in 5 hours');
    expect(countdown('2026-11-26T10:20:00Z', 'en', NOW)).toBe('in 20 minutes');
  });

  it('says how long ago a time passed, in the reader’s language', () => {
    expect(countdown('2026-11-23T10:00:00Z', 'en', NOW)).toBe('3 days ago');
    expect(countdown('2026-12-08T10:00:00Z', 'zh', NOW)).toBe('12天后');
    expect(countdown('2026-12-08T10:00:00Z', 'es', NOW)).toBe('dentro de 12 días');
    expect(countdown('2026-12-08T10:00:00Z', 'ja', NOW)).toBe('12 日後');
  });
});
