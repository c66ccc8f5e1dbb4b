import type { BodyOf } from '@postdeck/contract/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { CHANNELS_KEY } from './channel-queries';

const PAUSES_KEY = [...CHANNELS_KEY, 'pauses'] as const;

/** The active pauses of publishing the caller's scope sees; asked for only with the permission. */
export const usePublishPauses = (enabled: boolean) =>
  useQuery({
    queryKey: PAUSES_KEY,
    queryFn: ({ signal }) => request('publishPauseList', { signal }),
    enabled,
  });

/** Pauses publishing; the dialog shows a refusal in place (inlineErrors). */
export function usePausePublishing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'publishPause'>) => request('publishPause', { body, inlineErrors: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PAUSES_KEY }),
  });
}

/** Lifts a pause; a refusal (already lifted, not the caller's to lift) is the client's message. */
export function useResumePublishing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request('publishResume', { body: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PAUSES_KEY }),
  });
}
