import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, useLocation } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { Providers } from '../../../app/providers';
import { tokenPair } from '../../../test/fetch-mock';
import { clearAuth, saveAuth } from '../../../utils/auth-cookie';
import { AuthRedirectPage } from './auth-redirect-page';

function Landed() {
  const { pathname, search } = useLocation();
  return <p data-testid="landed">{pathname + search}</p>;
}

function renderAt(entry: string) {
  const router = createMemoryRouter(
    [
      { path: '/auth-redirect', Component: AuthRedirectPage },
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

afterEach(() => clearAuth());

describe('/auth-redirect (spec §2 authorisation redirect)', () => {
  it("passes single sign-on's one-time code on to the login page, query and all", async () => {
    renderAt('/auth-redirect?sso=one-time&redirect=%2Fapi%2Fsystem%2Fuser');
    expect(await screen.findByTestId('landed')).toHaveTextContent(
      '/login?sso=one-time&redirect=%2Fapi%2Fsystem%2Fuser',
    );
  });

  it("passes single sign-on's failure on to the login page, which says why", async () => {
    renderAt('/auth-redirect?ssoError=101001');
    expect(await screen.findByTestId('landed')).toHaveTextContent('/login?ssoError=101001');
  });

  it('forwards to a local redirect target, and never off the site', async () => {
    renderAt('/auth-redirect?redirect=%2Fapi%2Flog%2Faudit%3Fpage%3D2');
    expect(await screen.findByTestId('landed')).toHaveTextContent('/api/log/audit?page=2');
  });

  it('sends a foreign redirect target to the console instead', async () => {
    renderAt('/auth-redirect?redirect=https%3A%2F%2Fevil.example%2F');
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^\/$/);
  });

  it('with nothing to pass on, says so and links to the login page', async () => {
    renderAt('/auth-redirect');
    expect(screen.getByText('Nothing to pass on here')).toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: 'Go to the login page' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/login');
  });

  it('links a signed-in visitor to the console instead', async () => {
    saveAuth(tokenPair('a'));
    renderAt('/auth-redirect');
    await userEvent.click(screen.getByRole('link', { name: 'Go to the console' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^\/$/);
  });
});
