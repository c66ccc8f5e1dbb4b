import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { Providers } from '../../../app/providers';
import { useUserStore } from '../../../stores/user-store';
import { USER_INFO, calls, envelope, mockFetch } from '../../../test/fetch-mock';
import { ProfilePage } from './profile-page';

let spy: ReturnType<typeof mockFetch>;
let reply: () => Response;

beforeEach(() => {
  reply = () => envelope({ name: 'Grace', avatar: 'https://x.test/a.png', introduction: 'Hi' });
  spy = mockFetch(({ url }) =>
    url.pathname.endsWith('/control/user/profile') ? reply() : envelope(null, { status: 404, code: 404 }),
  );
  useUserStore.getState().setSession(USER_INFO, []);
});

afterEach(() => {
  vi.unstubAllGlobals();
  useUserStore.getState().reset();
});

const renderPage = () =>
  render(
    <Providers queryClient={createQueryClient()}>
      <ProfilePage />
    </Providers>,
  );

describe('ProfilePage', () => {
  it('saves the profile and updates the signed-in user', async () => {
    const user = userEvent.setup();
    renderPage();
    const name = screen.getByLabelText('Display name');
    expect(name).toHaveValue('Ada Admin');
    await user.clear(name);
    await user.type(name, 'Grace');
    await user.type(screen.getByLabelText('Avatar URL'), 'https://x.test/a.png');
    await user.type(screen.getByLabelText('Introduction'), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(useUserStore.getState().info?.name).toBe('Grace'));
    const [, init] = calls(spy, '/prod-api/control/user/profile')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Grace',
      avatar: 'https://x.test/a.png',
      introduction: 'Hi',
    });
    expect(useUserStore.getState().info?.avatar).toBe('https://x.test/a.png');
  });

  it('refuses a bad avatar before sending and shows server field errors', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByLabelText('Avatar URL'), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Enter an http\(s\) address/)).toBeInTheDocument();
    expect(calls(spy, '/prod-api/control/user/profile')).toHaveLength(0);

    reply = () =>
      envelope(
        { errors: [{ field: 'name', message: 'Name taken' }] },
        { status: 400, code: 400, msg: 'Invalid' },
      );
    await user.clear(screen.getByLabelText('Avatar URL'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name taken')).toBeInTheDocument();
  });
});
