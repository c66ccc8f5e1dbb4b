import type { QueryOf } from '@postdeck/contract/endpoints';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';

export type TipListQuery = QueryOf<'tipList'>;

export const fetchTipList = (query: TipListQuery, signal?: AbortSignal) =>
  request('tipList', { query, signal });

export const tipListQuery = (query: TipListQuery) =>
  queryOptions({
    queryKey: ['messages', 'tipList', query],
    queryFn: ({ signal }) => fetchTipList(query, signal),
  });

export const useTipList = (query: TipListQuery) =>
  useQuery({ ...tipListQuery(query), placeholderData: keepPreviousData });
