import type { BodyOf } from '@postdeck/contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { CHANNELS_KEY } from './channel-queries';

/** Releases an account; the dialog or page shows the outcome, so the failure too (inlineErrors). */
export function useRelease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'channelRelease'>) => request('channelRelease', { body, inlineErrors: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CHANNELS_KEY }),
  });
}
