import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { Providers } from '../../../app/providers';
import { useUserStore } from '../../../stores/user-store';
import { USER_INFO, calls, envelope, mockFetch } from '../../../test/fetch-mock';
import { TARGETS, account } from '../test-fixtures';
import { AuthorizeChannelPage } from './authorize-channel-page';

const DENIED = 'Facebook access was not granted, so nothing was connected';

let spy: ReturnType<typeof mockFetch>;

beforeEach(() => {
  spy = mockFetch(({ url, body }) => {
    const path = url.pathname;
    if (path.endsWith('/channel/connect/callback')) {
      if ((body as { error?: string }).error)
        return envelope(null, { status: 400, code: 102004, msg: DENIED });
      if ((body as { state: string }).state === 'elsewhere') return envelope(ELSEWHERE);
      return envelope(TARGETS);
    }
    if (path.endsWith('/channel/connect/pick')) {
      const ids = (body as { externalIds: string[] }).externalIds;
      return envelope({ accounts: ids.map((id, index) => account(index + 1, id)) });
    }
    return envelope(null, { status: 404, code: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useUserStore.getState().reset();
});

function renderPage(entry: string) {
  useUserStore.getState().setSession({ ...USER_INFO, permissions: ['channel:account:connect'] }, []);
  const router = createMemoryRouter(
    [
      { path: '/authOpen', Component: AuthorizeChannelPage },
      { path: '/api/channel/account/list', element: <p>channels page</p> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <StrictMode>
      <Providers queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  return { router, user: userEvent.setup() };
}

const CALLBACK = '/prod-api/channel/connect/callback';

/** The second page is live in a department outside the caller's scope. */
const ELSEWHERE = {
  ...TARGETS,
  targets: TARGETS.targets.map((target, index) =>
    index === 1 ? { ...target, existing: { scope: 'elsewhere' as const } } : target,
  ),
};

describe('/authOpen', () => {
  it('sends the answer once, clears it from the address, and connects the targets ticked', async () => {
    const { router, user } = renderPage('/authOpen?state=s-1&code=c-1');
    expect(await screen.findByText('Choose what to connect on Facebook')).toBeInTheDocument();
    expect(calls(spy, CALLBACK)).toHaveLength(1);
    expect(JSON.parse(String(calls(spy, CALLBACK)[0]?.[1]?.body))).toEqual({ state: 's-1', code: 'c-1' });
    expect(router.state.location.search).toBe('');
    expect(
      screen.getByText(
        'Every account this sign-in reaches. Those ticked will belong to the department Newsroom.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Connected in Video desk, will be renewed')).toBeInTheDocument();

    const morning = screen.getByRole('checkbox', { name: 'Morning News' });
    const evening = screen.getByRole('checkbox', { name: 'Evening News' });
    expect(morning).toBeChecked();
    expect(evening).toBeChecked();
    await user.click(evening);
    await user.click(screen.getByRole('button', { name: 'Connect selected' }));

    await waitFor(() => expect(router.state.location.search).toBe('?platform=facebook'));
    expect(router.state.location.pathname).toBe('/api/channel/account/list');
    expect(await screen.findByText('Accounts connected: 1')).toBeInTheDocument();
    expect(JSON.parse(String(calls(spy, '/prod-api/channel/connect/pick')[0]?.[1]?.body))).toEqual({
      connectionId: 41,
      externalIds: ['page-1'],
    });
    expect(calls(spy, CALLBACK)).toHaveLength(1);
  });

  it("shows another department's account as not choosable, without naming the department", async () => {
    const { user } = renderPage('/authOpen?state=elsewhere&code=c-3');
    expect(
      await screen.findByText('Connected in another department: not yours to renew'),
    ).toBeInTheDocument();
    expect(screen.getByText(/An administrator over both departments can move it/)).toBeInTheDocument();
    expect(screen.queryByText(/Video desk/)).not.toBeInTheDocument();
    const evening = screen.getByRole('checkbox', { name: 'Evening News' });
    expect(evening).toBeDisabled();
    expect(evening).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select all' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Connect selected' }));
    await waitFor(() =>
      expect(JSON.parse(String(calls(spy, '/prod-api/channel/connect/pick')[0]?.[1]?.body))).toEqual({
        connectionId: 41,
        externalIds: ['page-1'],
      }),
    );
  });

  it("shows a denied consent in the user's language, with the ways on", async () => {
    const { router, user } = renderPage(
      '/authOpen?state=s-2&error=access_denied&error_description=User+denied',
    );
    expect(await screen.findByText(DENIED)).toBeInTheDocument();
    expect(screen.getByText('Nothing was connected')).toBeInTheDocument();
    expect(JSON.parse(String(calls(spy, CALLBACK)[0]?.[1]?.body))).toEqual({
      state: 's-2',
      error: 'access_denied',
      errorDescription: 'User denied',
    });
    expect(calls(spy, CALLBACK)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Connect again' }));
    await waitFor(() => expect(router.state.location.search).toBe('?connect='));
  });

  it('says so when opened without an answer, and sends nothing', async () => {
    renderPage('/authOpen');
    const panel = (await screen.findByText('Nothing was connected')).closest('.ant-result') as HTMLElement;
    expect(
      within(panel).getByText('This address was opened without an answer from a platform.'),
    ).toBeInTheDocument();
    expect(calls(spy, CALLBACK)).toHaveLength(0);
  });
});
