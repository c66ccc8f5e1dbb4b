import type { RoleUser } from '@postdeck/contract/roles';
import type { TableColumnsType } from 'antd';
import { ScrollTable } from '../../../components/scroll-table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type PagedAnswer, useTotalText } from '../../../components/list-pager/list-pager';

export interface RoleUserPaging {
  page: number;
  pageSize: number;
}

interface RoleUserTableProps {
  items: readonly RoleUser[];
  answer: PagedAnswer | undefined;
  loading: boolean;
  paging: RoleUserPaging;
  onPaging: (next: RoleUserPaging) => void;
  emptyText: ReactNode;
  /** What the list is, for screen readers. */
  label: string;
  selectedIds: readonly number[];
  onSelect: (ids: number[], on: boolean) => void;
  /** Columns after account, name and department (the row's actions). */
  extraColumns?: TableColumnsType<RoleUser>;
}

/** A page of users with a selection that spans pages: the role's members, or users to add. */
export function RoleUserTable({
  items,
  answer,
  loading,
  paging,
  onPaging,
  emptyText,
  label,
  selectedIds,
  onSelect,
  extraColumns = [],
}: RoleUserTableProps) {
  const { t } = useTranslation();
  const totalText = useTotalText();
  return (
    <ScrollTable<RoleUser>
      label={label}
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={items as RoleUser[]}
      locale={{ emptyText }}
      rowSelection={{
        selectedRowKeys: selectedIds as number[],
        preserveSelectedRowKeys: true,
        getTitleCheckboxProps: () => ({ 'aria-label': t('roles.selectPage') }),
        getCheckboxProps: (row) => ({ 'aria-label': t('roles.selectOne', { account: row.account }) }),
        onSelect: (row, on) => onSelect([row.id], on),
        onSelectAll: (on, _rows, changed) =>
          onSelect(
            changed.map((row) => row.id),
            on,
          ),
      }}
      pagination={{
        current: paging.page,
        pageSize: paging.pageSize,
        total: answer?.total ?? 0,
        showSizeChanger: true,
        showTotal: () => totalText(answer, (count) => t('roles.total', { count })),
      }}
      onChange={(pagination) =>
        onPaging({ page: pagination.current ?? 1, pageSize: pagination.pageSize ?? paging.pageSize })
      }
      columns={[
        { key: 'account', title: t('roles.account'), dataIndex: 'account' },
        { key: 'name', title: t('roles.userName'), dataIndex: 'name' },
        { key: 'department', title: t('roles.department'), dataIndex: 'department' },
        ...extraColumns,
      ]}
    />
  );
}

/** Adds or drops ids from a selection. */
export const updateSelection = (current: readonly number[], ids: readonly number[], on: boolean) => {
  const rest = current.filter((id) => !ids.includes(id));
  return on ? [...rest, ...ids] : rest;
};
