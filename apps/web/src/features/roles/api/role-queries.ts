import type { RoleListQuery, RoleUsersQuery } from '@postdeck/contract/roles';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';

/** Every query of this feature starts with it, so a change can refresh them all at once. */
export const ROLES_KEY = ['roles'] as const;

/**
 * inlineErrors on every call of this feature: the role calls are /control/user/ paths, where
 * the client otherwise takes any refusal for a broken session and signs out (spec §8); the page
 * shows failures in place instead.
 */
export const roleListQuery = (query: RoleListQuery) =>
  queryOptions({
    queryKey: [...ROLES_KEY, 'list', query],
    queryFn: ({ signal }) => request('roleList', { query, signal, inlineErrors: true }),
  });

export const useRoleList = (query: RoleListQuery) =>
  useQuery({ ...roleListQuery(query), placeholderData: keepPreviousData });

/** Every menu entry (groups, pages, actions), flat, for the role form's tree. */
export const useRoleMenuTree = () =>
  useQuery({
    queryKey: [...ROLES_KEY, 'menus'],
    queryFn: ({ signal }) =>
      request('roleMenuTree', { signal, inlineErrors: true }).then((data) => data.items),
  });

/** The members of a role (member 'true') or the users who could be given it ('false'). */
export const roleUsersQuery = (query: RoleUsersQuery) =>
  queryOptions({
    queryKey: [...ROLES_KEY, 'users', Number(query.roleId), query],
    queryFn: ({ signal }) => request('roleUsers', { query, signal, inlineErrors: true }),
  });

export const useRoleUsers = (query: RoleUsersQuery, enabled = true) =>
  useQuery({ ...roleUsersQuery(query), placeholderData: keepPreviousData, enabled });
