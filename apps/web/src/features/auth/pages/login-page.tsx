import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import type { LoginBody } from '@postdeck/contract/auth';
import { OIDC_QUERY } from '@postdeck/contract/constants';
import { ERROR_CODES } from '@postdeck/contract/error-codes';
import {
  type CSSProperties,
  type FormEvent,
  type KeyboardEvent,
  Suspense,
  lazy,
  useEffect,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { createPath, useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { request } from '../../../api/client';
import { usePublicSettings } from '../../../api/public-settings';
import { oidcLoginAddress } from '../../../api/sign-on';
import { appliedPrimary } from '../../../app/theme-colors';
import { LightIcon } from '../../../components/light-icon';
import { currentLanguage } from '../../../i18n/i18n';
import { useSettingsStore } from '../../../stores/settings-store';
import { useUserStore } from '../../../stores/user-store';
import { saveAuth } from '../../../utils/auth-cookie';
import { LoginAlert } from '../components/login-alert';
import { LoginLangMenu } from '../components/login-lang-menu';
import { loginTarget } from '../login-target';
import { readSsoQuery, redeemSsoCode } from '../sso';
import styles from './login-page.module.css';

interface LoginValues {
  username: string;
  password: string;
}

type FieldErrors = Partial<Record<keyof LoginValues, string>>;

const PASSWORD_MIN = 6;

const SsoErrorAlert = lazy(() =>
  import('../components/sso-error-alert').then((module) => ({ default: module.SsoErrorAlert })),
);

/**
 * The login page, in plain elements styled as antd's large form: it is the first paint of a
 * signed-out visit, so it loads no antd (issue 11: at most 150 KB of JavaScript before it shows).
 */
export function LoginPage() {
  const { t } = useTranslation();
  const [values, setValues] = useState<LoginValues>({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const location = useLocation();
  // Single sign-on's one-time code or error: read here, kept out of the page to return to.
  const sso = readSsoQuery(location.search);
  const { search } = sso;
  const navigate = useNavigate();
  const [capsLock, setCapsLock] = useState(false);
  const publicSettings = usePublicSettings();
  const oidcLoginUrl = publicSettings?.oidc ? publicSettings.ssoLoginUrl : null;
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Error>();
  const primary = appliedPrimary(useSettingsStore((state) => state.theme));

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
        const code = isApiError(error) && error.code ? error.code : ERROR_CODES.ssoFailed.code;
        const query = new URLSearchParams({ [OIDC_QUERY.error]: String(code) }).toString();
        await navigate({ search: search ? `${search}&${query}` : `?${query}` }, { replace: true });
      },
    );
    return () => {
      current = false;
    };
  }, [sso.code, search, navigate]);

  const signIn = async (body: LoginBody) => {
    setPending(true);
    setFailure(undefined);
    try {
      saveAuth(await request('login', { body, inlineErrors: true }));
      // A new session: the guard loads this user's info and menu on the way in.
      useUserStore.getState().reset();
      await navigate(loginTarget(search), { replace: true });
    } catch (error) {
      setFailure(error instanceof Error ? error : new Error(String(error)));
      if (!isApiError(error)) return;
      setErrors(
        Object.fromEntries(
          error.fieldErrors
            .filter(({ field }) => field === 'username' || field === 'password')
            .map(({ field, message }) => [field, message]),
        ),
      );
    } finally {
      setPending(false);
    }
  };

  const validate = ({ username, password }: LoginValues): FieldErrors => ({
    ...(username.trim() === '' && { username: t('login.usernameRequired') }),
    ...(password.length < PASSWORD_MIN && { password: t('login.passwordMin') }),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0 || pending) return;
    void signIn({ username: values.username.trim(), password: values.password });
  };

  const change = (field: keyof LoginValues) => (event: FormEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.currentTarget.value };
    setValues(next);
    // As antd's form: once a field shows an error, typing re-checks it.
    if (errors[field]) setErrors({ ...errors, [field]: validate(next)[field] });
  };

  const watchCapsLock = (event: KeyboardEvent<HTMLInputElement>) => {
    setCapsLock(event.getModifierState('CapsLock'));
  };

  return (
    <main className={styles.page} style={{ '--login-primary': primary } as CSSProperties}>
      <div className={styles.panel}>
        <div className={styles.header}>
          <h1 className={styles.title}>
            {t('app.title')}
            <span className={styles.product}>{t('app.product')}</span>
          </h1>
          <LoginLangMenu className={styles.lang} />
        </div>
        {sso.errorCode !== null && !failure && (
          <Suspense fallback={null}>
            <SsoErrorAlert
              code={sso.errorCode}
              language={currentLanguage()}
              fallback={t('login.ssoFailed')}
            />
          </Suspense>
        )}
        {failure && <LoginAlert text={failure.message || t('request.error')} testId="login-error" />}
        {sso.code ? (
          <div className={styles.pending} data-testid="sso-pending">
            <span className={styles.spinner} aria-hidden />
            <span>{t('login.ssoSigningIn')}</span>
          </div>
        ) : (
          <>
            <form name="login" autoComplete="on" noValidate onSubmit={onSubmit}>
              <div className={styles.field}>
                <span className={`${styles.input} ${errors.username ? styles.invalid : ''}`}>
                  <LightIcon icon={UserOutlined} className={styles.prefix} />
                  <input
                    name="username"
                    value={values.username}
                    onChange={change('username')}
                    placeholder={t('login.username')}
                    aria-label={t('login.username')}
                    aria-invalid={Boolean(errors.username)}
                    autoComplete="username"
                    autoFocus
                    data-testid="login-username"
                  />
                </span>
                {errors.username && (
                  <div className={styles.error} role="alert">
                    {errors.username}
                  </div>
                )}
              </div>
              <div className={styles.field}>
                <span className={`${styles.input} ${errors.password ? styles.invalid : ''}`}>
                  <LightIcon icon={LockOutlined} className={styles.prefix} />
                  <input
                    type="password"
                    name="password"
                    value={values.password}
                    onChange={change('password')}
                    placeholder={t('login.password')}
                    aria-label={t('login.password')}
                    aria-invalid={Boolean(errors.password)}
                    autoComplete="current-password"
                    onKeyUp={watchCapsLock}
                    onKeyDown={watchCapsLock}
                    onBlur={() => setCapsLock(false)}
                    data-testid="login-password"
                  />
                </span>
                {capsLock && (
                  <div className={styles.tooltip} role="tooltip">
                    {t('login.capsLock')}
                  </div>
                )}
                {errors.password && (
                  <div className={styles.error} role="alert">
                    {errors.password}
                  </div>
                )}
              </div>
              <button
                type="submit"
                className={`${styles.button} ${styles.primary}`}
                aria-busy={pending}
                data-testid="login-submit"
              >
                {pending && <span className={styles.spinner} aria-hidden />}
                {t('login.logIn')}
              </button>
            </form>
            {oidcLoginUrl && (
              <>
                <div className={styles.or}>{t('login.or')}</div>
                <a
                  className={styles.button}
                  href={oidcLoginAddress(oidcLoginUrl, createPath(loginTarget(search)))}
                  data-testid="login-sso"
                >
                  {t('login.ssoSignIn')}
                </a>
              </>
            )}
          </>
        )}
      </div>
    </main>
  );
}
