import type { QueryOf } from '@postdeck/contract/endpoints';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';

export type MyInforQuery = QueryOf<'myInfor'>;

export const fetchMyInfor = (query: MyInforQuery, signal?: AbortSignal) =>
  request('myInfor', { query, signal });

export const myInforQuery = (query: MyInforQuery) =>
  queryOptions({
    queryKey: ['messages', 'myInfor', query],
    queryFn: ({ signal }) => fetchMyInfor(query, signal),
  });

export const useMyInfor = (query: MyInforQuery) =>
  useQuery({ ...myInforQuery(query), placeholderData: keepPreviousData, staleTime: 0 });
