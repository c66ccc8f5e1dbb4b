import type { BodyOf } from '@postdeck/contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/client';

export type TipSendBody = BodyOf<'tipSend'>;

export const sendTip = (body: TipSendBody) => request('tipSend', { body });

/** Sends a tip, then refreshes the tip list. */
export function useTipSend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTip,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['messages', 'tipList'] }),
  });
}
