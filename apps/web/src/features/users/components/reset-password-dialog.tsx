import type { UserAdminItem } from '@postdeck/contract/users';
import { Alert, App, Button, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { useUserActions } from '../api/user-actions';
import { PasswordRules, passwordRules } from '../../../components/password-rules';

interface ResetValues {
  newPassword: string;
}

function ResetPasswordForm({ user, onDone }: { user: UserAdminItem; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ResetValues>();
  const { resetPassword } = useUserActions();
  const [formError, setFormError] = useState<string>();
  const newPassword = Form.useWatch('newPassword', form) ?? '';
  const name = user.name || user.account;

  const submit = ({ newPassword: password }: ResetValues) => {
    setFormError(undefined);
    resetPassword.mutate(
      { userId: user.id, newPassword: password },
      {
        onSuccess: () => {
          void message.success(t('users.resetDone', { name }));
          onDone();
        },
        onError: (error) => {
          const mine = isApiError(error) ? error.fieldErrors.filter((e) => e.field === 'newPassword') : [];
          if (mine.length > 0) form.setFields([{ name: 'newPassword', errors: mine.map((e) => e.message) }]);
          else if (!isApiError(error) || !error.handled) setFormError(error.message);
        },
      },
    );
  };

  return (
    <Form<ResetValues> form={form} layout="vertical" onFinish={submit}>
      <p>{t('users.resetHint', { name })}</p>
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />}
      <Form.Item
        name="newPassword"
        label={t('users.newPassword')}
        extra={<PasswordRules value={newPassword} />}
        rules={passwordRules(t)}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button onClick={onDone}>{t('users.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={resetPassword.isPending}>
          {t('users.setPassword')}
        </Button>
      </Space>
    </Form>
  );
}

interface ResetPasswordDialogProps {
  user: UserAdminItem | undefined;
  open: boolean;
  round: number;
  onClose: () => void;
  afterOpenChange: (open: boolean) => void;
}

/** An administrator sets another user's password; they must choose their own at next sign-in. */
export function ResetPasswordDialog({
  user,
  open,
  round,
  onClose,
  afterOpenChange,
}: ResetPasswordDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onCancel={onClose}
      afterOpenChange={afterOpenChange}
      footer={null}
      title={user && t('users.resetTitle', { name: user.name || user.account })}
    >
      {user && <ResetPasswordForm key={round} user={user} onDone={onClose} />}
    </Modal>
  );
}
