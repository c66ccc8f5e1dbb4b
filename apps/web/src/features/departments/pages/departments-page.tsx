import { PlusOutlined } from '@ant-design/icons';
import type { DepartmentAdminItem } from '@postdeck/contract/departments';
import { App, Button, Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { useDepartmentActions, useDepartmentAdminList } from '../api/department-admin';
import { type DepartmentFormTarget, DepartmentFormDialog } from '../components/department-form-dialog';
import { DepartmentTable } from '../components/department-table';
import { useShowFailure } from '../../../utils/show-failure';
import { useDialogTarget } from '../../../utils/use-dialog-target';

/**
 * /api/system/dept: the departments the administrator manages, as a tree. Create, rename,
 * reorder and move (never under itself), delete only when empty (issue 5, item 4).
 */
export function DepartmentsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showFailure = useShowFailure();
  const list = useDepartmentAdminList();
  const actions = useDepartmentActions();
  const editor = useDialogTarget<DepartmentFormTarget>();
  const items = list.data ?? [];

  const remove = (department: DepartmentAdminItem) =>
    actions.remove.mutateAsync(department.id).then(() => {
      void message.success(t('departmentAdmin.deleted', { name: department.name }));
    }, showFailure);

  return (
    <Card
      title={t('route.departments')}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          disabled={items.length === 0}
          onClick={() => editor.show({ kind: 'new' })}
        >
          {t('departmentAdmin.new')}
        </Button>
      }
    >
      {list.isError ? (
        <LoadError title={t('departmentAdmin.loadFailed')} onRetry={() => list.refetch()} />
      ) : (
        <DepartmentTable
          items={items}
          loading={list.isFetching}
          emptyText={<Empty description={t('departmentAdmin.empty')} />}
          onAddChild={(parent) => editor.show({ kind: 'child', parent })}
          onEdit={(department) => editor.show({ kind: 'edit', department })}
          onDelete={remove}
        />
      )}
      <DepartmentFormDialog
        target={editor.target}
        items={items}
        open={editor.open}
        round={editor.round}
        onClose={editor.hide}
        afterOpenChange={editor.afterOpenChange}
      />
    </Card>
  );
}
