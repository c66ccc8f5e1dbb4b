import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { Providers } from '../../../app/providers';
import { useUserStore } from '../../../stores/user-store';
import { USER_INFO, calls, envelope, mockFetch } from '../../../test/fetch-mock';
import { AdminContentPage, DepartmentContentPage } from './content-list-page';

const item = (id: number, title: string) => ({
  id,
  title,
  summary: '',
  status: 'draft',
  tags: ['launch'],
  department: { id: 3, name: 'Video desk' },
  author: { id: 1, name: 'Ada Admin' },
  version: 4,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-02T00:00:00Z',
  deletedAt: null,
});

let spy: ReturnType<typeof mockFetch>;
let fail = false;
/** The server stopped counting at its bound, with cursors for the rows past it. */
let capped = false;

beforeEach(() => {
  fail = false;
  capped = false;
  spy = mockFetch(({ url }) => {
    if (url.pathname.includes('/content/contentList/')) {
      if (fail) return envelope(null, { status: 500, code: 500, msg: 'boom' });
      const items = url.searchParams.get('keyword') === 'none' ? [] : [item(7, 'Spring launch')];
      if (capped) {
        const page = Number(url.searchParams.get('page') ?? 1);
        return envelope({
          items,
          total: 10_000,
          totalExact: false,
          page,
          pageSize: 10,
          next: 'c-next',
          prev: 'c-prev',
        });
      }
      return envelope({
        items,
        total: items.length,
        totalExact: true,
        page: 1,
        pageSize: 10,
        next: null,
        prev: null,
      });
    }
    if (url.pathname.endsWith('/content/delete')) return envelope(null);
    if (url.pathname.endsWith('/control/dept/list')) return envelope({ items: [] });
    return envelope(null, { status: 404, code: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useUserStore.getState().reset();
});

function renderPage(entry: string, permissions: string[] = ['content:create']) {
  useUserStore.getState().setSession({ ...USER_INFO, permissions }, []);
  const router = createMemoryRouter(
    [
      { path: '/api/content/contentList/deplist', Component: DepartmentContentPage },
      { path: '/api/content/contentList/admlist', Component: AdminContentPage },
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

const lastQuery = (path: string) =>
  new URL(String(calls(spy, path).at(-1)?.[0]), 'http://x').searchParams.toString();

describe('content lists', () => {
  it('asks the server with the filters of the address and writes new ones back', async () => {
    const user = userEvent.setup();
    const router = renderPage('/api/content/contentList/deplist?status=draft&page=2');
    expect(await screen.findByText('Spring launch')).toBeInTheDocument();
    expect(lastQuery('/prod-api/content/contentList/deplist')).toBe('page=2&status=draft');
    await user.type(screen.getByLabelText('Search title and text'), 'none{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?status=draft&keyword=none'));
    expect(await screen.findByText('No content yet')).toBeInTheDocument();
    expect(screen.queryByText('Department')).not.toBeInTheDocument();
  });

  it('shows a capped total as 10,000+ and pages on past it by cursor', async () => {
    capped = true;
    const user = userEvent.setup();
    const router = renderPage('/api/content/contentList/deplist?status=draft&page=1000');
    expect(await screen.findByText('10,000+ in all')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Later pages/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=1000&status=draft&after=c-next'));
    await waitFor(() =>
      expect(new URLSearchParams(lastQuery('/prod-api/content/contentList/deplist')).get('after')).toBe(
        'c-next',
      ),
    );
    await user.click(await screen.findByRole('button', { name: /Previous/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=1000&status=draft&before=c-prev'));
    // A new filter starts again from the first page, cursor dropped.
    await user.type(screen.getByLabelText('Search title and text'), 'spring{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?status=draft&keyword=spring'));
  });

  it('asks before deleting, then deletes', async () => {
    const user = userEvent.setup();
    renderPage('/api/content/contentList/deplist');
    const row = (await screen.findByText('Spring launch')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/An administrator can restore it for 30 days/)).toBeInTheDocument();
    const confirm = screen.getAllByRole('button', { name: 'Delete' }).at(-1) as HTMLElement;
    await user.click(confirm);
    await waitFor(() => expect(calls(spy, '/prod-api/content/delete')).toHaveLength(1));
  });

  it('shows no writing actions without content:create, and an error with retry', async () => {
    fail = true;
    renderPage('/api/content/contentList/admlist', []);
    expect(await screen.findByText('The content could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /New content/ })).not.toBeInTheDocument();
  });

  it('adds the department column on the admin list', async () => {
    renderPage('/api/content/contentList/admlist');
    expect(await screen.findByText('Video desk')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Department' })).toBeInTheDocument();
  });
});
