import type { BodyOf } from '@postdeck/contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { CHANNELS_KEY } from './channel-queries';

/**
 * Starts an OAuth connection and leaves for the platform's consent page. inlineErrors: the
 * connect dialog shows why it cannot start (an unknown Mastodon instance) next to its fields.
 */
export const useConnectStart = () =>
  useMutation({
    mutationFn: (body: BodyOf<'channelConnectStart'>) =>
      request('channelConnectStart', { body, inlineErrors: true }),
    onSuccess: ({ authorizationUrl }) => window.location.assign(authorizationUrl),
  });

/** Telegram and Bluesky connect without leaving the console: the list is refreshed at once. */
export function useConnectWithCredentials() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: CHANNELS_KEY });
  return {
    telegram: useMutation({
      mutationFn: (body: BodyOf<'channelConnectTelegram'>) =>
        request('channelConnectTelegram', { body, inlineErrors: true }),
      onSuccess: refresh,
    }),
    bluesky: useMutation({
      mutationFn: (body: BodyOf<'channelConnectBluesky'>) =>
        request('channelConnectBluesky', { body, inlineErrors: true }),
      onSuccess: refresh,
    }),
  };
}

/** Connects the targets ticked on /authOpen. */
export function usePick() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'channelConnectPick'>) =>
      request('channelConnectPick', { body, inlineErrors: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CHANNELS_KEY }),
  });
}
