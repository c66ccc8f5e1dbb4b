import { OIDC_QUERY } from '@postdeck/contract/constants';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { MessagePage } from '../../../pages/error-page';
import { hasAuth } from '../../../utils/auth-cookie';
import { loginTarget } from '../login-target';

/**
 * Spec §2 /auth-redirect, 'authorisation redirect', open without a session (PG-3). It passes a
 * sign-on return on to where it belongs, and never leaves a blank page:
 * - single sign-on's answer (`?sso=` or `?ssoError=`): to /login with the same query, which
 *   trades the code and goes on to `redirect`, as when the provider returns there directly;
 * - `?redirect=<local path>`: to that page (the guard asks for a sign-in first without a session);
 * - nothing to pass on: says so, with a link to the login page, or to the console when signed in.
 * The template's pop-up hand-over (PG-7: the query into localStorage, then window.close()) is not
 * kept: nothing in Postdeck opens such a pop-up or reads that key, and a tab that a script did not
 * open cannot close itself, so it stayed blank.
 */
export function AuthRedirectPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  if (params.has(OIDC_QUERY.code) || params.has(OIDC_QUERY.error)) {
    return <Navigate replace to={`/login${search}`} />;
  }
  if (params.has('redirect')) return <Navigate replace to={loginTarget(search)} />;

  const signedIn = hasAuth();
  return (
    <MessagePage
      status="info"
      title={t('authRedirect.title')}
      subTitle={t('authRedirect.description')}
      extra={
        <Link to={signedIn ? '/' : '/login'} data-testid="auth-redirect-next">
          {signedIn ? t('authRedirect.toConsole') : t('authRedirect.toLogin')}
        </Link>
      }
    />
  );
}
