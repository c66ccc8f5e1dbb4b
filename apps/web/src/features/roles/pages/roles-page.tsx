import { PlusOutlined } from '@ant-design/icons';
import type { RoleItem } from '@postdeck/contract/roles';
import { App, Button, Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SearchBox } from '../../../components/list-filters/search-box';
import { LoadError } from '../../../components/load-error';
import { useShowFailure } from '../../../utils/show-failure';
import { useDialogTarget } from '../../../utils/use-dialog-target';
import { useRoleActions } from '../api/role-actions';
import { useRoleList } from '../api/role-queries';
import { RoleFormDrawer, type RoleFormTarget } from '../components/role-form-drawer';
import { RoleMembersDrawer } from '../components/role-members-drawer';
import { RoleTable } from '../components/role-table';
import { type RoleFilters, readRoleFilters, toRoleQuery, writeRoleFilters } from '../list-query';
import { roleName } from '../../../utils/role-name';

/**
 * /api/system/role: the roles, what each grants (menu entries and a data scope) and who holds
 * them (issue 5, item 3). The keyword and paging live in the address. The administrator role is
 * shown but never changed; built-in roles are never deleted, nor roles someone still holds.
 */
export function RolesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showFailure = useShowFailure();
  const [params, setParams] = useSearchParams();
  const filters = readRoleFilters(params);
  const list = useRoleList(toRoleQuery(filters));
  const actions = useRoleActions();
  const editor = useDialogTarget<RoleFormTarget>();
  const members = useDialogTarget<RoleItem>();

  const change = (next: Partial<RoleFilters>) => {
    // A new keyword starts again from page 1; paging keeps its own page.
    const paging = 'page' in next;
    setParams(writeRoleFilters({ ...filters, ...(paging ? {} : { page: 1 }), ...next }));
  };

  const remove = (role: RoleItem) =>
    actions.remove.mutateAsync(role.id).then(() => {
      void message.success(t('roles.deleted', { name: roleName(role, t) }));
    }, showFailure);

  // The members drawer shows the role as the list now has it (its name after an edit).
  const membersRole =
    members.target && (list.data?.items.find((role) => role.id === members.target?.id) ?? members.target);

  return (
    <Card
      title={t('route.roles')}
      extra={
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => editor.show('new')}>
          {t('roles.new')}
        </Button>
      }
    >
      <SearchBox
        label={t('roles.search')}
        value={filters.keyword}
        onSearch={(keyword) => change({ keyword })}
        style={{ width: 260, marginBottom: 16 }}
      />
      {list.isError ? (
        <LoadError title={t('roles.loadFailed')} onRetry={() => list.refetch()} />
      ) : (
        <RoleTable
          items={list.data?.items ?? []}
          answer={list.data}
          loading={list.isFetching}
          filters={filters}
          onChange={change}
          emptyText={<Empty description={t(filters.keyword ? 'roles.noMatch' : 'roles.empty')} />}
          onEdit={editor.show}
          onMembers={members.show}
          onDelete={remove}
        />
      )}
      <RoleFormDrawer
        target={editor.target}
        open={editor.open}
        round={editor.round}
        onClose={editor.hide}
        afterOpenChange={editor.afterOpenChange}
      />
      <RoleMembersDrawer
        role={membersRole}
        open={members.open}
        round={members.round}
        onClose={members.hide}
        afterOpenChange={members.afterOpenChange}
      />
    </Card>
  );
}
