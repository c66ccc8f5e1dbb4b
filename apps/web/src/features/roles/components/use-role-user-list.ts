import { PAGE_SIZE_DEFAULT } from '@postdeck/contract/constants';
import { useState } from 'react';
import { useRoleUsers } from '../api/role-queries';
import { type RoleUserPaging, updateSelection } from './role-user-table';

/**
 * What a list of a role's users (or of those who could be given it) keeps: the keyword, the
 * page and the picked rows; a new keyword starts again from the first page.
 */
export function useRoleUserList(roleId: number, member: 'true' | 'false') {
  const [keyword, setKeyword] = useState<string>();
  const [paging, setPaging] = useState<RoleUserPaging>({ page: 1, pageSize: PAGE_SIZE_DEFAULT });
  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  const query = useRoleUsers({ roleId, member, keyword, ...paging });
  return {
    query,
    keyword,
    search: (next: string | undefined) => {
      setKeyword(next);
      setPaging((current) => ({ ...current, page: 1 }));
    },
    paging,
    setPaging,
    selectedIds,
    setSelectedIds,
    select: (ids: readonly number[], on: boolean) =>
      setSelectedIds((current) => updateSelection(current, ids, on)),
  };
}
