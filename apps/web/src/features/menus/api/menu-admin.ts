import type { BodyOf } from '@postdeck/contract/endpoints';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { useUserStore } from '../../../stores/user-store';

/**
 * Every menu entry with all its fields, flat (nest them with utils/tree.ts). inlineErrors: the
 * page shows a failed load in place (LoadError), not also as a passing message.
 */
export const menuAdminListQuery = () =>
  queryOptions({
    queryKey: ['menus', 'adminList'],
    queryFn: ({ signal }) => request('menuList', { signal, inlineErrors: true }).then((data) => data.items),
  });

export const useMenuAdminList = () => useQuery(menuAdminListQuery());

/**
 * Reloads the signed-in user's own menu (and permissions, which menu entries grant) the way the
 * navigation guard first loaded them, so the administrator's sidebar shows a change at once.
 * The menu is not a query: the guard keeps it in the user store. Quietly keeps the old one when
 * either call fails; the next sign-in loads it anyway.
 */
export async function refreshOwnMenu(): Promise<void> {
  try {
    const [info, dashboard] = await Promise.all([
      request('info', { silent: true }),
      request('dashboard', { silent: true }),
    ]);
    const store = useUserStore.getState();
    // Signed out meanwhile: nothing to refresh.
    if (!store.loaded || !Array.isArray(dashboard?.menuList)) return;
    store.setSession(info, dashboard.menuList);
  } catch {
    // Kept as it was.
  }
}

/**
 * Every change to the menu; each refreshes this page's list and the administrator's own menu.
 * inlineErrors: the form puts refusals on its fields (parent not allowed, validation) and the
 * page shows the rest (built-in entry, entry with sub-entries) itself.
 */
export function useMenuActions() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: menuAdminListQuery().queryKey }),
      refreshOwnMenu(),
    ]);
  return {
    create: useMutation({
      mutationFn: (body: BodyOf<'menuCreate'>) => request('menuCreate', { body, inlineErrors: true }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: (body: BodyOf<'menuUpdate'>) => request('menuUpdate', { body, inlineErrors: true }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => request('menuDelete', { body: { id }, inlineErrors: true }),
      // Also on failure: a refusal means the list was out of date (someone added a sub-entry).
      onSettled: refresh,
    }),
  };
}
