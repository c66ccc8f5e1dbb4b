import {
  FINAL_PUBLICATION_STATUSES,
  type Publication,
  type PublicationStatus,
  type SettleBody,
} from '@postdeck/contract/publishing';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../../api/api-error';
import { request } from '../../../api/client';
import { PUBLISHING_KEY } from './publish-queries';

/** How often a publication that is not final yet is asked after (issue 20 item 12). */
export const LIVE_POLL_MS = 2000;

export const isFinalStatus = (status: PublicationStatus) => FINAL_PUBLICATION_STATUSES.includes(status);

/** A publication's detail as cached: the live summary's polls and the publish list's drawer share it. */
export const publicationKey = (id: number) => [...PUBLISHING_KEY, 'publication', id] as const;

export interface LivePublication {
  publication: Publication;
  /** The last poll failed: what is shown is the state before it. */
  checkError: ApiError | null;
}

/**
 * The publications as they stand now: each is asked after every LIVE_POLL_MS until it is final,
 * then left alone, so the polling ends when the last one is. The create answer stands in until
 * the first detail comes.
 */
export function useLivePublications(initial: readonly Publication[]): LivePublication[] {
  return useQueries({
    queries: initial.map((first) => ({
      queryKey: publicationKey(first.id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        // A poll: nobody asked just now, so no red message and no confirm-logout box of its own.
        request('publicationDetail', {
          query: { id: first.id },
          signal,
          inlineErrors: true,
          background: true,
        }),
      refetchInterval: (query: { state: { data?: Publication | undefined } }) =>
        isFinalStatus(query.state.data?.status ?? first.status) ? false : LIVE_POLL_MS,
      staleTime: 0,
    })),
    combine: (results) =>
      results.map((result, index) => ({
        publication: result.data ?? (initial[index] as Publication),
        checkError: result.isError ? (result.error as ApiError) : null,
      })),
  });
}

/**
 * Settles an unconfirmed publication. inlineErrors: a link the server refuses (103006) is shown
 * under the field. The answer replaces the cached state at once, so the polling sees the change.
 */
export function useSettlePublication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettleBody) => request('publicationSettle', { body, inlineErrors: true }),
    onSuccess: (publication) => {
      queryClient.setQueryData(publicationKey(publication.id), (old: Publication | undefined) =>
        old ? { ...old, ...publication } : publication,
      );
      void queryClient.invalidateQueries({ queryKey: publicationKey(publication.id) });
    },
  });
}
