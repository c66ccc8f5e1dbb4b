import { DATA_SCOPES, type DataScope } from '@postdeck/contract/permissions';
import { ROLE_LIMITS, type RoleItem, roleAddQuerySchema } from '@postdeck/contract/roles';
import { Alert, App, Button, Drawer, Form, Input, Radio, Skeleton, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { LoadError } from '../../../components/load-error';
import { placeFieldErrors } from '../../../utils/field-errors';
import { useRoleActions } from '../api/role-actions';
import { useRoleMenuTree } from '../api/role-queries';
import { grantsFromRole, indexMenus, menuIdsToSave, nestMenus } from '../menu-grants';
import { MenuGrantTree } from './menu-grant-tree';
import { roleName } from '../../../utils/role-name';

/** A new role, or the role being edited. */
export type RoleFormTarget = 'new' | RoleItem;

interface RoleFormValues {
  code: string;
  name: string;
  dataScope: DataScope;
  /** The granted pages and actions (menu-grants.ts), not yet with their groups. */
  menuIds: number[];
}

const FORM_FIELDS = ['code', 'name', 'dataScope', 'menuIds'] as const;
const codeSchema = roleAddQuerySchema.shape.code;

interface RoleFormProps {
  target: RoleFormTarget;
  onDone: () => void;
}

function RoleForm({ target, onDone }: RoleFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<RoleFormValues>();
  const { create, update } = useRoleActions();
  const menus = useRoleMenuTree();
  const [formError, setFormError] = useState<string>();
  const editing = target === 'new' ? undefined : target;
  const roots = useMemo(() => nestMenus(menus.data ?? []), [menus.data]);
  const index = useMemo(() => indexMenus(roots), [roots]);

  const failed = (error: Error) => {
    if (!isApiError(error) || error.fieldErrors.length === 0) {
      if (!isApiError(error) || !error.handled) setFormError(error.message);
      return;
    }
    const { fields, others } = placeFieldErrors(error.fieldErrors, FORM_FIELDS);
    form.setFields(fields);
    setFormError(others.length > 0 ? [error.message, ...others].join(' ') : undefined);
  };

  const submit = (values: RoleFormValues) => {
    setFormError(undefined);
    const common = {
      name: values.name.trim(),
      dataScope: values.dataScope,
      menuIds: menuIdsToSave(index, values.menuIds),
    };
    const done = (saved: RoleItem) => {
      void message.success(t(editing ? 'roles.saved' : 'roles.created', { name: roleName(saved, t) }));
      onDone();
    };
    if (editing) {
      update.mutate({ id: editing.id, ...common }, { onSuccess: done, onError: failed });
    } else {
      create.mutate(
        { code: values.code.trim(), ...common, menuIds: common.menuIds.join(',') },
        { onSuccess: done, onError: failed },
      );
    }
  };

  if (menus.isPending) return <Skeleton active aria-busy="true" aria-label={t('roles.menusLoading')} />;
  if (menus.isError) {
    return <LoadError title={t('roles.menusLoadFailed')} onRetry={() => menus.refetch()} />;
  }

  return (
    <Form<RoleFormValues>
      form={form}
      layout="vertical"
      onFinish={submit}
      initialValues={
        editing
          ? {
              name: editing.name,
              dataScope: editing.dataScope,
              menuIds: grantsFromRole(index, editing.menuIds),
            }
          : { dataScope: 'own', menuIds: [] }
      }
    >
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />}
      {editing ? (
        <Form.Item label={t('roles.code')} htmlFor="role-form-code" extra={t('roles.codeFixed')}>
          <Input id="role-form-code" value={editing.code} disabled />
        </Form.Item>
      ) : (
        <Form.Item
          name="code"
          label={t('roles.code')}
          extra={t('roles.codeHint')}
          rules={[
            { required: true, whitespace: true, message: t('validation.required') },
            {
              validator: (_, value: string | undefined) =>
                !value?.trim() || codeSchema.safeParse(value).success
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('validation.roleCode'))),
            },
          ]}
        >
          <Input maxLength={ROLE_LIMITS.code} autoComplete="off" spellCheck={false} />
        </Form.Item>
      )}
      <Form.Item
        name="name"
        label={t('roles.name')}
        rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
      >
        <Input maxLength={ROLE_LIMITS.name} autoComplete="off" />
      </Form.Item>
      <Form.Item name="dataScope" label={t('roles.dataScope')} extra={t('roles.dataScopeHint')}>
        <Radio.Group
          aria-label={t('roles.dataScope')}
          options={DATA_SCOPES.map((scope) => ({ value: scope, label: t(`roles.dataScopes.${scope}`) }))}
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
        />
      </Form.Item>
      <Form.Item name="menuIds" label={t('roles.menus')} extra={t('roles.menusHint')}>
        <MenuGrantTree roots={roots} index={index} label={t('roles.menus')} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending}>
          {t(editing ? 'roles.save' : 'roles.create')}
        </Button>
        <Button onClick={onDone}>{t('roles.cancel')}</Button>
      </Space>
    </Form>
  );
}

interface RoleFormDrawerProps {
  target: RoleFormTarget | undefined;
  open: boolean;
  /** A form mounted afresh for each opening. */
  round: number;
  onClose: () => void;
  afterOpenChange: (open: boolean) => void;
}

/** Adds a role or edits one: name, data scope and the menu entries it grants. */
export function RoleFormDrawer({ target, open, round, onClose, afterOpenChange }: RoleFormDrawerProps) {
  const { t } = useTranslation();
  const title =
    target === undefined
      ? undefined
      : target === 'new'
        ? t('roles.createTitle')
        : t('roles.editTitle', { name: roleName(target, t) });
  return (
    <Drawer open={open} onClose={onClose} afterOpenChange={afterOpenChange} size={560} title={title}>
      {target !== undefined && <RoleForm key={round} target={target} onDone={onClose} />}
    </Drawer>
  );
}
