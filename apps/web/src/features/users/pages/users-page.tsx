import { PlusOutlined } from '@ant-design/icons';
import type { UserAdminItem, UserStatus } from '@postdeck/contract/users';
import { App, Button, Card, Empty } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListPager } from '../../../components/list-pager/list-pager';
import { LoadError } from '../../../components/load-error';
import { changeListFilters } from '../../../utils/url-filters';
import { useUserStore } from '../../../stores/user-store';
import { useUserActions } from '../api/user-actions';
import { useUserList } from '../api/user-list';
import { ResetPasswordDialog } from '../components/reset-password-dialog';
import { SelectionBar } from '../components/selection-bar';
import { UserFiltersBar } from '../components/user-filters';
import { type UserFormTarget, UserFormDrawer } from '../components/user-form-drawer';
import { UserTable } from '../components/user-table';
import { FILTER_KEYS, type UserFilters, readUserFilters, toUserQuery, writeUserFilters } from '../list-query';
import { useShowFailure } from '../../../utils/show-failure';
import { useDialogTarget } from '../../../utils/use-dialog-target';

/**
 * /api/system/user: the users of the administrator's scope. Filters and paging live in the
 * address, so a link shows the same rows; the selection spans pages.
 */
export function UsersPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showFailure = useShowFailure();
  const [params, setParams] = useSearchParams();
  const filters = readUserFilters(params);
  const list = useUserList(toUserQuery(filters));
  const myId = useUserStore((state) => state.info?.id);
  const actions = useUserActions();
  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  const editor = useDialogTarget<UserFormTarget>();
  const resetting = useDialogTarget<UserAdminItem>();

  const change = (next: Partial<UserFilters>) =>
    setParams(writeUserFilters(changeListFilters(filters, next)));
  const select = (ids: number[], on: boolean) =>
    setSelectedIds((current) => {
      const rest = current.filter((id) => !ids.includes(id));
      return on ? [...rest, ...ids] : rest;
    });

  const setStatus = (user: UserAdminItem, status: UserStatus) =>
    actions.status.mutateAsync({ id: user.id, status }).then((saved) => {
      const name = saved.name || saved.account;
      void message.success(t(status === 'active' ? 'users.enabledDone' : 'users.disabledDone', { name }));
    }, showFailure);

  const remove = (ids: readonly number[]) =>
    actions.remove.mutateAsync(ids).then(({ deleted }) => {
      setSelectedIds((current) => current.filter((id) => !ids.includes(id)));
      void message.success(t('users.deleted', { count: deleted }));
    }, showFailure);

  const filtered = FILTER_KEYS.some((key) => filters[key] !== undefined);
  const emptyText = <Empty description={t(filtered ? 'users.noMatch' : 'users.empty')} />;

  return (
    <Card
      title={t('route.users')}
      extra={
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => editor.show('new')}>
          {t('users.new')}
        </Button>
      }
    >
      <UserFiltersBar filters={filters} onChange={change} />
      <SelectionBar
        count={selectedIds.length}
        onDelete={() => remove(selectedIds)}
        onClear={() => setSelectedIds([])}
      />
      {list.isError ? (
        <LoadError title={t('users.loadFailed')} onRetry={() => list.refetch()} />
      ) : (
        <UserTable
          items={list.data?.items ?? []}
          loading={list.isFetching}
          emptyText={emptyText}
          myId={myId}
          selectedIds={selectedIds}
          onSelect={select}
          onEdit={editor.show}
          onResetPassword={resetting.show}
          onStatus={setStatus}
          onDelete={(users) => remove(users.map((user) => user.id))}
        />
      )}
      {!list.isError && (
        <ListPager
          answer={list.data}
          paging={filters}
          onChange={change}
          totalText={(count) => t('users.total', { count })}
        />
      )}
      <UserFormDrawer
        target={editor.target}
        open={editor.open}
        round={editor.round}
        onClose={editor.hide}
        afterOpenChange={editor.afterOpenChange}
        onShowExisting={(account) => {
          editor.hide();
          change({ account, name: undefined, departmentId: undefined, role: undefined, status: undefined });
        }}
      />
      <ResetPasswordDialog
        user={resetting.target}
        open={resetting.open}
        round={resetting.round}
        onClose={resetting.hide}
        afterOpenChange={resetting.afterOpenChange}
      />
    </Card>
  );
}
