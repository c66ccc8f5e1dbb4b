import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';

export const fetchGuideStatus = (upgradeTime: string, signal?: AbortSignal) =>
  request('guideStatus', { query: { upgradeTime }, signal });

export const guideStatusQuery = (upgradeTime: string) =>
  queryOptions({
    queryKey: ['me', 'guideStatus', { upgradeTime }],
    queryFn: ({ signal }) => fetchGuideStatus(upgradeTime, signal),
    staleTime: Infinity,
  });

export const useGuideStatus = (upgradeTime: string) => useQuery(guideStatusQuery(upgradeTime));
