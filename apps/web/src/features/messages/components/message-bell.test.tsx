import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { Providers } from '../../../app/providers';
import { calls, envelope, mockFetch } from '../../../test/fetch-mock';
import { REMINDER_COOKIE } from '../reminder';
import { MessageBell } from './message-bell';
import { PublishFailureBanner } from './publish-failure-banner';

const failure = (id: number, readStatus = 1) => ({
  id,
  oppId: 70,
  title: 'Launch post',
  channelName: 'Weibo',
  type: 'publish_failure',
  content: 'quota',
  readStatus,
  time: '2026-11-21T10:00:00Z',
});

let latest = failure(11);
let spy: ReturnType<typeof mockFetch>;

beforeEach(() => {
  latest = failure(11);
  Cookies.remove(REMINDER_COOKIE);
  spy = mockFetch(({ url, body }) => {
    if (url.pathname.endsWith('/infor/notReadList')) {
      const b = body as { pageSize: number };
      const items = b.pageSize === 1 ? [latest] : [latest, { ...failure(12), title: 'Other post' }];
      return envelope({
        items,
        total: items.length,
        totalExact: true,
        page: 1,
        pageSize: b.pageSize,
        count: 3,
      });
    }
    if (url.pathname.endsWith('/infor/read')) return envelope({ changed: 1 });
    return envelope(null, { status: 404, code: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  Cookies.remove(REMINDER_COOKIE);
});

function renderShell() {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <MessageBell />
            <PublishFailureBanner />
          </>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const readCalls = () =>
  calls(spy, '/prod-api/infor/read').map(([input]) => new URL(String(input), 'http://x').search);

describe('MessageBell', () => {
  it('polls notReadList with the failure body and shows the unread count', async () => {
    renderShell();
    await waitFor(() => expect(screen.getByTestId('message-bell')).toHaveTextContent('3'));
    const first = calls(spy, '/prod-api/infor/notReadList')[0];
    expect(JSON.parse(String(first?.[1]?.body))).toEqual({
      readStatus: 1,
      page: 1,
      pageSize: 1,
      type: 'publish_failure',
    });
  });

  it('lists the latest unread on open and marks one read on click', async () => {
    const user = userEvent.setup();
    renderShell();
    await user.click(await screen.findByTestId('message-bell'));
    await user.click(await screen.findByText('Other post'));
    await waitFor(() => expect(readCalls()).toContain('?id=12'));
    expect(screen.getByRole('link', { name: 'See more messages' })).toHaveAttribute(
      'href',
      '/api/infor/myInfor?navLink=1',
    );
  });
});

describe('PublishFailureBanner', () => {
  it('shows the Chinese failure text with links, and closing stores errclose false and marks read', async () => {
    const user = userEvent.setup();
    renderShell();
    const banner = await screen.findByTestId('publish-failure-banner');
    expect(banner).toHaveTextContent('"Launch post" 发布到 "Weibo" 失败');
    expect(screen.getByRole('link', { name: 'View details' })).toHaveAttribute(
      'href',
      '/api/content/publish/pubHistory?pageSize=10&oppId=70&queryType=1',
    );
    expect(JSON.parse(Cookies.get(REMINDER_COOKIE) ?? '{}')).toMatchObject({ id: 11, errclose: true });
    await user.click(screen.getByRole('button', { name: 'Close reminder' }));
    await waitFor(() => expect(screen.queryByTestId('publish-failure-banner')).not.toBeInTheDocument());
    expect(JSON.parse(Cookies.get(REMINDER_COOKIE) ?? '{}')).toMatchObject({ id: 11, errclose: false });
    await waitFor(() => expect(readCalls()).toContain('?id=11'));
  });

  it('stays hidden for a dismissed id and for a read notification', async () => {
    Cookies.set(REMINDER_COOKIE, JSON.stringify({ id: 11, oppId: 70, readStatus: 1, errclose: false }));
    renderShell();
    await waitFor(() => expect(screen.getByTestId('message-bell')).toHaveTextContent('3'));
    expect(screen.queryByTestId('publish-failure-banner')).not.toBeInTheDocument();
  });
});
