import { SearchOutlined } from '@ant-design/icons';
import { USER_LIMITS, type DirectoryPerson, type UserAdminItem } from '@postdeck/contract/users';
import { usernameSchema } from '@postdeck/contract/validators';
import { Alert, App, Button, Drawer, Form, Input, type InputProps, Select, Space } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { useDepartments } from '../../../api/departments';
import { DepartmentTreeSelect } from '../../../components/department-tree-select';
import { lookUpDirectory, useUserActions } from '../api/user-actions';
import { useRoleOptions } from '../api/user-list';
import { placeFieldErrors } from '../../../utils/field-errors';
import { useShowFailure } from '../../../utils/show-failure';
import { PasswordRules, passwordRules } from '../../../components/password-rules';
import { roleName } from '../../../utils/role-name';

/** A new user, or the user being edited. */
export type UserFormTarget = 'new' | UserAdminItem;

interface UserFormValues {
  account: string;
  password: string;
  name: string;
  email: string;
  departmentId?: number;
  roleCodes: string[];
}

const FORM_FIELDS = ['account', 'password', 'name', 'email', 'departmentId', 'roleCodes'] as const;

interface AccountInputProps extends Omit<InputProps, 'onChange'> {
  onChange?: InputProps['onChange'];
  onLookup: () => void;
  looking: boolean;
}

/** The account box with the directory look-up beside it; a form control (value, onChange, id). */
function AccountInput({ onLookup, looking, ...input }: AccountInputProps) {
  const { t } = useTranslation();
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input {...input} autoComplete="off" maxLength={20} />
      <Button icon={<SearchOutlined aria-hidden />} loading={looking} onClick={onLookup}>
        {t('users.lookup')}
      </Button>
    </Space.Compact>
  );
}

interface DepartmentInputProps {
  value?: number;
  onChange?: (value: number | undefined) => void;
  id?: string;
}

/** One department on the tree, as the form's departmentId. */
function DepartmentInput({ value, onChange, id }: DepartmentInputProps) {
  const { t } = useTranslation();
  return (
    <DepartmentTreeSelect
      single
      id={id}
      placeholder={t('users.department')}
      value={value === undefined ? undefined : [value]}
      onChange={(ids) => onChange?.(ids[0])}
    />
  );
}

/** What the directory look-up found, shown under the account. */
type Lookup = { state: 'notFound' } | { state: 'found'; person: DirectoryPerson };

interface UserFormProps {
  target: UserFormTarget;
  onDone: () => void;
  onCancel: () => void;
  /** Shows a person who already is a user in the list (filtered by account). */
  onShowExisting: (account: string) => void;
}

