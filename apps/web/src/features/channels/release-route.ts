import type { ChannelPlatform } from '@postdeck/contract/platforms';
import { PAGES } from '@postdeck/contract/pages';

/** The spec's own release pages (hidden routes); other platforms release in a dialog on the list. */
const RELEASE_PAGES: Partial<Record<ChannelPlatform, string>> = {
  youtube: PAGES.releaseYoutube,
  instagram: PAGES.releaseInstagram,
  ga4: PAGES.releaseGoogleAnalytics,
  vk: PAGES.vkConnection,
};

/** The release page of an account, or undefined where the list releases it in a dialog. */
export function releasePageUrl(account: { id: number; platform: ChannelPlatform }): string | undefined {
  const page = RELEASE_PAGES[account.platform];
  return page === undefined ? undefined : `${page}?id=${account.id}`;
}

/** The channel accounts page, filtered on a platform, or opening the connect dialog. */
export function channelsUrl(
  params: { platform?: ChannelPlatform; connect?: ChannelPlatform | '' } = {},
): string {
  const search = new URLSearchParams();
  if (params.platform) search.set('platform', params.platform);
  if (params.connect !== undefined) search.set('connect', params.connect);
  const query = search.toString();
  return query ? `${PAGES.channelAccounts}?${query}` : PAGES.channelAccounts;
}
