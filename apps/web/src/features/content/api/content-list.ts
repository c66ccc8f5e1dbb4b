import type { ContentListQuery } from '@postdeck/contract/content';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { queryClient } from '../../../api/query-client';
import { readContentFilters, toContentQuery } from '../list-query';

/** Which list: the department one (data scope) or the administrators' one. */
export type ContentListKind = 'contentDeptList' | 'contentAdminList';

export const contentListQuery = (kind: ContentListKind, query: ContentListQuery) =>
  queryOptions({
    queryKey: ['content', 'list', kind, query],
    queryFn: ({ signal }) => request(kind, { query, signal }),
  });

export const useContentList = (kind: ContentListKind, query: ContentListQuery) =>
  useQuery({ ...contentListQuery(kind, query), placeholderData: keepPreviousData });

/**
 * The list the address asks for, asked for while the page's chunk loads (app/page-registry.ts),
 * so the rows are there when the page first renders. Quietly: a failure is the page's to show
 * when its own query asks again.
 */
export function prefetchContentList(kind: ContentListKind, search: URLSearchParams): Promise<void> {
  const query = toContentQuery(readContentFilters(search));
  return queryClient.prefetchQuery({
    queryKey: contentListQuery(kind, query).queryKey,
    queryFn: ({ signal }) => request(kind, { query, signal, silent: true }),
  });
}
