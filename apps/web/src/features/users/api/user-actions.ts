import type { BodyOf } from '@postdeck/contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { USERS_KEY } from './user-list';

/**
 * Every change an administrator makes to users; each refreshes the list. inlineErrors: these are
 * /user/ paths (see user-list.ts), and the page shows refusals (field errors, 'not on yourself',
 * 'last administrator') itself.
 */
export function useUserActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [...USERS_KEY, 'list'] });
  return {
    create: useMutation({
      mutationFn: (body: BodyOf<'userCreate'>) => request('userCreate', { body, inlineErrors: true }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: (body: BodyOf<'userUpdate'>) => request('userUpdate', { body, inlineErrors: true }),
      onSuccess: refresh,
    }),
    status: useMutation({
      mutationFn: (body: BodyOf<'userStatus'>) => request('userStatus', { body, inlineErrors: true }),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (ids: readonly number[]) =>
        request('userDelete', { query: { ids: ids.join(',') }, inlineErrors: true }),
      onSettled: refresh,
    }),
    resetPassword: useMutation({
      mutationFn: (body: { userId: number; newPassword: string }) =>
        request('passwordUpdate', { body, inlineErrors: true }),
      onSuccess: refresh,
    }),
  };
}

/** A person of the company directory by account, or null; for prefilling the create form. */
export const lookUpDirectory = (account: string) =>
  request('userDirectory', { query: { account }, inlineErrors: true });
