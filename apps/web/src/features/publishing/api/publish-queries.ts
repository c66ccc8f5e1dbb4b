import type { DataOf } from '@postdeck/contract/endpoints';
import type { PublishBody } from '@postdeck/contract/publishing';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

export type FacebookArea = DataOf<'publishFacebookArea'>['items'][number];

/**
 * The places a Facebook account's posts can be aimed at, found by name (queryFacebookArea), for
 * the audience picker. Nothing is asked before something is typed; the last answer stays shown
 * while the next one comes. inlineErrors: the picker says itself why a search failed.
 */
export const useFacebookAreas = (accountId: number, q: string) =>
  useQuery({
    queryKey: [...PUBLISHING_KEY, 'facebookAreas', accountId, q],
    queryFn: ({ signal }) =>
      request('publishFacebookArea', { query: { accountId, q }, signal, inlineErrors: true }),
    enabled: q !== '',
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
