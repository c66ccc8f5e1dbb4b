import type { ContentListQuery } from '@postdeck/contract/content';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';

/** Which list: the department one (data scope) or the administrators' one. */
export type ContentListKind = 'contentDeptList' | 'contentAdminList';

export const contentListQuery = (kind: ContentListKind, query: ContentListQuery) =>
  queryOptions({
    queryKey: ['content', 'list', kind, query],
    queryFn: ({ signal }) => request(kind, { query, signal }),
  });

export const useContentList = (kind: ContentListKind, query: ContentListQuery) =>
  useQuery({ ...contentListQuery(kind, query), placeholderData: keepPreviousData });
