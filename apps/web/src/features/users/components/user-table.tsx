import { CheckCircleOutlined, StopOutlined } from '@ant-design/icons';
import type { UserAdminItem } from '@postdeck/contract/users';
import { Button, Popconfirm, Space, Tag } from 'antd';
import { SUCCESS } from '../../../app/theme-colors';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { STICKY_END_COLUMN, ScrollTable } from '../../../components/scroll-table';
import { useFormatTime } from '../../../i18n/use-format-time';
import { roleName } from '../../../utils/role-name';

interface UserTableProps {
  items: readonly UserAdminItem[];
  loading: boolean;
  emptyText: ReactNode;
  /** The signed-in administrator: their own row cannot be disabled nor deleted. */
  myId: number | undefined;
  selectedIds: readonly number[];
  onSelect: (ids: number[], on: boolean) => void;
  onEdit: (user: UserAdminItem) => void;
  onResetPassword: (user: UserAdminItem) => void;
  /** Resolves when the change is done or has failed (the confirm box closes then). */
  onStatus: (user: UserAdminItem, status: UserAdminItem['status']) => Promise<unknown>;
  onDelete: (users: readonly UserAdminItem[]) => Promise<unknown>;
}

/** Active or disabled, in words and an icon (never colour alone). */
function StatusTag({ status }: Pick<UserAdminItem, 'status'>) {
  const { t } = useTranslation();
  // Not antd's green tag: its text on the pale green fails WCAG AA contrast; the icon says it.
  return status === 'active' ? (
    <Tag icon={<CheckCircleOutlined aria-hidden style={{ color: SUCCESS }} />}>
      {t('users.statuses.active')}
    </Tag>
  ) : (
    <Tag icon={<StopOutlined aria-hidden />}>{t('users.statuses.disabled')}</Tag>
  );
}

/** The users with paging done on the server; disabling and deleting confirm first. */
export function UserTable({
  items,
  loading,
  emptyText,
  myId,
  selectedIds,
  onSelect,
  onEdit,
  onResetPassword,
  onStatus,
  onDelete,
}: UserTableProps) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const label = (user: UserAdminItem) => user.name || user.account;

  return (
    <ScrollTable<UserAdminItem>
      label={t('route.users')}
      rowKey="id"
      loading={loading}
      dataSource={items as UserAdminItem[]}
      locale={{ emptyText }}
      rowSelection={{
        selectedRowKeys: selectedIds as number[],
        preserveSelectedRowKeys: true,
        getTitleCheckboxProps: () => ({ 'aria-label': t('users.selectPage') }),
        getCheckboxProps: (row) => ({
          'aria-label': t('users.selectOne', { account: row.account }),
          disabled: row.id === myId,
        }),
        onSelect: (row, on) => onSelect([row.id], on),
        onSelectAll: (on, _rows, changed) =>
          onSelect(
            changed.map((row) => row.id),
            on,
          ),
      }}
      pagination={false}
      columns={[
        {
          key: 'account',
          title: t('users.account'),
          render: (_, row) => (
            <Space size={4}>
              {row.account}
              {row.id === myId && <Tag>{t('users.you')}</Tag>}
            </Space>
          ),
        },
        { key: 'name', title: t('users.name'), dataIndex: 'name' },
        { key: 'email', title: t('users.email'), dataIndex: 'email' },
        { key: 'department', title: t('users.department'), render: (_, row) => row.department.name },
        {
          key: 'roles',
          title: t('users.roles'),
          render: (_, row) => row.roles.map((role) => <Tag key={role.code}>{roleName(role, t)}</Tag>),
        },
        {
          key: 'status',
          title: t('users.status'),
          render: (_, row) => (
            <Space size={4} wrap>
              <StatusTag status={row.status} />
              {row.mustChangePassword && <Tag>{t('users.mustChangePassword')}</Tag>}
            </Space>
          ),
        },
        { key: 'createdAt', title: t('users.createdAt'), render: (_, row) => formatTime(row.createdAt) },
        {
          key: 'actions',
          title: t('users.actions'),
          // At 800 px the table scrolls sideways; the actions stay in view.
          className: STICKY_END_COLUMN,
          render: (_, row) => {
            const self = row.id === myId;
            return (
              // Wide enough for two rows of buttons, not one column of four.
              <Space size="small" wrap style={{ minWidth: 240 }}>
                <Button size="small" onClick={() => onEdit(row)}>
                  {t('users.edit')}
                </Button>
                {!self &&
                  (row.status === 'active' ? (
                    <Popconfirm
                      title={t('users.disableConfirm', { name: label(row) })}
                      description={t('users.disableWarning')}
                      okText={t('users.disable')}
                      okButtonProps={{ danger: true }}
                      cancelText={t('users.cancel')}
                      onConfirm={() => onStatus(row, 'disabled')}
                    >
                      <Button size="small">{t('users.disable')}</Button>
                    </Popconfirm>
                  ) : (
                    <Button size="small" onClick={() => void onStatus(row, 'active')}>
                      {t('users.enable')}
                    </Button>
                  ))}
                {!self && (
                  <Button size="small" onClick={() => onResetPassword(row)}>
                    {t('users.resetPassword')}
                  </Button>
                )}
                {!self && (
                  <Popconfirm
                    title={t('users.deleteConfirm', { name: label(row) })}
                    description={t('users.deleteWarning')}
                    okText={t('users.delete')}
                    okButtonProps={{ danger: true }}
                    cancelText={t('users.cancel')}
                    onConfirm={() => onDelete([row])}
                  >
                    <Button size="small" danger>
                      {t('users.delete')}
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
