import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { Providers } from '../../../app/providers';
import { useUserStore } from '../../../stores/user-store';
import { calls, envelope, mockFetch, USER_INFO } from '../../../test/fetch-mock';
import { ChangePasswordPage } from './change-password-page';

const PATH = '/prod-api/control/user/pass/update';
let spy: ReturnType<typeof mockFetch>;
let reply: () => Response;

beforeEach(() => {
  reply = () => envelope(null);
  spy = mockFetch(({ url }) =>
    url.pathname === PATH ? reply() : envelope(null, { status: 404, code: 404 }),
  );
});

afterEach(() => vi.unstubAllGlobals());

const renderPage = () =>
  render(
    <Providers queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={['/api/me/changePass']}>
        <Routes>
          <Route path="/api/me/changePass" element={<ChangePasswordPage />} />
          <Route path="/" element={<p>Landing</p>} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );

async function fill(oldPassword: string, next: string, confirm = next) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Current password'), oldPassword);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ChangePasswordPage', () => {
  it('shows live hints from passwordHints', async () => {
    renderPage();
    await userEvent.setup().type(screen.getByLabelText('New password'), 'abc1');
    const hints = within(screen.getByRole('list', { name: 'Password rules' }));
    expect(hints.getByText('A letter').closest('li')).toHaveAttribute('data-met', 'true');
    expect(hints.getByText('A digit').closest('li')).toHaveAttribute('data-met', 'true');
    expect(hints.getByText('8 to 16 characters').closest('li')).toHaveAttribute('data-met', 'false');
  });

  it('refuses a mismatched confirmation without calling the server', async () => {
    renderPage();
    await fill('old-secret', 'Abcdef1!', 'Abcdef1?');
    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
    expect(calls(spy, PATH)).toHaveLength(0);
  });

  it('changes the password and says other sessions were signed out', async () => {
    renderPage();
    await fill('old-secret', 'Abcdef1!');
    expect(await screen.findByText(/other sessions were signed out/)).toBeInTheDocument();
    const [, init] = calls(spy, PATH)[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ oldPassword: 'old-secret', newPassword: 'Abcdef1!' });
  });

  it('shows the server field errors inline', async () => {
    reply = () =>
      envelope(
        { errors: [{ field: 'oldPassword', message: 'Wrong password' }] },
        { status: 400, code: 400, msg: 'Invalid' },
      );
    renderPage();
    await fill('bad', 'Abcdef1!');
    await waitFor(() => expect(screen.getByText('Wrong password')).toBeInTheDocument());
  });

  it('asks a user whose password an administrator set for their own, then lets them in', async () => {
    useUserStore.getState().setSession({ ...USER_INFO, mustChangePassword: true }, []);
    renderPage();
    expect(screen.getByText(/Your password was set by an administrator/)).toBeInTheDocument();
    await fill('Admin!set1', 'Mine!2026x');
    expect(await screen.findByText('Landing')).toBeInTheDocument();
    expect(useUserStore.getState().info?.mustChangePassword).toBe(false);
  });
});
