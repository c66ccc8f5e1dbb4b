import { passwordSchema } from '@postdeck/contract/validators';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { PasswordRules } from '../../../components/password-rules';
import { useUserStore } from '../../../stores/user-store';
import { usePasswordUpdate } from '../api/password-update';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/** /api/me/changePass: change the own password; other sessions are signed out. */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordValues>();
  const update = usePasswordUpdate();
  const newPassword = Form.useWatch('newPassword', form) ?? '';
  const { info, menu, setSession } = useUserStore();
  const forced = info?.mustChangePassword ?? false;
  const navigate = useNavigate();

  const onFinish = ({ oldPassword, newPassword: next }: PasswordValues) => {
    update.mutate(
      { oldPassword, newPassword: next },
      {
        onSuccess: () => {
          form.resetFields();
          if (forced && info) {
            setSession({ ...info, mustChangePassword: false }, menu);
            void navigate('/', { replace: true });
          }
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          form.setFields(
            error.fieldErrors
              .filter(({ field }) => field === 'oldPassword' || field === 'newPassword')
              .map(({ field, message }) => ({ name: field as keyof PasswordValues, errors: [message] })),
          );
        },
      },
    );
  };

  const generalError = update.isError && isApiError(update.error) && update.error.fieldErrors.length === 0;

  return (
    <Card title={t('route.changePassword')} style={{ maxWidth: 520 }}>
      {forced && !update.isSuccess && (
        <Alert type="warning" showIcon title={t('me.mustChange')} style={{ marginBottom: 16 }} />
      )}
      {update.isSuccess && (
        <Alert type="success" showIcon title={t('me.changed')} style={{ marginBottom: 16 }} />
      )}
      {generalError && (
        <Alert type="error" showIcon title={update.error.message} style={{ marginBottom: 16 }} />
      )}
      <Form<PasswordValues> form={form} layout="vertical" onFinish={onFinish}>
        <Form.Item
          name="oldPassword"
          label={t('me.oldPassword')}
          rules={[{ required: true, message: t('me.required') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('me.newPassword')}
          extra={<PasswordRules value={newPassword} />}
          rules={[
            { required: true, message: t('me.required') },
            {
              validator: (_, value: string | undefined) =>
                !value || passwordSchema.safeParse(value).success
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('me.weak'))),
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('me.confirm')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('me.required') },
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) =>
                !value || value === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('me.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('me.submit')}
        </Button>
      </Form>
    </Card>
  );
}
