import type { RoleItem } from '@postdeck/contract/roles';
import { App, Button, Empty, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '../../../components/list-filters/search-box';
import { LoadError } from '../../../components/load-error';
import { useShowFailure } from '../../../utils/show-failure';
import { useRoleMemberActions } from '../api/role-actions';
import { RoleUserTable } from './role-user-table';
import { useRoleUserList } from './use-role-user-list';
import { roleName } from '../../../utils/role-name';

interface AddMembersProps {
  role: RoleItem;
  onDone: () => void;
}

/** The users of the administrator's scope who do not hold the role, to pick and give it to. */
function AddMembers({ role, onDone }: AddMembersProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showFailure = useShowFailure();
  const list = useRoleUserList(role.id, 'false');
  const { query: candidates, keyword, selectedIds } = list;
  const { add } = useRoleMemberActions(role.id);

  const submit = () =>
    add.mutateAsync(selectedIds).then(({ inserted }) => {
      void message.success(t('roles.membersAdded', { count: inserted, name: roleName(role, t) }));
      onDone();
    }, showFailure);

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <SearchBox
          label={t('roles.searchUsers')}
          value={keyword}
          style={{ width: 240 }}
          onSearch={list.search}
        />
        <span aria-live="polite">{t('roles.selectedCount', { count: selectedIds.length })}</span>
      </Space>
      {candidates.isError ? (
        <LoadError title={t('roles.usersLoadFailed')} onRetry={() => candidates.refetch()} />
      ) : (
        <RoleUserTable
          items={candidates.data?.items ?? []}
          answer={candidates.data}
          loading={candidates.isFetching}
          paging={list.paging}
          onPaging={list.setPaging}
          emptyText={<Empty description={t(keyword ? 'roles.noUserMatch' : 'roles.noCandidates')} />}
          label={t('roles.addMembersTitle', { name: roleName(role, t) })}
          selectedIds={selectedIds}
          onSelect={list.select}
        />
      )}
      <Space style={{ width: '100%', justifyContent: 'flex-end', marginTop: 16 }}>
        <Button onClick={onDone}>{t('roles.cancel')}</Button>
        <Button
          type="primary"
          disabled={selectedIds.length === 0}
          loading={add.isPending}
          onClick={() => void submit()}
        >
          {t('roles.addSelected', { count: selectedIds.length })}
        </Button>
      </Space>
    </>
  );
}

interface AddMembersDialogProps {
  role: RoleItem;
  open: boolean;
  /** A picker mounted afresh (no search, nothing picked) for each opening. */
  round: number;
  onClose: () => void;
}

/** Gives the role to the users picked here. */
export function AddMembersDialog({ role, open, round, onClose }: AddMembersDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={720}
      destroyOnHidden
      title={t('roles.addMembersTitle', { name: roleName(role, t) })}
    >
      <AddMembers key={round} role={role} onDone={onClose} />
    </Modal>
  );
}
