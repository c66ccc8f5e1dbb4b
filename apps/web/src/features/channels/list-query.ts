import { type ChannelAccountListFilters, channelAccountListQuerySchema } from '@postdeck/contract/channels';
import { urlFilters } from '../../utils/url-filters';

/** The channel accounts' filters and paging as the contract reads them (defaults filled in). */
export type ChannelFilters = ChannelAccountListFilters;

const filters = urlFilters(channelAccountListQuerySchema);

export const readChannelFilters = filters.read;
export const writeChannelFilters = filters.write;
export const toChannelQuery = filters.toQuery;
export const refusedChannelFilters = filters.refused;
