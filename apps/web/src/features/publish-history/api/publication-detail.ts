import { useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { LIVE_POLL_MS, publicationKey } from '../../publishing/api/publication-live';
import { isMovingStatus } from './publish-history';

/**
 * One publication with its timeline, the text as sent and the platform's raw error, for the
 * detail drawer; asked after while it is not final, as the composer's live summary does (they
 * share the cache, so settling it in either shows in both). inlineErrors: the drawer says why
 * it could not load.
 */
export const usePublicationDetail = (id: number | undefined) =>
  useQuery({
    queryKey: publicationKey(id ?? 0),
    queryFn: ({ signal }) =>
      request('publicationDetail', { query: { id: id ?? 0 }, signal, inlineErrors: true }),
    enabled: id !== undefined,
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status && isMovingStatus(status) ? LIVE_POLL_MS : false;
    },
  });
