import type { ChannelAccount, ChannelPlatformInfo, ConnectTargets } from '@postdeck/contract/channels';
import type { DataOf } from '@postdeck/contract/endpoints';

/** Test data for the channels pages (not shipped: only tests import it). */
const DAY = 86_400_000;

/** A time `days` from now (a little more, so the countdown rounds to whole days). */
export const inDays = (days: number) => new Date(Date.now() + days * DAY + 60_000).toISOString();

export function account(id: number, name: string, over: Partial<ChannelAccount> = {}): ChannelAccount {
  return {
    id,
    platform: 'facebook',
    externalId: `ext-${id}`,
    name,
    handle: `@${name.toLowerCase().replaceAll(' ', '')}`,
    avatarUrl: null,
    profileUrl: `https://facebook.test/${id}`,
    department: { id: 3, name: 'Newsroom' },
    connectedBy: { id: 1, name: 'Ada Admin' },
    status: 'active',
    scopes: ['pages_manage_posts'],
    missingScopes: [],
    tokenExpiresAt: null,
    lastSuccessAt: null,
    lastFailure: null,
    failures7d: 0,
    quotaLeft: null,
    connectedAt: '2026-01-01T00:00:00Z',
    releasedAt: null,
    releasedBy: null,
    ...over,
  };
}

export const pageOf = <T>(items: T[]) => ({
  items,
  total: items.length,
  totalExact: true,
  next: null,
  prev: null,
  page: 1,
  pageSize: 10,
});

const platform = (
  over: Partial<ChannelPlatformInfo> & Pick<ChannelPlatformInfo, 'platform' | 'displayName' | 'connect'>,
) => ({ mode: 'sandbox', ...over }) as ChannelPlatformInfo;

export const PLATFORMS: DataOf<'channelPlatforms'> = {
  sandbox: true,
  platforms: [
    platform({ platform: 'facebook', displayName: 'Facebook', connect: 'oauth' }),
    platform({ platform: 'youtube', displayName: 'YouTube', connect: 'oauth' }),
    platform({ platform: 'x', displayName: 'X', connect: 'oauth', mode: 'unavailable' }),
    platform({
      platform: 'telegram',
      displayName: 'Telegram',
      connect: 'botToken',
      sandboxHints: {
        botToken: '123456789:AAHsandboxsandboxsandboxsandboxsand',
        channel: '@postdeck_sandbox',
      },
    }),
    platform({ platform: 'mastodon', displayName: 'Mastodon', connect: 'oauthPerInstance' }),
    platform({ platform: 'bluesky', displayName: 'Bluesky', connect: 'appPassword' }),
  ],
};

export const TARGETS: ConnectTargets = {
  connectionId: 41,
  platform: 'facebook',
  department: { id: 3, name: 'Newsroom' },
  targets: [
    {
      platform: 'facebook',
      externalId: 'page-1',
      name: 'Morning News',
      handle: '@morningnews',
      avatarUrl: null,
      profileUrl: 'https://facebook.test/page-1',
      existing: null,
    },
    {
      platform: 'facebook',
      externalId: 'page-2',
      name: 'Evening News',
      handle: null,
      avatarUrl: null,
      profileUrl: null,
      existing: {
        scope: 'yours',
        accountId: 9,
        department: { id: 4, name: 'Video desk' },
        status: 'expiring',
      },
    },
  ],
  missingScopes: [],
  expiresAt: '2026-11-26T10:10:00Z',
};

export const DEPARTMENTS = {
  items: [
    { id: 1, name: 'Head office', parentId: null },
    { id: 3, name: 'Newsroom', parentId: 1 },
  ],
};