function UserForm({ target, onDone, onCancel, onShowExisting }: UserFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showFailure = useShowFailure();
  const [form] = Form.useForm<UserFormValues>();
  const { create, update } = useUserActions();
  const roles = useRoleOptions();
  const departments = useDepartments();
  const [formError, setFormError] = useState<string>();
  const [lookup, setLookup] = useState<Lookup>();
  const password = Form.useWatch('password', form) ?? '';
  const editing = target === 'new' ? undefined : target;
  const saving = create.isPending || update.isPending;

  const directory = useMutation({
    mutationFn: lookUpDirectory,
    onSuccess: (person) => {
      if (!person) return setLookup({ state: 'notFound' });
      setLookup({ state: 'found', person });
      if (person.existingUserId !== null) return;
      const wanted = person.department?.trim().toLowerCase();
      const department = wanted
        ? departments.data?.find((d) => d.name.trim().toLowerCase() === wanted)
        : undefined;
      form.setFieldsValue({
        name: person.name,
        email: person.email,
        ...(department && form.getFieldValue('departmentId') === undefined
          ? { departmentId: department.id }
          : {}),
      });
      void form.validateFields(['name', 'email']).catch(() => undefined);
    },
    onError: showFailure,
  });

  const lookUp = async () => {
    setLookup(undefined);
    try {
      const { account } = await form.validateFields(['account']);
      directory.mutate(account.trim());
    } catch {
      // The account field shows what is wrong with it.
    }
  };

  const failed = (error: Error) => {
    if (!isApiError(error) || error.fieldErrors.length === 0) {
      if (!isApiError(error) || !error.handled) setFormError(error.message);
      return;
    }
    const { fields, others } = placeFieldErrors(error.fieldErrors, FORM_FIELDS);
    form.setFields(fields);
    setFormError(others.length > 0 ? [error.message, ...others].join(' ') : undefined);
  };

  const submit = (values: UserFormValues) => {
    setFormError(undefined);
    const common = {
      name: values.name.trim(),
      email: (values.email ?? '').trim(),
      departmentId: values.departmentId ?? 0,
      roleCodes: values.roleCodes,
    };
    if (editing) {
      update.mutate(
        { id: editing.id, ...common },
        {
          onSuccess: (user) => {
            void message.success(t('users.saved', { name: user.name || user.account }));
            onDone();
          },
          onError: failed,
        },
      );
    } else {
      create.mutate(
        { account: values.account.trim(), password: values.password, ...common },
        {
          onSuccess: (user) => {
            void message.success(t('users.created', { account: user.account }));
            onDone();
          },
          onError: failed,
        },
      );
    }
  };

  const found = lookup?.state === 'found' ? lookup.person : undefined;

  return (
    <Form<UserFormValues>
      form={form}
      layout="vertical"
      onFinish={submit}
      onValuesChange={(changed: Partial<UserFormValues>) => {
        if ('account' in changed) setLookup(undefined);
      }}
      initialValues={
        editing
          ? {
              name: editing.name,
              email: editing.email,
              departmentId: editing.department.id,
              roleCodes: editing.roles.map((role) => role.code),
            }
          : { email: '', roleCodes: [] }
      }
    >
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />}
      {editing ? (
        <Form.Item label={t('users.account')} htmlFor="user-form-account">
          <Input id="user-form-account" value={editing.account} disabled />
        </Form.Item>
      ) : (
        <>
          <Form.Item
            name="account"
            label={t('users.account')}
            extra={t('users.accountHint')}
            rules={[
              { required: true, message: t('validation.required') },
              {
                validator: (_, value: string | undefined) =>
                  !value || usernameSchema.safeParse(value).success
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('validation.username'))),
              },
            ]}
          >
            <AccountInput onLookup={() => void lookUp()} looking={directory.isPending} />
          </Form.Item>
          {lookup && (
            <div aria-live="polite" style={{ marginBottom: 16 }}>
              {lookup.state === 'notFound' ? (
                <Alert type="info" showIcon title={t('users.lookupNotFound')} />
              ) : found && found.existingUserId !== null ? (
                <Alert
                  type="warning"
                  showIcon
                  title={t('users.lookupExisting', { name: found.name || found.account })}
                  action={
                    <Button size="small" onClick={() => onShowExisting(found.account)}>
                      {t('users.showExisting')}
                    </Button>
                  }
                />
              ) : (
                found && (
                  <Alert
                    type="success"
                    showIcon
                    title={t('users.lookupFound', { name: found.name || found.account })}
                    description={
                      found.department
                        ? t('users.directoryDepartment', { name: found.department })
                        : undefined
                    }
                  />
                )
              )}
            </div>
          )}
        </>
      )}
      <Form.Item
        name="name"
        label={t('users.name')}
        rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
      >
        <Input maxLength={USER_LIMITS.name} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('users.email')}
        rules={[{ type: 'email', message: t('validation.email') }]}
      >
        <Input type="email" maxLength={USER_LIMITS.email} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="departmentId"
        label={t('users.department')}
        rules={[{ required: true, message: t('validation.required') }]}
      >
        <DepartmentInput />
      </Form.Item>
      <Form.Item
        name="roleCodes"
        label={t('users.roles')}
        rules={[{ required: true, type: 'array', min: 1, message: t('validation.required') }]}
      >
        <Select
          mode="multiple"
          showSearch={{ optionFilterProp: 'label' }}
          maxCount={USER_LIMITS.roles}
          loading={roles.isLoading}
          notFoundContent={roles.isError ? t('users.rolesLoadFailed') : undefined}
          options={(roles.data ?? []).map((role) => ({ value: role.code, label: roleName(role, t) }))}
        />
      </Form.Item>
      {!editing && (
        <Form.Item
          name="password"
          label={t('users.password')}
          extra={
            <>
              {t('users.passwordHint')}
              <PasswordRules value={password} />
            </>
          }
          rules={passwordRules(t)}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      )}
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t(editing ? 'users.save' : 'users.create')}
        </Button>
        <Button onClick={onCancel}>{t('users.cancel')}</Button>
      </Space>
    </Form>
  );
}

interface UserFormDrawerProps {
  target: UserFormTarget | undefined;
  open: boolean;
  /** A form mounted afresh for each opening. */
  round: number;
  onClose: () => void;
  afterOpenChange: (open: boolean) => void;
  onShowExisting: (account: string) => void;
}

/** Creates a user (with a first password) or edits one; server field errors land on the fields. */
export function UserFormDrawer({
  target,
  open,
  round,
  onClose,
  afterOpenChange,
  onShowExisting,
}: UserFormDrawerProps) {
  const { t } = useTranslation();
  const title =
    target === undefined
      ? undefined
      : target === 'new'
        ? t('users.createTitle')
        : t('users.editTitle', { name: target.name || target.account });
  return (
    <Drawer open={open} onClose={onClose} afterOpenChange={afterOpenChange} size={520} title={title}>
      {target !== undefined && (
        <UserForm
          key={round}
          target={target}
          onDone={onClose}
          onCancel={onClose}
          onShowExisting={onShowExisting}
        />
      )}
    </Drawer>
  );
}
