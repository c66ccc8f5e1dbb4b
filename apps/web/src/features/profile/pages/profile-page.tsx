import { isValidAvatar } from '@postdeck/contract/notifications';
import { UserOutlined } from '@ant-design/icons';
import { Alert, App, Avatar, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { useUserStore } from '../../../stores/user-store';
import { useProfileUpdate } from '../api/profile-update';

interface ProfileValues {
  name: string;
  avatar: string;
  introduction: string;
}

const FIELDS = ['name', 'avatar', 'introduction'] as const;

/** /profile/index: the own display name, avatar URL and introduction. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const info = useUserStore((state) => state.info);
  const [form] = Form.useForm<ProfileValues>();
  const save = useProfileUpdate();
  const avatar = Form.useWatch('avatar', form) ?? info?.avatar ?? '';

  const onFinish = (values: ProfileValues) => {
    save.mutate(
      { name: values.name.trim(), avatar: values.avatar.trim(), introduction: values.introduction.trim() },
      {
        onSuccess: () => void message.success(t('profile.saved')),
        onError: (error) => {
          if (!isApiError(error)) return;
          form.setFields(
            error.fieldErrors
              .filter(({ field }) => (FIELDS as readonly string[]).includes(field))
              .map(({ field, message: text }) => ({ name: field as keyof ProfileValues, errors: [text] })),
          );
        },
      },
    );
  };

  return (
    <Card title={t('route.profile')} style={{ maxWidth: 640 }}>
      <div style={{ marginBottom: 16 }}>
        <Avatar
          size={64}
          src={avatar && isValidAvatar(avatar) ? avatar : undefined}
          icon={<UserOutlined />}
        />
        <span style={{ marginLeft: 12 }}>{info?.account}</span>
      </div>
      {save.isError && isApiError(save.error) && save.error.fieldErrors.length === 0 && (
        <Alert type="error" showIcon title={save.error.message} style={{ marginBottom: 16 }} />
      )}
      <Form<ProfileValues>
        form={form}
        layout="vertical"
        initialValues={{
          name: info?.name ?? '',
          avatar: info?.avatar ?? '',
          introduction: info?.introduction ?? '',
        }}
        onFinish={onFinish}
      >
        <Form.Item
          name="name"
          label={t('profile.name')}
          rules={[{ required: true, whitespace: true, max: 50 }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="avatar"
          label={t('profile.avatar')}
          rules={[
            { max: 500 },
            {
              validator: (_, value: string | undefined) =>
                isValidAvatar((value ?? '').trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('profile.avatarInvalid'))),
            },
          ]}
        >
          <Input placeholder="https://" />
        </Form.Item>
        <Form.Item name="introduction" label={t('profile.introduction')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={4} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('profile.save')}
        </Button>
      </Form>
    </Card>
  );
}
