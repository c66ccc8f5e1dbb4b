import type { BodyOf } from '@postdeck/contract/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';

type NotReadListBody = BodyOf<'notReadList'>;

/** How often the bell asks for the unread count (spec §7: every 5 s). */
export const POLL_INTERVAL_MS = 5000;

/** The bell's poll: the unread count and the latest publish failure (spec §7). */
export const FAILURE_POLL_BODY: NotReadListBody = {
  readStatus: 1,
  page: 1,
  pageSize: 1,
  type: 'publish_failure',
};

/** The latest unread messages of any type, for the bell's popover. */
export const LATEST_UNREAD_BODY: NotReadListBody = { readStatus: 1, page: 1, pageSize: 5 };

export const fetchNotReadList = (body: NotReadListBody, signal?: AbortSignal) =>
  request('notReadList', { body, signal });

export const notReadListQuery = (body: NotReadListBody) =>
  queryOptions({
    queryKey: ['messages', 'notReadList', body],
    queryFn: ({ signal }) => fetchNotReadList(body, signal),
  });

/**
 * The 5-second poll shared by the bell and the publish-failure banner (one request). Nobody asked
 * for it, so the client treats it as a background call: after 'cancel' in the confirm-logout box
 * it no longer reaches the server nor reopens the box.
 */
export const failurePollQuery = () =>
  queryOptions({
    ...notReadListQuery(FAILURE_POLL_BODY),
    queryFn: ({ signal }) => request('notReadList', { body: FAILURE_POLL_BODY, signal, background: true }),
    refetchInterval: POLL_INTERVAL_MS,
    staleTime: 0,
  });

export const useFailurePoll = () => useQuery(failurePollQuery());

/** The popover's list; only fetched while `enabled` (the popover is open). */
export const useLatestUnread = (enabled: boolean) =>
  useQuery({ ...notReadListQuery(LATEST_UNREAD_BODY), enabled, staleTime: 0 });
