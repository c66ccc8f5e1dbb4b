import type { UserListQuery } from '@postdeck/contract/users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';

/** Every query of this feature starts with it, so a change refreshes them all at once. */
export const USERS_KEY = ['users'] as const;

/**
 * inlineErrors: these are /user/ paths, where the client otherwise treats any refusal as a
 * broken session and signs out (spec §8); the page shows the failure in place instead.
 */
export const userListQuery = (query: UserListQuery) =>
  queryOptions({
    queryKey: [...USERS_KEY, 'list', query],
    queryFn: ({ signal }) => request('userList', { query, signal, inlineErrors: true }),
  });

export const useUserList = (query: UserListQuery) =>
  useQuery({ ...userListQuery(query), placeholderData: keepPreviousData });

/** The roles to pick on the form and the filter. */
export const useRoleOptions = () =>
  useQuery({
    queryKey: [...USERS_KEY, 'roles'],
    queryFn: ({ signal }) => request('roleOptions', { signal }).then((data) => data.items),
    staleTime: 5 * 60_000,
  });
