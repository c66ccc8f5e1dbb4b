import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { LoginBody } from '@postdeck/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Tooltip } from 'antd';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { request } from '../../../api/client';
import { LangSelect } from '../../../components/lang-select';
import { useUserStore } from '../../../stores/user-store';
import { saveAuth } from '../../../utils/auth-cookie';
import { loginTarget } from '../login-target';
import styles from './login-page.module.css';

interface LoginValues {
  username: string;
  password: string;
}

const PASSWORD_MIN = 6;

export function LoginPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<LoginValues>();
  const { search } = useLocation();
  const navigate = useNavigate();
  const [capsLock, setCapsLock] = useState(false);

  const login = useMutation({
    mutationFn: (body: LoginBody) => request('login', { body, inlineErrors: true }),
    onSuccess: async (tokens) => {
      saveAuth(tokens);
      // A new session: the guard loads this user's info and menu on the way in.
      useUserStore.getState().reset();
      await navigate(loginTarget(search), { replace: true });
    },
    onError: (error) => {
      if (!isApiError(error)) return;
      form.setFields(
        error.fieldErrors
          .filter(({ field }) => field === 'username' || field === 'password')
          .map(({ field, message }) => ({ name: field as keyof LoginValues, errors: [message] })),
      );
    },
  });

  const onFinish = ({ username, password }: LoginValues) => {
    login.mutate({ username: username.trim(), password });
  };

  const watchCapsLock = (event: KeyboardEvent<HTMLInputElement>) => {
    setCapsLock(event.getModifierState('CapsLock'));
  };

  return (
    <main className={styles.page}>
      <div className={styles.panel}>
        <div className={styles.header}>
          <h1 className={styles.title}>{t('app.title')}</h1>
          <LangSelect className={styles.lang} />
        </div>
        {login.error && (
          <Alert
            className={styles.alert}
            type="error"
            showIcon
            title={login.error.message || t('request.error')}
            data-testid="login-error"
          />
        )}
        <Form<LoginValues>
          form={form}
          name="login"
          size="large"
          autoComplete="on"
          onFinish={onFinish}
          requiredMark={false}
        >
          <Form.Item
            name="username"
            rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
          >
            <Input
              prefix={<UserOutlined />}
              placeholder={t('login.username')}
              aria-label={t('login.username')}
              autoComplete="username"
              autoFocus
              data-testid="login-username"
            />
          </Form.Item>
          <Tooltip title={t('login.capsLock')} open={capsLock} placement="right">
            <div>
              <Form.Item
                name="password"
                rules={[
                  { required: true, message: t('login.passwordMin') },
                  { min: PASSWORD_MIN, message: t('login.passwordMin') },
                ]}
              >
                <Input.Password
                  prefix={<LockOutlined />}
                  placeholder={t('login.password')}
                  aria-label={t('login.password')}
                  autoComplete="current-password"
                  onKeyUp={watchCapsLock}
                  onKeyDown={watchCapsLock}
                  onBlur={() => setCapsLock(false)}
                  data-testid="login-password"
                />
              </Form.Item>
            </div>
          </Tooltip>
          <Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              block
              loading={login.isPending}
              data-testid="login-submit"
            >
              {t('login.logIn')}
            </Button>
          </Form.Item>
        </Form>
      </div>
    </main>
  );
}
