import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/client';

/** Archive, delete and restore from the lists; each refreshes the lists and that content. */
export function useContentActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['content'] });
  return {
    archive: useMutation({
      mutationFn: (target: { id: number; version: number }) => request('contentArchive', { body: target }),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => request('contentDelete', { body: { id } }),
      onSettled: refresh,
    }),
    restore: useMutation({
      mutationFn: (id: number) => request('contentRestore', { body: { id } }),
      onSettled: refresh,
    }),
  };
}
