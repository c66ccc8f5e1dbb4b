import { PAGE_SIZE_MAX } from '@postdeck/contract/constants';
import { PERMISSIONS } from '@postdeck/contract/permissions';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { useDepartments } from '../../../api/departments';
import { useUserStore } from '../../../stores/user-store';
import { useAccountChoices } from '../../publish-history/api/account-choices';

export interface Named {
  id: number;
  name: string;
}

/**
 * The authors the author filter offers: the people of the user's scope where they may list
 * users (asked for once the filter is opened), else the user alone.
 */
function useAuthorChoices(wanted: boolean) {
  const info = useUserStore((store) => store.info);
  const users = info?.permissions.includes(PERMISSIONS.systemUsers) ?? false;
  const listed = useQuery({
    queryKey: ['statistics', 'authorChoices'],
    queryFn: ({ signal }) =>
      request('userList', { query: { pageSize: PAGE_SIZE_MAX }, signal, inlineErrors: true }).then(
        (answer): Named[] => answer.items.map(({ id, name }) => ({ id, name })),
      ),
    enabled: wanted && users,
    staleTime: 5 * 60_000,
  });
  return [...(info ? [{ id: info.id, name: info.name }] : []), ...(listed.data ?? [])];
}

/**
 * Where the filters' options come from, as the publish list's: the departments of the user's
 * scope (the filter shows only with more than one), the channel accounts they may list or
 * publish to, and the authors above; accounts and authors are asked for when first wanted.
 */
export function useFilterChoices(wanted: { accounts: boolean; authors: boolean }) {
  const departments = useDepartments();
  const accounts = useAccountChoices(wanted.accounts);
  const authors = useAuthorChoices(wanted.authors);
  return {
    departments: (departments.data?.length ?? 0) > 1,
    accounts: accounts.data ?? [],
    authors: uniqueBy(authors),
  };
}

/** The first of each id, in order. */
export function uniqueBy<T extends { id: number }>(values: readonly T[]): T[] {
  const seen = new Map<number, T>();
  for (const value of values) if (!seen.has(value.id)) seen.set(value.id, value);
  return [...seen.values()];
}
