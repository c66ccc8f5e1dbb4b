import type { PublishingPause } from '@postdeck/contract/publishing-pauses';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { Providers } from '../../../app/providers';
import { useUserStore } from '../../../stores/user-store';
import { USER_INFO, calls, envelope, mockFetch } from '../../../test/fetch-mock';
import { DEPARTMENTS, PLATFORMS, account, pageOf } from '../test-fixtures';
import { ChannelAccountsPage } from './channel-accounts-page';

/** The pause panel of the channel accounts page (issue 20, item 6). */
const LIST = '/api/channel/account/list';
const WITH_PAUSE = ['channel:account:list', 'publish:pause'];

const ACTIVE: PublishingPause = {
  id: 41,
  scope: 'department',
  target: { id: 3, name: 'Newsroom' },
  reason: 'Desk audit until noon',
  pausedBy: { id: 1, name: 'Ada Admin' },
  pausedAt: '2026-11-25T10:00:00Z',
  canResume: true,
};

let spy: ReturnType<typeof mockFetch>;
let pauses: PublishingPause[];

beforeEach(() => {
  pauses = [ACTIVE];
  spy = mockFetch(({ url, body }) => {
    const path = url.pathname;
    if (path.endsWith('/channel/account/list')) return envelope(pageOf([account(1, 'Morning News')]));
    if (path.endsWith('/channel/platforms')) return envelope(PLATFORMS);
    if (path.endsWith('/control/dept/list')) return envelope(DEPARTMENTS);
    if (path.endsWith('/content/publish/pause/list')) return envelope({ items: pauses, canPauseAll: false });
    if (path.endsWith('/content/publish/pause/create')) {
      const sent = body as { scope: 'account'; targetId: number; reason: string };
      return envelope({
        pause: { ...ACTIVE, id: 42, scope: sent.scope, target: { id: sent.targetId, name: 'Morning News' } },
        alreadySending: 1,
        waiting: 3,
      });
    }
    if (path.endsWith('/content/publish/pause/resume')) {
      pauses = [];
      return envelope({ pause: ACTIVE, released: 2 });
    }
    return envelope(null, { status: 404, code: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useUserStore.getState().reset();
});

function renderPage(permissions = WITH_PAUSE) {
  useUserStore
    .getState()
    .setSession({ ...USER_INFO, department: { id: 3, name: 'Newsroom' }, permissions }, []);
  const router = createMemoryRouter([{ path: LIST, Component: ChannelAccountsPage }], {
    initialEntries: [LIST],
  });
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return userEvent.setup();
}

const bodyOf = (path: string) => JSON.parse(String(calls(spy, path).at(-1)?.[1]?.body)) as unknown;

describe('pausing publishing', () => {
  it('pauses an account from its row with the reason given, once it is confirmed', async () => {
    const user = renderPage();
    const row = (await screen.findByText('Morning News')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Pause publishing' }));
    const dialog = (await screen.findByText('Pause publishing on Morning News')).closest(
      '[role="dialog"]',
    ) as HTMLElement;
    const submit = within(dialog).getByRole('button', { name: 'Pause' });
    await user.type(within(dialog).getByLabelText('Reason'), '  Election silence ');
    // Not before the consequences are acknowledged.
    expect(submit).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox'));
    expect(submit).toBeEnabled();
    await user.click(submit);
    await waitFor(() =>
      expect(bodyOf('/prod-api/content/publish/pause/create')).toEqual({
        scope: 'account',
        targetId: 1,
        reason: 'Election silence',
      }),
    );
    expect(
      await screen.findByText('Publishing paused. Waiting: 3; already being sent, and not stopped: 1'),
    ).toBeInTheDocument();
  });

  it('lists the active pauses with their reason, and resumes one after confirming', async () => {
    const user = renderPage();
    const panel = await screen.findByRole('list', { name: 'Publishing is paused' });
    expect(panel).toHaveTextContent('Department Newsroom: Desk audit until noon');
    await user.click(within(panel).getByRole('button', { name: 'Resume' }));
    const confirm = await screen.findByText(/Waiting posts go out in the order they were due/);
    await user.click(
      within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Resume' }),
    );
    await waitFor(() => expect(bodyOf('/prod-api/content/publish/pause/resume')).toEqual({ id: 41 }));
    expect(await screen.findByText('Publishing resumed. Posts queued again: 2')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Publishing is paused' })).not.toBeInTheDocument(),
    );
  });

  it('offers nothing of it without the permission', async () => {
    renderPage(['channel:account:list']);
    await screen.findByText('Morning News');
    expect(screen.queryByRole('button', { name: /Pause publishing/ })).not.toBeInTheDocument();
    expect(calls(spy, '/prod-api/content/publish/pause/list')).toHaveLength(0);
  });
});
