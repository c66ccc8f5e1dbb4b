import { ADMIN_ROLE, type RoleItem } from '@postdeck/contract/roles';
import { Button, Flex, Popconfirm, Space, Tag, Typography } from 'antd';
import { ScrollTable } from '../../../components/scroll-table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type PagedAnswer, useTotalText } from '../../../components/list-pager/list-pager';
import type { RoleFilters } from '../list-query';
import { roleName } from '../../../utils/role-name';

interface RoleTableProps {
  items: readonly RoleItem[];
  answer: PagedAnswer | undefined;
  loading: boolean;
  filters: RoleFilters;
  onChange: (next: Partial<RoleFilters>) => void;
  emptyText: ReactNode;
  onEdit: (role: RoleItem) => void;
  onMembers: (role: RoleItem) => void;
  /** Resolves when the delete is done or has failed (the confirm box closes then). */
  onDelete: (role: RoleItem) => Promise<unknown>;
}

/** Why a role's Edit and Delete are off, in words shown under them (not only on hover). */
function useWhyKept() {
  const { t } = useTranslation();
  return (role: RoleItem): { edit: boolean; remove: boolean; reason?: string } => {
    if (role.code === ADMIN_ROLE) return { edit: false, remove: false, reason: t('roles.adminKept') };
    if (role.builtIn) return { edit: true, remove: false, reason: t('roles.builtInKept') };
    if (role.userCount > 0) return { edit: true, remove: false, reason: t('roles.inUse') };
    return { edit: true, remove: true };
  };
}

/** The roles with paging done on the server; deleting confirms first. */
export function RoleTable({
  items,
  answer,
  loading,
  filters,
  onChange,
  emptyText,
  onEdit,
  onMembers,
  onDelete,
}: RoleTableProps) {
  const { t } = useTranslation();
  const totalText = useTotalText();
  const whyKept = useWhyKept();

  return (
    <ScrollTable<RoleItem>
      label={t('route.roles')}
      rowKey="id"
      loading={loading}
      dataSource={items as RoleItem[]}
      locale={{ emptyText }}
      pagination={{
        current: filters.page,
        pageSize: filters.pageSize,
        total: answer?.total ?? 0,
        showSizeChanger: true,
        showTotal: () => totalText(answer, (count) => t('roles.total', { count })),
      }}
      onChange={(pagination) =>
        onChange({ page: pagination.current ?? 1, pageSize: pagination.pageSize ?? filters.pageSize })
      }
      columns={[
        { key: 'code', title: t('roles.code'), dataIndex: 'code' },
        {
          key: 'name',
          title: t('roles.name'),
          render: (_, row) => (
            <Space size={4} wrap>
              {roleName(row, t)}
              {/* A default tag: the coloured ones fail WCAG AA contrast. */}
              {row.builtIn && <Tag>{t('roles.builtIn')}</Tag>}
            </Space>
          ),
        },
        {
          key: 'dataScope',
          title: t('roles.dataScope'),
          render: (_, row) => t(`roles.dataScopes.${row.dataScope}`),
        },
        { key: 'userCount', title: t('roles.userCount'), dataIndex: 'userCount', align: 'right', width: 100 },
        {
          key: 'actions',
          title: t('roles.actions'),
          render: (_, row) => {
            const kept = whyKept(row);
            const reasonId = kept.reason ? `role-${row.id}-kept` : undefined;
            return (
              <Flex vertical gap={4}>
                <Space size="small" wrap>
                  <Button
                    size="small"
                    disabled={!kept.edit}
                    aria-describedby={kept.edit ? undefined : reasonId}
                    onClick={() => onEdit(row)}
                  >
                    {t('roles.edit')}
                  </Button>
                  <Button size="small" onClick={() => onMembers(row)}>
                    {t('roles.members')}
                  </Button>
                  {kept.remove ? (
                    <Popconfirm
                      title={t('roles.deleteConfirm', { name: roleName(row, t) })}
                      description={t('roles.deleteWarning')}
                      okText={t('roles.delete')}
                      okButtonProps={{ danger: true }}
                      cancelText={t('roles.cancel')}
                      onConfirm={() => onDelete(row)}
                    >
                      <Button size="small" danger>
                        {t('roles.delete')}
                      </Button>
                    </Popconfirm>
                  ) : (
                    <Button size="small" danger disabled aria-describedby={reasonId}>
                      {t('roles.delete')}
                    </Button>
                  )}
                </Space>
                {kept.reason && (
                  <Typography.Text type="secondary" id={reasonId} style={{ fontSize: 12 }}>
                    {kept.reason}
                  </Typography.Text>
                )}
              </Flex>
            );
          },
        },
      ]}
    />
  );
}
