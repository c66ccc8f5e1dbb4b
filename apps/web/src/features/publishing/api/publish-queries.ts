import type { PublishBody } from '@postdeck/contract/publishing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/client';

/** Every cached answer about publishing starts with this key. */
export const PUBLISHING_KEY = ['publishing'] as const;

/**
 * The accounts the composer offers. Fetched afresh each time the panel opens: an account may
 * have been released or reconnected since, and the last choice changes with every publish.
 */
export const usePublishTargets = (enabled: boolean) =>
  useQuery({
    queryKey: [...PUBLISHING_KEY, 'targets'],
    queryFn: ({ signal }) => request('publishTargets', { signal }),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });

/** inlineErrors: the panel puts each field error on the account and field it names. */
export function usePublish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublishBody) => request('publishCreate', { body, inlineErrors: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: PUBLISHING_KEY }),
  });
}
