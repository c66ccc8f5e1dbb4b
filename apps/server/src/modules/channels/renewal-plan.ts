import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import type { ChannelPlatform } from '@postdeck/contract/platforms';

/**
 * When an account's grant needs attention (issue 12, health), as the health schedule reads it
 * from `channel_accounts.renew_by`:
 * - refresh: the platform renews tokens; do it REFRESH_AHEAD_MS before the access token ends
 *   (or, when the refresh token ends first, before that), so a publication never meets an
 *   expired token;
 * - warn: the token cannot be renewed (Facebook's 60-day page tokens); the department's
 *   administrators hear of it WARN_AHEAD_MS before it ends;
 * - none: it does not expire (a bot token, an app password), or the platform says nothing of when.
 */
export const REFRESH_AHEAD_MS = 10 * 60 * 1000;
export const WARN_AHEAD_MS = 7 * 24 * 60 * 60 * 1000;

export type RenewalPlan = { action: 'refresh' | 'warn'; at: Date } | { action: 'none'; at: null };

export function renewalPlan(
  platform: ChannelPlatform,
  grant: { expiresAt?: string | undefined; refreshExpiresAt?: string | undefined },
): RenewalPlan {
  const renewal = PLATFORM_CAPABILITIES[platform].tokenRenewal;
  if (renewal === 'never' || !grant.expiresAt) return { action: 'none', at: null };
  const ends = Date.parse(grant.expiresAt);
  if (renewal === 'reconnect') return { action: 'warn', at: new Date(ends - WARN_AHEAD_MS) };
  const refreshEnds = grant.refreshExpiresAt ? Date.parse(grant.refreshExpiresAt) : Number.POSITIVE_INFINITY;
  return { action: 'refresh', at: new Date(Math.min(ends, refreshEnds) - REFRESH_AHEAD_MS) };
}
