import type { Preferences } from '@postdeck/contract/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/client';

export const fetchPreferences = (signal?: AbortSignal) => request('preferences', { signal });

export const preferencesQuery = () =>
  queryOptions({
    queryKey: ['messages', 'preferences', {}],
    queryFn: ({ signal }) => fetchPreferences(signal),
  });

export const usePreferences = () => useQuery(preferencesQuery());

export const updatePreferences = (body: Preferences) => request('preferencesUpdate', { body });

/** Saves the preferences and puts the server's answer in the cache. */
export function usePreferencesUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (saved) => queryClient.setQueryData(preferencesQuery().queryKey, saved),
  });
}
