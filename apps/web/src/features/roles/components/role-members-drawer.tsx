import { DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import type { RoleItem, RoleUser } from '@postdeck/contract/roles';
import { App, Button, Drawer, Empty, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '../../../components/list-filters/search-box';
import { LoadError } from '../../../components/load-error';
import { useShowFailure } from '../../../utils/show-failure';
import { useRoleMemberActions } from '../api/role-actions';
import { AddMembersDialog } from './add-members-dialog';
import { RoleUserTable } from './role-user-table';
import { useRoleUserList } from './use-role-user-list';
import { roleName } from '../../../utils/role-name';

/** The role's users, searchable and paged, with removing (one or the selected) and adding. */
function RoleMembers({ role }: { role: RoleItem }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showFailure = useShowFailure();
  const list = useRoleUserList(role.id, 'true');
  const { query: members, keyword, paging, setPaging, selectedIds, setSelectedIds } = list;
  const [adding, setAdding] = useState({ open: false, round: 0 });
  const { remove } = useRoleMemberActions(role.id);
  const items = members.data?.items ?? [];

  const removeUsers = (ids: readonly number[]) =>
    remove.mutateAsync(ids).then(({ deleted }) => {
      setSelectedIds((current) => current.filter((id) => !ids.includes(id)));
      // The last rows of a later page gone: show the page before it.
      if (paging.page > 1 && items.every((user) => ids.includes(user.id))) {
        setPaging((current) => ({ ...current, page: current.page - 1 }));
      }
      void message.success(t('roles.membersRemoved', { count: deleted, name: roleName(role, t) }));
    }, showFailure);

  const label = (user: RoleUser) => user.name || user.account;

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <SearchBox
          label={t('roles.searchUsers')}
          value={keyword}
          style={{ width: 240 }}
          onSearch={list.search}
        />
        <Button
          type="primary"
          icon={<UserAddOutlined aria-hidden />}
          onClick={() => setAdding((current) => ({ open: true, round: current.round + 1 }))}
        >
          {t('roles.addMembers')}
        </Button>
        {selectedIds.length > 0 && (
          <>
            <span aria-live="polite">{t('roles.selectedCount', { count: selectedIds.length })}</span>
            <Popconfirm
              title={t('roles.removeManyConfirm', { count: selectedIds.length, name: roleName(role, t) })}
              description={t('roles.removeWarning')}
              okText={t('roles.remove')}
              okButtonProps={{ danger: true }}
              cancelText={t('roles.cancel')}
              onConfirm={() => removeUsers(selectedIds)}
            >
              <Button danger icon={<DeleteOutlined aria-hidden />}>
                {t('roles.removeSelected')}
              </Button>
            </Popconfirm>
            <Button onClick={() => setSelectedIds([])}>{t('roles.clearSelection')}</Button>
          </>
        )}
      </Space>
      {members.isError ? (
        <LoadError title={t('roles.usersLoadFailed')} onRetry={() => members.refetch()} />
      ) : (
        <RoleUserTable
          items={items}
          answer={members.data}
          loading={members.isFetching}
          paging={paging}
          onPaging={setPaging}
          emptyText={<Empty description={t(keyword ? 'roles.noUserMatch' : 'roles.noMembers')} />}
          label={t('roles.membersTitle', { name: roleName(role, t) })}
          selectedIds={selectedIds}
          onSelect={list.select}
          extraColumns={[
            {
              key: 'actions',
              title: t('roles.actions'),
              render: (_, row) => (
                <Popconfirm
                  title={t('roles.removeConfirm', { user: label(row), name: roleName(role, t) })}
                  description={t('roles.removeWarning')}
                  okText={t('roles.remove')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('roles.cancel')}
                  onConfirm={() => removeUsers([row.id])}
                >
                  <Button size="small" danger>
                    {t('roles.remove')}
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      )}
      <AddMembersDialog
        role={role}
        open={adding.open}
        round={adding.round}
        onClose={() => setAdding((current) => ({ ...current, open: false }))}
      />
    </>
  );
}

interface RoleMembersDrawerProps {
  role: RoleItem | undefined;
  open: boolean;
  /** The list mounted afresh (first page, no search) for each opening. */
  round: number;
  onClose: () => void;
  afterOpenChange: (open: boolean) => void;
}

/** Who holds a role; adding and removing users changes the role list's counts too. */
export function RoleMembersDrawer({ role, open, round, onClose, afterOpenChange }: RoleMembersDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      afterOpenChange={afterOpenChange}
      size={720}
      title={role ? t('roles.membersTitle', { name: roleName(role, t) }) : undefined}
    >
      {role !== undefined && <RoleMembers key={round} role={role} />}
    </Drawer>
  );
}
