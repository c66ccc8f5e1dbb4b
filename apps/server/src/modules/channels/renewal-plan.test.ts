import { describe, expect, it } from 'vitest';
import { REFRESH_AHEAD_MS, renewalPlan, WARN_AHEAD_MS } from './renewal-plan.ts';

const ends = '2026-12-01T00:00:00.000Z';
const before = (iso: string, ms: number) => new Date(Date.parse(iso) - ms);

describe('when a grant needs attention', () => {
  it('refreshes before the access token ends, or before the refresh token does when that is sooner', () => {
    expect(renewalPlan('x', { expiresAt: ends })).toEqual({
      action: 'refresh',
      at: before(ends, REFRESH_AHEAD_MS),
    });
    const refreshEnds = '2026-11-30T00:00:00.000Z';
    expect(renewalPlan('youtube', { expiresAt: ends, refreshExpiresAt: refreshEnds })).toEqual({
      action: 'refresh',
      at: before(refreshEnds, REFRESH_AHEAD_MS),
    });
  });

  it("warns a week ahead of a token that cannot be renewed (Facebook's page tokens)", () => {
    expect(renewalPlan('facebook', { expiresAt: ends })).toEqual({
      action: 'warn',
      at: before(ends, WARN_AHEAD_MS),
    });
  });

  it('plans nothing for a token that never ends, or one whose end the platform does not say', () => {
    expect(renewalPlan('telegram', { expiresAt: ends })).toEqual({ action: 'none', at: null });
    expect(renewalPlan('mastodon', { expiresAt: ends })).toEqual({ action: 'none', at: null });
    expect(renewalPlan('linkedin', {})).toEqual({ action: 'none', at: null });
  });
});
