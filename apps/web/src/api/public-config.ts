import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from './client';

/** The server's public settings (sign-on, manual address, version); read once per page load. */
export const publicConfigQuery = () =>
  queryOptions({
    queryKey: ['publicConfig'],
    queryFn: () => apiClient.publicConfig(),
    staleTime: Infinity,
  });

export const usePublicConfig = () => useQuery(publicConfigQuery());
