import { DEPARTMENT_LIMITS, type DepartmentAdminItem } from '@postdeck/contract/departments';
import { Alert, App, Button, Form, Input, InputNumber, Modal, Space, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { useDepartmentActions } from '../api/department-admin';
import { type TreeNode, nestTree, subtreeIds } from '../../../utils/tree';
import { placeFieldErrors } from '../../../utils/field-errors';

/**
 * What the dialog does: a new department under a parent chosen on the form (the page's button),
 * a new one under a given department (a row's "Add sub-department"), or an edit.
 */
export type DepartmentFormTarget =
  | { kind: 'new' }
  | { kind: 'child'; parent: DepartmentAdminItem }
  | { kind: 'edit'; department: DepartmentAdminItem };

interface DepartmentFormValues {
  name: string;
  parentId?: number;
  sort: number;
}

/** The contract's bounds of `sort`. */
const SORT_MAX = 100_000;

interface ParentOption {
  value: number;
  title: string;
  disabled?: boolean;
  children?: ParentOption[];
}

const toOptions = (nodes: TreeNode<DepartmentAdminItem>[], excluded: ReadonlySet<number>): ParentOption[] =>
  nodes.map((node) => ({
    value: node.id,
    title: node.name,
    ...(excluded.has(node.id) ? { disabled: true } : {}),
    ...(node.children ? { children: toOptions(node.children, excluded) } : {}),
  }));

interface ParentSelectProps {
  items: readonly DepartmentAdminItem[];
  /** Ids that cannot be picked: the department being moved and everything below it. */
  excluded: ReadonlySet<number>;
  /** A current parent outside the managed departments, offered so the department can stay there. */
  outsideParentId?: number;
  value?: number;
  onChange?: (value: number | undefined) => void;
  id?: string;
}

/** The parent on the tree of the managed departments; a form control (value, onChange, id). */
function ParentSelect({ items, excluded, outsideParentId, value, onChange, id }: ParentSelectProps) {
  const { t } = useTranslation();
  const treeData = useMemo(() => {
    const options = toOptions(nestTree(items), excluded);
    return outsideParentId === undefined
      ? options
      : [{ value: outsideParentId, title: t('departmentAdmin.outsideParent') }, ...options];
  }, [items, excluded, outsideParentId, t]);
  return (
    <TreeSelect
      id={id}
      treeData={treeData}
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      value={value}
      onChange={(next: number | undefined) => onChange?.(next)}
      placeholder={t('departmentAdmin.parentPlaceholder')}
      style={{ width: '100%' }}
    />
  );
}

interface DepartmentFormProps {
  target: DepartmentFormTarget;
  items: readonly DepartmentAdminItem[];
  onDone: () => void;
}

function DepartmentForm({ target, items, onDone }: DepartmentFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<DepartmentFormValues>();
  const { create, update } = useDepartmentActions();
  const [formError, setFormError] = useState<string>();
  const editing = target.kind === 'edit' ? target.department : undefined;
  const known = useMemo(() => new Set(items.map((item) => item.id)), [items]);
  // The root has no parent and keeps none; a row's "Add sub-department" fixes the parent.
  const picksParent = target.kind === 'new' || (editing !== undefined && editing.parentId !== null);
  const formFields: readonly (keyof DepartmentFormValues)[] = picksParent
    ? ['name', 'parentId', 'sort']
    : ['name', 'sort'];
  const excluded = useMemo(
    () => (editing ? subtreeIds(items, editing.id) : new Set<number>()),
    [editing, items],
  );
  const outsideParentId =
    editing && editing.parentId !== null && !known.has(editing.parentId) ? editing.parentId : undefined;

  const initialValues = (): Partial<DepartmentFormValues> => {
    if (editing) {
      return { name: editing.name, sort: editing.sort, parentId: editing.parentId ?? undefined };
    }
    // A new department goes under the top one by default when there is a single top.
    const roots = nestTree(items);
    return { sort: 0, parentId: target.kind === 'new' && roots.length === 1 ? roots[0]?.id : undefined };
  };

  const failed = (error: Error) => {
    if (!isApiError(error) || error.fieldErrors.length === 0) {
      if (!isApiError(error) || !error.handled) setFormError(error.message);
      return;
    }
    const { fields, others } = placeFieldErrors(error.fieldErrors, formFields);
    form.setFields(fields);
    setFormError(others.length > 0 ? [error.message, ...others].join(' ') : undefined);
  };

  const submit = (values: DepartmentFormValues) => {
    setFormError(undefined);
    const common = { name: values.name.trim(), sort: values.sort };
    const done = (saved: DepartmentAdminItem) => {
      void message.success(
        t(editing ? 'departmentAdmin.saved' : 'departmentAdmin.created', { name: saved.name }),
      );
      onDone();
    };
    if (editing) {
      // The server keeps the root where it is whatever parentId comes with it; the contract
      // wants a department id there, so the root sends its own.
      const parentId = editing.parentId === null ? editing.id : (values.parentId ?? editing.parentId);
      update.mutate({ id: editing.id, parentId, ...common }, { onSuccess: done, onError: failed });
    } else {
      const parentId = target.kind === 'child' ? target.parent.id : (values.parentId ?? 0);
      create.mutate({ parentId, ...common }, { onSuccess: done, onError: failed });
    }
  };

  return (
    <Form<DepartmentFormValues>
      form={form}
      layout="vertical"
      onFinish={submit}
      initialValues={initialValues()}
    >
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />}
      {target.kind === 'child' && <p>{t('departmentAdmin.createUnder', { name: target.parent.name })}</p>}
      {editing && editing.parentId === null && <p>{t('departmentAdmin.rootHint')}</p>}
      <Form.Item
        name="name"
        label={t('departmentAdmin.name')}
        rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
      >
        <Input maxLength={DEPARTMENT_LIMITS.name} autoComplete="off" />
      </Form.Item>
      {picksParent && (
        <Form.Item
          name="parentId"
          label={t('departmentAdmin.parent')}
          extra={editing ? t('departmentAdmin.parentHint') : undefined}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <ParentSelect items={items} excluded={excluded} outsideParentId={outsideParentId} />
        </Form.Item>
      )}
      <Form.Item
        name="sort"
        label={t('departmentAdmin.sort')}
        extra={t('departmentAdmin.sortHint')}
        rules={[{ required: true, message: t('validation.required') }]}
      >
        <InputNumber min={0} max={SORT_MAX} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button onClick={onDone}>{t('departmentAdmin.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending}>
          {t(editing ? 'departmentAdmin.save' : 'departmentAdmin.create')}
        </Button>
      </Space>
    </Form>
  );
}

interface DepartmentFormDialogProps {
  target: DepartmentFormTarget | undefined;
  /** The managed departments, for the parent picker. */
  items: readonly DepartmentAdminItem[];
  open: boolean;
  /** A form mounted afresh for each opening. */
  round: number;
  onClose: () => void;
  afterOpenChange: (open: boolean) => void;
}

/** Creates a department or renames, reorders and moves one; server field errors land on the fields. */
export function DepartmentFormDialog({
  target,
  items,
  open,
  round,
  onClose,
  afterOpenChange,
}: DepartmentFormDialogProps) {
  const { t } = useTranslation();
  const title =
    target === undefined
      ? undefined
      : target.kind === 'new'
        ? t('departmentAdmin.createTitle')
        : target.kind === 'child'
          ? t('departmentAdmin.createChildTitle', { name: target.parent.name })
          : t('departmentAdmin.editTitle', { name: target.department.name });
  return (
    <Modal open={open} onCancel={onClose} afterOpenChange={afterOpenChange} footer={null} title={title}>
      {target !== undefined && <DepartmentForm key={round} target={target} items={items} onDone={onClose} />}
    </Modal>
  );
}
