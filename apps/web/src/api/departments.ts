import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './client';

/** The departments of the user's data scope; shared by every form and filter that picks one. */
export const departmentsQuery = () =>
  queryOptions({
    queryKey: ['departments', 'list'],
    queryFn: ({ signal }) => request('departmentList', { signal }).then((data) => data.items),
    staleTime: 60_000,
  });

export const useDepartments = () => useQuery(departmentsQuery());
