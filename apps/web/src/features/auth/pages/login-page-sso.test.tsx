import type { PublicConfig } from '@postdeck/contract/auth';
import { ERRORS } from '@postdeck/contract/errors';
import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, useLocation } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { NO_SSO } from '../../../api/sign-on';
import { Providers } from '../../../app/providers';
import { i18n } from '../../../i18n/i18n';
import { useUserStore } from '../../../stores/user-store';
import { USER_INFO, calls, envelope, mockFetch, tokenPair } from '../../../test/fetch-mock';
import { clearAuth, readAuth } from '../../../utils/auth-cookie';
import { LoginPage } from './login-page';

const settings = vi.hoisted(() => ({ current: undefined as PublicConfig | undefined }));
vi.mock('../../../api/public-settings', () => ({ usePublicSettings: () => settings.current }));

const OIDC: PublicConfig = {
  ...NO_SSO,
  oidc: true,
  ssoLoginUrl: 'https://console.example.com/prod-api/auth/oidc/login',
  ssoLogoutUrl: 'https://console.example.com/prod-api/auth/oidc/logout',
  systemId: 'postdeck',
};

function Landed() {
  const { pathname, search } = useLocation();
  return <p data-testid="landed">{pathname + search}</p>;
}

function renderLogin(entry: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginPage },
      { path: '*', Component: Landed },
    ],
    { initialEntries: [entry] },
  );
  // Strict mode runs effects twice: the one-time code must still be traded once.
  render(
    <StrictMode>
      <Providers queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  return router;
}

beforeEach(() => {
  clearAuth();
  settings.current = OIDC;
  useUserStore.setState({ info: USER_INFO, menu: [], loaded: true });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('LoginPage with OpenID Connect', () => {
  it('offers single sign-on, coming back to the page the login page would go to', async () => {
    renderLogin(`/login?redirect=${encodeURIComponent('/api/x?a=1')}&b=2`);
    const button = await screen.findByTestId('login-sso');
    expect(button).toHaveTextContent('Sign in with single sign-on');
    expect(button).toHaveAttribute(
      'href',
      `https://console.example.com/prod-api/auth/oidc/login?redirect=${encodeURIComponent('/api/x?a=1&b=2')}`,
    );
    // The password form stays.
    expect(screen.getByTestId('login-submit')).toBeVisible();
  });

  it('offers no single sign-on without OIDC', async () => {
    settings.current = NO_SSO;
    renderLogin('/login');
    expect(await screen.findByTestId('login-submit')).toBeVisible();
    expect(screen.queryByTestId('login-sso')).not.toBeInTheDocument();
  });

  it('trades the one-time code once, keeps the session and goes on without the code', async () => {
    const fetchSpy = mockFetch(() => envelope(tokenPair('sso')));
    renderLogin(`/login?sso=one-time-code&redirect=${encodeURIComponent('/api/y?p=1')}`);
    expect(screen.getByTestId('sso-pending')).toHaveTextContent('Signing you in…');

    expect(await screen.findByTestId('landed')).toHaveTextContent('/api/y?p=1');
    const exchanges = calls(fetchSpy, '/prod-api/auth/oidc/exchange');
    expect(exchanges).toHaveLength(1);
    expect(JSON.parse(String(exchanges[0]?.[1]?.body))).toEqual({ code: 'one-time-code' });
    expect(readAuth()?.accessToken).toBe('access-sso');
    expect(useUserStore.getState().loaded).toBe(false);
  });

  it('shows why a code was refused, and the form again', async () => {
    const refused = ERRORS.ssoCodeInvalid;
    mockFetch(() => envelope(null, { status: refused.http, code: refused.code, msg: refused.msg.en }));
    const router = renderLogin('/login?sso=used-code&redirect=%2Fapi%2Fz');

    expect(await screen.findByTestId('sso-error')).toHaveTextContent(refused.msg.en);
    expect(screen.getByTestId('login-submit')).toBeVisible();
    expect(router.state.location.search).toBe(`?redirect=%2Fapi%2Fz&ssoError=${refused.code}`);
    expect(readAuth()).toBeUndefined();
  });

  it("shows the callback's error in the reader's language, or the general sentence for an unknown code", async () => {
    await i18n.changeLanguage('es');
    renderLogin(`/login?ssoError=${ERRORS.accountDisabled.code}`);
    expect(await screen.findByTestId('sso-error')).toHaveTextContent(ERRORS.accountDisabled.msg.es);
  });

  it('shows the general sentence for a code it does not know', async () => {
    renderLogin('/login?ssoError=abc');
    expect(await screen.findByTestId('sso-error')).toHaveTextContent(
      'Single sign-on did not complete, please try again',
    );
  });
});
