import type { PublishHistoryItem, PublishHistoryQuery } from '@postdeck/contract/publish-history';
import type { Publication, PublicationStatus } from '@postdeck/contract/publishing';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { PUBLISHING_KEY } from '../../publishing/api/publish-queries';
import { HISTORY_ENDPOINTS, type HistoryTab } from '../list-query';

/** Every cached answer of this page; under publishing's key, so a new publication refreshes it too. */
export const HISTORY_KEY = [...PUBLISHING_KEY, 'history'] as const;

/** How often the accounts of a publish action still on their way are asked after. */
export const HISTORY_POLL_MS = 5000;

/** States a worker moves on its own within moments: while one shows, its row is asked after. */
const MOVING: readonly PublicationStatus[] = ['queued', 'publishing'];
export const isMovingStatus = (status: PublicationStatus) => MOVING.includes(status);
const isMoving = (children: readonly Publication[] | undefined) =>
  children?.some((child) => isMovingStatus(child.status)) ?? false;

export const historyListKey = (tab: HistoryTab, query: PublishHistoryQuery) =>
  [...HISTORY_KEY, 'list', tab, query] as const;

/**
 * One page of a tab's list. Stale at once: choosing the page again (the side menu's
 * /menuRedirect) mounts it afresh and asks again. inlineErrors: the page shows a failed load
 * in place of the rows, with Retry.
 */
export const useHistoryList = (tab: HistoryTab | undefined, query: PublishHistoryQuery) =>
  useQuery({
    queryKey: historyListKey(tab ?? 'mine', query),
    queryFn: ({ signal, queryKey, client }) =>
      // The three lists take the same query and answer alike (publishHistory* in the contract).
      request(HISTORY_ENDPOINTS[tab ?? 'mine'] as 'publishHistoryMine', {
        query,
        signal,
        inlineErrors: true,
        // A refresh of rows already shown (after an action, the page chosen again) is not the
        // user's own asking: once they cancelled the confirm-logout box it is not sent, so the
        // box does not come back by itself. A first load of a key is.
        background: client.getQueryState(queryKey)?.data !== undefined,
      }),
    enabled: tab !== undefined,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/**
 * The rows with their accounts as they stand now. The list is a heavy query: rather than asking
 * it again while publications go out, only the publish actions with accounts still queued or
 * publishing are asked after (getPubHistoryByParentId), every HISTORY_POLL_MS until they settle;
 * whichever answer is newer, the list's or the row's own, is shown.
 */
export function useLiveRows(
  items: readonly PublishHistoryItem[],
  listUpdatedAt: number,
): PublishHistoryItem[] {
  const moving = items.filter((item) => isMoving(item.children));
  const fresh = useQueries({
    queries: moving.map((item) => ({
      queryKey: [...HISTORY_KEY, 'children', item.id],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        request('publishHistoryChildren', {
          query: { id: item.id },
          signal,
          inlineErrors: true,
          background: true,
        }).then((answer) => answer.items),
      // The list's answer stands in: the first poll is due HISTORY_POLL_MS after it.
      initialData: item.children,
      initialDataUpdatedAt: listUpdatedAt,
      staleTime: HISTORY_POLL_MS,
      refetchInterval: (query: { state: { data?: Publication[] | undefined } }) =>
        isMoving(query.state.data ?? item.children) ? HISTORY_POLL_MS : false,
    })),
    combine: (results) =>
      new Map(
        results.flatMap((result, index) => {
          const item = moving[index];
          return item && result.data && result.dataUpdatedAt > listUpdatedAt
            ? [[item.id, result.data] as const]
            : [];
        }),
      ),
  });
  return items.map((item) => {
    const children = fresh.get(item.id);
    return children ? { ...item, children } : item;
  });
}
