import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { LoginBody } from '@postdeck/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Spin, Tooltip } from 'antd';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createPath, useLocation, useNavigate } from 'react-router';
import { OIDC_QUERY } from '@postdeck/contract/constants';
import { ERRORS } from '@postdeck/contract/errors';
import { isApiError } from '../../../api/api-error';
import { request } from '../../../api/client';
import { usePublicConfig } from '../../../api/public-config';
import { oidcLoginAddress } from '../../../api/sign-on';
import { LangSelect } from '../../../components/lang-select';
import { currentLanguage } from '../../../i18n/i18n';
import { useUserStore } from '../../../stores/user-store';
import { saveAuth } from '../../../utils/auth-cookie';
import { loginTarget } from '../login-target';
import { readSsoQuery, redeemSsoCode, ssoErrorText } from '../sso';
import styles from './login-page.module.css';

interface LoginValues {
  username: string;
  password: string;
}

const PASSWORD_MIN = 6;

export function LoginPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<LoginValues>();
  const location = useLocation();
  // Single sign-on's one-time code or error: read here, kept out of the page to return to.
  const sso = readSsoQuery(location.search);
  const { search } = sso;
  const navigate = useNavigate();
  const [capsLock, setCapsLock] = useState(false);
  const publicConfig = usePublicConfig();
  const oidcLoginUrl = publicConfig.data?.oidc ? publicConfig.data.ssoLoginUrl : null;

  // Back from the provider with a one-time code: trade it for the session and go on.
  useEffect(() => {
    if (!sso.code) return;
    let current = true;
    redeemSsoCode(sso.code).then(
      async (tokens) => {
        if (!current) return;
        saveAuth(tokens);
        useUserStore.getState().reset();
        await navigate(loginTarget(search), { replace: true });
      },
      async (error: unknown) => {
        if (!current) return;
        const code = isApiError(error) && error.code ? error.code : ERRORS.ssoFailed.code;
        const query = new URLSearchParams({ [OIDC_QUERY.error]: String(code) }).toString();
        await navigate({ search: search ? `${search}&${query}` : `?${query}` }, { replace: true });
      },
    );
    return () => {
      current = false;
    };
  }, [sso.code, search, navigate]);

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
          <h1 className={styles.title}>
            {t('app.title')}
            <span className={styles.product}>{t('app.product')}</span>
          </h1>
          <LangSelect className={styles.lang} />
        </div>
        {sso.errorCode !== null && !login.error && (
          <Alert
            className={styles.alert}
            type="error"
            showIcon
            title={ssoErrorText(sso.errorCode, currentLanguage(), t('login.ssoFailed'))}
            data-testid="sso-error"
          />
        )}
        {login.error && (
          <Alert
            className={styles.alert}
            type="error"
            showIcon
            title={login.error.message || t('request.error')}
            data-testid="login-error"
          />
        )}
        {sso.code ? (
          <div className={styles.pending} data-testid="sso-pending">
            <Spin />
            <span>{t('login.ssoSigningIn')}</span>
          </div>
        ) : (
          <>
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
            {oidcLoginUrl && (
              <>
                <div className={styles.or}>{t('login.or')}</div>
                <Button
                  block
                  size="large"
                  href={oidcLoginAddress(oidcLoginUrl, createPath(loginTarget(search)))}
                  data-testid="login-sso"
                >
                  {t('login.ssoSignIn')}
                </Button>
              </>
            )}
          </>
        )}
      </div>
    </main>
  );
}
