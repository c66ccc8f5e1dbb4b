import type { BodyOf, DataOf } from '@postdeck/contract/endpoints';
import type { ScheduleQuery } from '@postdeck/contract/publish-schedule';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/client';

/** Every cached answer of the scheduled publishing page starts with this key. */
export const SCHEDULE_KEY = ['schedule'] as const;

/** The window's publications; the last answer stays shown while the next window loads. */
export const useScheduleList = (query: ScheduleQuery | undefined) =>
  useQuery({
    queryKey: [...SCHEDULE_KEY, 'list', query],
    queryFn: ({ signal }) => request('publishScheduleList', { query: query as ScheduleQuery, signal }),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
  });

/** The channel accounts for the account filter, for those who may list them. */
export const useScheduleAccounts = (enabled: boolean) =>
  useQuery({
    queryKey: [...SCHEDULE_KEY, 'accounts'],
    queryFn: ({ signal }) => request('channelAccountList', { query: { pageSize: 100 }, signal }),
    enabled,
    staleTime: 5 * 60_000,
  });

/**
 * A new time or text for a publication. inlineErrors: the page says itself why a move was
 * refused (the event goes back beside the reason), and the drawer puts it on its fields.
 */
export function useUpdatePublication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'publicationUpdate'>) =>
      request('publicationUpdate', { body, inlineErrors: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...SCHEDULE_KEY, 'list'] }),
  });
}

export function useCancelPublication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request('publicationWithdrawal', { body: { id }, inlineErrors: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...SCHEDULE_KEY, 'list'] }),
  });
}

const LINK_KEY = [...SCHEDULE_KEY, 'calendarLink'] as const;

export const useCalendarLink = (enabled: boolean) =>
  useQuery({
    queryKey: LINK_KEY,
    queryFn: ({ signal }) => request('publishCalendarLink', { signal, inlineErrors: true }),
    enabled,
    staleTime: 0,
  });

/** Renew and revoke answer the new state, which the dialog shows; the cached one follows. */
export function useCalendarLinkChange() {
  const queryClient = useQueryClient();
  const store = (data: DataOf<'publishCalendarLink'>) => queryClient.setQueryData(LINK_KEY, data);
  return {
    renew: useMutation({
      mutationFn: () => request('publishCalendarLinkRenew', { inlineErrors: true }),
      onSuccess: store,
    }),
    revoke: useMutation({
      mutationFn: () => request('publishCalendarLinkRevoke', { inlineErrors: true }),
      onSuccess: store,
    }),
  };
}
