import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider } from 'react-router/dom';
import { createMemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { Providers } from '../../../app/providers';
import { useUserStore } from '../../../stores/user-store';
import { NO_SSO_CONFIG, USER_INFO, calls, envelope, mockFetch, tokenPair } from '../../../test/fetch-mock';
import { changeLanguage } from '../../../i18n/i18n';
import { clearAuth, readAuth } from '../../../utils/auth-cookie';
import { LoginPage } from './login-page';

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
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

async function fillAndSubmit(username: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: /log in/i }));
}

beforeEach(() => {
  clearAuth();
  useUserStore.setState({ info: USER_INFO, menu: [], loaded: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LoginPage', () => {
  it('sends the trimmed username and goes to the redirect with every other query key', async () => {
    const fetchSpy = mockFetch(({ url }) =>
      envelope(url.pathname === '/prod-api/public/config' ? NO_SSO_CONFIG : tokenPair('a')),
    );
    const redirect = encodeURIComponent('/api/content/publish/pubHistory?pageSize=10');
    renderLogin(`/login?redirect=${redirect}&queryType=1&time=7`);

    await fillAndSubmit('  ada  ', 'secret!1');

    expect(await screen.findByTestId('landed')).toHaveTextContent(
      '/api/content/publish/pubHistory?pageSize=10&queryType=1&time=7',
    );
    const [, init] = calls(fetchSpy, '/prod-api/control/user/login')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'ada', password: 'secret!1' });
    expect(readAuth()?.accessToken).toBe('access-a');
    // The previous user's session data is dropped so the guard loads this user's.
    expect(useUserStore.getState().loaded).toBe(false);
  });

  it('shows the server message and stays on the page when sign-in fails', async () => {
    mockFetch(() => envelope(null, { status: 400, code: 100101, msg: 'Incorrect account or password' }));
    renderLogin('/login?redirect=%2Fapi%2Fx');

    await fillAndSubmit('ada', 'wrong-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect account or password');
    expect(screen.queryByTestId('landed')).not.toBeInTheDocument();
    expect(readAuth()).toBeUndefined();
  });

  it('titles the page with Postdeck and the product title of spec §1, in the interface language', async () => {
    mockFetch(() => envelope(NO_SSO_CONFIG));
    renderLogin('/login');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'PostdeckGlobal social media content operations platform',
    );
    await changeLanguage('zh');
    try {
      await waitFor(() =>
        expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
          'Postdeck全球社交媒体内容运营平台',
        ),
      );
    } finally {
      await changeLanguage('en');
    }
  });

  it('asks for at least 6 password characters before calling the server', async () => {
    const fetchSpy = mockFetch(() => envelope(tokenPair('a')));
    renderLogin('/login');

    await fillAndSubmit('ada', '12345');

    // antd fades the message in (rc-motion); on a loaded machine the fade can outlast findByText.
    const message = await screen.findByText('The password can not be less than 6 digits');
    await waitFor(() => expect(message).toBeVisible(), { timeout: 5000 });
    await waitFor(() => expect(fetchSpy).not.toHaveBeenCalled());
  });
});
