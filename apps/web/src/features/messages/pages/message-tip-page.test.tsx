import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { Providers } from '../../../app/providers';
import { useUserStore } from '../../../stores/user-store';
import { USER_INFO, calls, envelope, mockFetch } from '../../../test/fetch-mock';
import { MessageTipPage } from './message-tip-page';

let spy: ReturnType<typeof mockFetch>;

beforeEach(() => {
  spy = mockFetch(({ url, method, body }) => {
    if (url.pathname.endsWith('/infor/tip/list')) {
      const items = [
        {
          id: 1,
          title: 'Holiday',
          content: 'Office closed',
          sender: { id: 1, account: 'admin', name: 'Ada Admin' },
          departments: [],
          recipients: 12,
          time: '2026-01-01T00:00:00Z',
        },
      ];
      return envelope({ items, total: 1, totalExact: true, next: null, prev: null, page: 1, pageSize: 10 });
    }
    if (url.pathname.endsWith('/control/dept/list')) {
      return envelope({
        items: [
          { id: 1, name: 'Head office', parentId: null },
          { id: 3, name: 'Newsroom', parentId: 1 },
        ],
      });
    }
    if (url.pathname.endsWith('/infor/tip/send')) return envelope({ id: 2, recipients: 4 });
    if (url.pathname.endsWith('/infor/preferences')) {
      return envelope(
        method === 'POST'
          ? body
          : { publishFailure: true, publishSuccess: true, tip: true, departmentFailures: false },
      );
    }
    return envelope(null, { status: 404, code: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useUserStore.getState().reset();
});

function renderPage(permissions: string[]) {
  useUserStore.getState().setSession({ ...USER_INFO, permissions }, []);
  render(
    <Providers queryClient={createQueryClient()}>
      <MessageTipPage />
    </Providers>,
  );
}

const bodies = (path: string) =>
  calls(spy, path)
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

describe('MessageTipPage', () => {
  it('hides the send form without message:tip:send and lists tips', async () => {
    renderPage([]);
    expect(await screen.findByText('Holiday')).toBeInTheDocument();
    expect(screen.queryByText('Send a tip')).not.toBeInTheDocument();
  });

  it('sends a tip to departments picked on the tree', async () => {
    const user = userEvent.setup();
    renderPage(['message:tip:send']);
    await user.type(screen.getByLabelText('Title'), 'Deadline');
    await user.type(screen.getByLabelText('Content'), 'Friday');
    await user.click(screen.getByRole('switch', { name: 'Everyone' }));
    await user.type(await screen.findByLabelText('Departments'), 'News');
    await user.click(await screen.findByTitle('Newsroom'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(bodies('/prod-api/infor/tip/send')).toEqual([
        { title: 'Deadline', content: 'Friday', departmentIds: [3] },
      ]),
    );
    expect(await screen.findByText('Tip sent to 4 people.')).toBeInTheDocument();
  });

  it('saves the notification preferences', async () => {
    const user = userEvent.setup();
    renderPage([]);
    await user.click(await screen.findByRole('switch', { name: 'Publish successes' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodies('/prod-api/infor/preferences').at(-1)).toEqual({
        publishFailure: true,
        publishSuccess: false,
        tip: true,
        departmentFailures: false,
      }),
    );
  });
});
