import type { BodyOf } from '@postdeck/contract/endpoints';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { departmentsQuery } from '../../../api/departments';

/**
 * The departments the administrator manages, flat (nest them with department-tree.ts).
 * inlineErrors: the page shows a failed load in place (LoadError), not also as a passing message.
 */
export const departmentAdminListQuery = () =>
  queryOptions({
    queryKey: ['departments', 'adminList'],
    queryFn: ({ signal }) =>
      request('departmentAdminList', { signal, inlineErrors: true }).then((data) => data.items),
  });

export const useDepartmentAdminList = () => useQuery(departmentAdminListQuery());

/**
 * Every change to the departments; each refreshes this page's list and the departments every
 * picker and filter offers (api/departments.ts), so other pages see the change. inlineErrors:
 * the forms put refusals on their fields (name taken, cycle, not managed) and the page shows
 * the rest ('only an empty department') itself.
 */
export function useDepartmentActions() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: departmentAdminListQuery().queryKey }),
      queryClient.invalidateQueries({ queryKey: departmentsQuery().queryKey }),
    ]);
  return {
    create: useMutation({
      mutationFn: (body: BodyOf<'departmentCreate'>) =>
        request('departmentCreate', { body, inlineErrors: true }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: (body: BodyOf<'departmentUpdate'>) =>
        request('departmentUpdate', { body, inlineErrors: true }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => request('departmentDelete', { body: { id }, inlineErrors: true }),
      // Also on failure: a refusal means the list was out of date (someone added a user meanwhile).
      onSettled: refresh,
    }),
  };
}
