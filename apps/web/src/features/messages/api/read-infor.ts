import type { QueryOf } from '@postdeck/contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/client';

export type ReadTarget = QueryOf<'readInfor'>;

/** Marks own notifications read: `{id}`, `{ids: '1,2'}` or `{all: 'true'}`. */
export const readInfor = (query: ReadTarget) => request('readInfor', { query });

/** Marks read, then refreshes what shows read state: the bell and banner poll, and the lists. */
export function useReadInfor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readInfor,
    onSettled: () =>
      Promise.all(
        (['notReadList', 'myInfor'] as const).map((key) =>
          queryClient.invalidateQueries({ queryKey: ['messages', key] }),
        ),
      ),
  });
}
