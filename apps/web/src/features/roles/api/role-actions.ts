import type { BodyOf, QueryOf } from '@postdeck/contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { ROLES_KEY } from './role-queries';

/**
 * The users page keeps its role options (filter and form) under this key (features/users,
 * USERS_KEY); a role added, renamed or deleted here is marked stale there, so that page offers
 * the roles as they now are. Named, not imported: features do not import each other.
 */
const USERS_PAGE_KEY = ['users'] as const;

/**
 * Adding, editing and deleting roles; each refreshes the role list. inlineErrors (see
 * role-queries.ts): the form puts field refusals on its fields, the page shows the rest.
 */
export function useRoleActions() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [...ROLES_KEY, 'list'] }),
      queryClient.invalidateQueries({ queryKey: USERS_PAGE_KEY }),
    ]);
  return {
    create: useMutation({
      mutationFn: (query: QueryOf<'roleAdd'>) => request('roleAdd', { query, inlineErrors: true }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: (body: BodyOf<'roleUpdate'>) => request('roleUpdate', { body, inlineErrors: true }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (roleId: number) => request('roleDelete', { query: { roleId }, inlineErrors: true }),
      // Also on failure: a refusal ('still held') means the list was out of date.
      onSettled: refresh,
    }),
  };
}

/**
 * Giving a role to users and taking it from them; each refreshes the role's user lists, the
 * role list (its user counts) and the users page (its role tags).
 */
export function useRoleMemberActions(roleId: number) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [...ROLES_KEY, 'users', roleId] }),
      queryClient.invalidateQueries({ queryKey: [...ROLES_KEY, 'list'] }),
      queryClient.invalidateQueries({ queryKey: USERS_PAGE_KEY }),
    ]);
  return {
    add: useMutation({
      mutationFn: (userIds: readonly number[]) =>
        request('roleInsert', { query: { roleId, userIds: userIds.join(',') }, inlineErrors: true }),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (userIds: readonly number[]) =>
        request('roleDelete', { query: { roleId, userIds: userIds.join(',') }, inlineErrors: true }),
      onSettled: refresh,
    }),
  };
}
