import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { guideStatusQuery } from './guide-status';

export const readGuide = (upgradeTime: string) => request('guideRead', { query: { upgradeTime } });

/** Records the notes as seen and stores the answer as the status. */
export function useGuideRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readGuide,
    onSuccess: (status, upgradeTime) =>
      queryClient.setQueryData(guideStatusQuery(upgradeTime).queryKey, status),
  });
}
