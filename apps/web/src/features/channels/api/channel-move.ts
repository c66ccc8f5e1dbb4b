import type { BodyOf } from '@postdeck/contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { CHANNELS_KEY } from './channel-queries';

/** Moves an account to another department; the dialog shows a refusal in place (inlineErrors). */
export function useMoveAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'channelAccountMove'>) =>
      request('channelAccountMove', { body, inlineErrors: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CHANNELS_KEY }),
  });
}
