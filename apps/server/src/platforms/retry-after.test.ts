import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './retry-after.ts';

const NOW = new Date('2026-03-01T12:00:00Z');

describe('retryAfterMs', () => {
  it('reads Retry-After in seconds', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': '30' }), 429, NOW)).toBe(30_000);
    expect(retryAfterMs(new Headers({ 'retry-after': ' 0 ' }), 503, NOW)).toBe(0);
  });

  it('reads Retry-After as an HTTP date, from the injected now, never below 0', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': 'Sun, 01 Mar 2026 12:01:30 GMT' }), 429, NOW)).toBe(
      90_000,
    );
    expect(retryAfterMs(new Headers({ 'retry-after': 'Sun, 01 Mar 2026 11:00:00 GMT' }), 429, NOW)).toBe(0);
  });

  it("reads X's x-rate-limit-reset only once the budget is spent", () => {
    const reset = String(NOW.getTime() / 1000 + 120);
    expect(retryAfterMs(new Headers({ 'x-rate-limit-reset': reset }), 429, NOW)).toBe(120_000);
    expect(
      retryAfterMs(new Headers({ 'x-rate-limit-reset': reset, 'x-rate-limit-remaining': '0' }), 403, NOW),
    ).toBe(120_000);
    expect(
      retryAfterMs(new Headers({ 'x-rate-limit-reset': reset, 'x-rate-limit-remaining': '12' }), 403, NOW),
    ).toBeUndefined();
  });

  it("reads Mastodon's X-RateLimit-Reset, an ISO time, only once the budget is spent", () => {
    const reset = '2026-03-01T12:00:45.000000Z';
    expect(retryAfterMs(new Headers({ 'x-ratelimit-reset': reset }), 429, NOW)).toBe(45_000);
    expect(
      retryAfterMs(new Headers({ 'x-ratelimit-reset': reset, 'x-ratelimit-remaining': '0' }), 200, NOW),
    ).toBe(45_000);
    expect(
      retryAfterMs(new Headers({ 'x-ratelimit-reset': reset, 'x-ratelimit-remaining': '299' }), 200, NOW),
    ).toBeUndefined();
    expect(retryAfterMs(new Headers({ 'x-ratelimit-reset': 'later' }), 429, NOW)).toBeUndefined();
  });

  it('prefers Retry-After, and ignores what it cannot read', () => {
    const reset = String(NOW.getTime() / 1000 + 120);
    expect(retryAfterMs(new Headers({ 'retry-after': '5', 'x-rate-limit-reset': reset }), 429, NOW)).toBe(
      5000,
    );
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), 429, NOW)).toBeUndefined();
    expect(retryAfterMs(new Headers(), 429, NOW)).toBeUndefined();
  });
});
