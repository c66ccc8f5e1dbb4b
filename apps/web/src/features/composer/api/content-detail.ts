import { useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';

export const fetchContentDetail = (id: number, signal?: AbortSignal) =>
  request('contentDetail', signal ? { query: { id }, signal } : { query: { id } });

/**
 * The content to edit. Not kept once the composer closes (gcTime 0): editing must start from the
 * server's current version, and a cached older one would only end in a 409.
 */
export const useContentDetail = (id: number | null) =>
  useQuery({
    queryKey: ['content', 'detail', id],
    queryFn: ({ signal }) => fetchContentDetail(id ?? 0, signal),
    enabled: id !== null,
    gcTime: 0,
  });
