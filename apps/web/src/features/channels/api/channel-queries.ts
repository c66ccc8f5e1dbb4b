import type { ChannelAccountListQuery } from '@postdeck/contract/channels';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';

/** Every cached answer about channel accounts starts with this key: one invalidation refreshes all. */
export const CHANNELS_KEY = ['channels'] as const;

export const channelPlatformsQuery = () =>
  queryOptions({
    queryKey: [...CHANNELS_KEY, 'platforms'],
    queryFn: ({ signal }) => request('channelPlatforms', { signal }),
    // Which platforms run where changes only with the server's configuration.
    staleTime: 10 * 60_000,
  });

export const useChannelPlatforms = () => useQuery(channelPlatformsQuery());

export const useChannelAccounts = (query: ChannelAccountListQuery) =>
  useQuery({
    queryKey: [...CHANNELS_KEY, 'list', query],
    queryFn: ({ signal }) => request('channelAccountList', { query, signal }),
    placeholderData: keepPreviousData,
  });

/**
 * One account, for the release pages. inlineErrors: the page shows a 404 or 403 in its place
 * rather than as a passing message.
 */
export const useChannelAccount = (id: number | undefined) =>
  useQuery({
    queryKey: [...CHANNELS_KEY, 'detail', id],
    queryFn: ({ signal }) =>
      request('channelAccountDetail', { query: { id: id ?? 0 }, signal, inlineErrors: true }),
    enabled: id !== undefined,
    retry: false,
  });
