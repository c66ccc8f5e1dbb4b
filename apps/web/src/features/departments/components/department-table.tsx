import type { DepartmentAdminItem } from '@postdeck/contract/departments';
import { Button, Popconfirm, Space, Tooltip } from 'antd';
import { ScrollTable } from '../../../components/scroll-table';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TreeNode, nestTree, parentIds } from '../../../utils/tree';

type Row = TreeNode<DepartmentAdminItem>;

interface DepartmentTableProps {
  items: readonly DepartmentAdminItem[];
  loading: boolean;
  emptyText: ReactNode;
  onAddChild: (parent: DepartmentAdminItem) => void;
  onEdit: (department: DepartmentAdminItem) => void;
  /** Resolves when the delete is done or has failed (the confirm box closes then). */
  onDelete: (department: DepartmentAdminItem) => Promise<unknown>;
}

/**
 * The managed departments as a tree, every branch open until the administrator closes it (a
 * branch that appears later, under a new sub-department, opens too). Only an empty department
 * other than the root can be deleted; the button says why not otherwise.
 */
export function DepartmentTable({
  items,
  loading,
  emptyText,
  onAddChild,
  onEdit,
  onDelete,
}: DepartmentTableProps) {
  const { t } = useTranslation();
  const rows = useMemo(() => nestTree(items), [items]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(() => new Set());
  const expanded = useMemo(() => parentIds(items).filter((id) => !collapsed.has(id)), [items, collapsed]);

  const whyKept = (row: DepartmentAdminItem) =>
    row.parentId === null
      ? t('departmentAdmin.rootKept')
      : row.empty
        ? undefined
        : t('departmentAdmin.notEmpty');

  return (
    <ScrollTable<Row>
      label={t('route.departments')}
      rowKey="id"
      loading={loading}
      dataSource={rows}
      locale={{ emptyText }}
      pagination={false}
      // No horizontal scroll: antd's scrolling region and its measuring row fail axe-core
      // (scrollable-region-focusable, aria-hidden-focus); the columns wrap instead.
      expandable={{
        expandedRowKeys: expanded,
        onExpand: (open, row) =>
          setCollapsed((current) => {
            const next = new Set(current);
            if (open) next.delete(row.id);
            else next.add(row.id);
            return next;
          }),
      }}
      columns={[
        { key: 'name', title: t('departmentAdmin.name'), dataIndex: 'name' },
        {
          key: 'userCount',
          title: t('departmentAdmin.userCount'),
          dataIndex: 'userCount',
          align: 'right',
          width: 120,
        },
        {
          key: 'actions',
          title: t('departmentAdmin.actions'),
          render: (_, row) => {
            const kept = whyKept(row);
            return (
              <Space size="small" wrap>
                <Button size="small" onClick={() => onAddChild(row)}>
                  {t('departmentAdmin.addChild')}
                </Button>
                <Button size="small" onClick={() => onEdit(row)}>
                  {t('departmentAdmin.edit')}
                </Button>
                {kept ? (
                  <Tooltip title={kept}>
                    <Button size="small" danger disabled>
                      {t('departmentAdmin.delete')}
                    </Button>
                  </Tooltip>
                ) : (
                  <Popconfirm
                    title={t('departmentAdmin.deleteConfirm', { name: row.name })}
                    description={t('departmentAdmin.deleteWarning')}
                    okText={t('departmentAdmin.delete')}
                    okButtonProps={{ danger: true }}
                    cancelText={t('departmentAdmin.cancel')}
                    onConfirm={() => onDelete(row)}
                  >
                    <Button size="small" danger>
                      {t('departmentAdmin.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            );
          },
        },
      ]}
    />
  );
}
