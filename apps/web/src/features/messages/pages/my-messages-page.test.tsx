import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { Providers } from '../../../app/providers';
import { calls, envelope, mockFetch } from '../../../test/fetch-mock';
import { MyMessagesPage } from './my-messages-page';

const row = (id: number, readStatus: number) => ({
  id,
  oppId: 5,
  title: `Message ${id}`,
  channelName: 'Weibo',
  type: 'publish_failure',
  content: '',
  readStatus,
  time: '2026-01-02T03:04:05Z',
});

let spy: ReturnType<typeof mockFetch>;
let fail = false;

beforeEach(() => {
  fail = false;
  spy = mockFetch(({ url }) => {
    if (url.pathname.endsWith('/infor/myInfor')) {
      if (fail) return envelope(null, { status: 500, code: 500, msg: 'boom' });
      const unreadOnly = url.searchParams.get('navLink') === '1';
      const items = unreadOnly ? [row(1, 1)] : [row(1, 1), row(2, 2)];
      return envelope({
        items,
        total: items.length,
        totalExact: true,
        next: null,
        prev: null,
        page: 1,
        pageSize: 10,
        unread: 1,
      });
    }
    if (url.pathname.endsWith('/infor/read')) return envelope({ changed: 1 });
    return envelope(null, { status: 404, code: 404 });
  });
});

afterEach(() => vi.unstubAllGlobals());

function renderPage(entry: string) {
  const router = createMemoryRouter([{ path: '/api/infor/myInfor', Component: MyMessagesPage }], {
    initialEntries: [entry],
  });
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const queries = (path: string) =>
  calls(spy, path).map(([input]) => new URL(String(input), 'http://x').searchParams);

describe('MyMessagesPage', () => {
  it('loads the unread tab from the address and switches to all', async () => {
    const user = userEvent.setup();
    const router = renderPage('/api/infor/myInfor?navLink=1');
    expect(await screen.findByText('Message 1')).toBeInTheDocument();
    expect(screen.queryByText('Message 2')).not.toBeInTheDocument();
    const first = queries('/prod-api/infor/myInfor')[0];
    expect(first?.get('navLink')).toBe('1');
    expect(first?.has('time')).toBe(false);
    await user.click(screen.getByRole('tab', { name: 'All' }));
    expect(await screen.findByText('Message 2')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?navLink=2');
  });

  it('marks one and all read', async () => {
    const user = userEvent.setup();
    renderPage('/api/infor/myInfor?navLink=2');
    const unreadRow = (await screen.findByText('Message 1')).closest('tr') as HTMLElement;
    await user.click(within(unreadRow).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(queries('/prod-api/infor/read')[0]?.get('id')).toBe('1'));
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(queries('/prod-api/infor/read')[1]?.get('all')).toBe('true'));
  });

  it('shows an error state with retry', async () => {
    fail = true;
    renderPage('/api/infor/myInfor');
    expect(await screen.findByText('Messages could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Message 2')).toBeInTheDocument();
  });
});
