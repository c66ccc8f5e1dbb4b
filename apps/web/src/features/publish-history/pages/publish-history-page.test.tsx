import type { PublishHistoryItem, WithdrawArticleResult } from '@postdeck/contract/publish-history';
import type { Publication, PublicationStatus } from '@postdeck/contract/publishing';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { Providers } from '../../../app/providers';
import { useUserStore } from '../../../stores/user-store';
import { USER_INFO, calls, envelope, mockFetch, tokenPair } from '../../../test/fetch-mock';
import { clearAuth, saveAuth } from '../../../utils/auth-cookie';
import { PublishHistoryPage } from './publish-history-page';

const PAGE = '/api/content/publish/pubHistory';
const API = '/prod-api/content/publish';

const child = (
  id: number,
  platform: 'telegram' | 'mastodon' | 'bluesky',
  status: PublicationStatus,
  extra: Partial<Publication> = {},
): Publication => ({
  id,
  parentId: 1,
  contentId: 5,
  title: 'Harbour at dawn',
  account: { id: id + 100, platform, name: `Desk ${platform}`, handle: `@${platform}` },
  department: { id: 3, name: 'Social desk' },
  author: { id: 1, name: 'Ada Admin' },
  status,
  text: 'The first boats leave at five.',
  options: {},
  mediaIds: [],
  scheduledAt: null,
  publishedAt: status === 'published' ? '2026-06-01T08:00:00Z' : null,
  externalUrl: status === 'published' ? `https://${platform}.example/p/${id}` : null,
  error: null,
  attempts: 1,
  nextAttemptAt: null,
  createdAt: '2026-06-01T07:59:00Z',
  updatedAt: '2026-06-01T08:00:00Z',
  ...extra,
});

const FAILED = child(12, 'mastodon', 'failed', {
  error: { kind: 'rejected', message: 'Posts about harbours are not allowed here' },
});

const parent = (id: number, title: string, children: Publication[]): PublishHistoryItem => ({
  id,
  contentId: 5,
  title,
  author: { id: 1, name: 'Ada Admin' },
  department: { id: 3, name: 'Social desk' },
  mediaType: 'text',
  scheduledAt: null,
  createdAt: '2026-06-01T07:59:00Z',
  children,
});

const ITEMS = [
  parent(1, 'Harbour at dawn', [child(11, 'telegram', 'published'), FAILED]),
  parent(2, 'Harbour at noon', [{ ...child(21, 'bluesky', 'scheduled'), parentId: 2 }]),
];

const listAnswer = (items: PublishHistoryItem[]) => ({
  items,
  total: items.length,
  totalExact: true,
  page: 1,
  pageSize: 10,
  next: null,
  prev: null,
  param: {
    statusList: ['published', 'failed', 'scheduled'],
    mediaType: ['text', 'image', 'video'],
  },
});

let spy: ReturnType<typeof mockFetch>;
let failList: boolean;
let items: PublishHistoryItem[];
let withdrawAnswer: WithdrawArticleResult;

beforeEach(() => {
  failList = false;
  items = ITEMS;
  withdrawAnswer = { withdrawn: [11], cancelled: [], manual: [], kept: [] };
  spy = mockFetch(({ url, body }) => {
    const path = url.pathname.replace(API, '');
    if (['/pubHistory', '/pubDepHistory', '/pubAdmHistory'].includes(path)) {
      if (failList) return envelope(null, { status: 500, code: 500, msg: 'boom' });
      const oppId = Number(url.searchParams.get('oppId'));
      const status = url.searchParams.get('status');
      return envelope(
        listAnswer(
          items.filter(
            (item) =>
              (!oppId || item.children.some((c) => c.id === oppId)) &&
              (!status || item.children.some((c) => c.status === status)),
          ),
        ),
      );
    }
    if (path === '/detail') {
      const id = Number(url.searchParams.get('id'));
      const found = ITEMS.flatMap((item) => item.children).find((c) => c.id === id);
      if (!found) return envelope(null, { status: 404, code: 404, msg: 'Not found' });
      return envelope({
        ...found,
        errorRaw: found.error ? { error: 'Posts about harbours are not allowed here' } : null,
        events: [
          { from: null, to: 'queued', at: '2026-06-01T07:59:00Z', actor: null, detail: {} },
          {
            from: 'publishing',
            to: found.status,
            at: '2026-06-01T08:00:00Z',
            actor: null,
            detail: found.error ? { kind: 'rejected', message: found.error.message } : { how: 'answer' },
          },
        ],
      });
    }
    if (path === '/withdrawArticle') {
      const { note } = body as { id: number; note?: string };
      if (note) return envelope({ withdrawn: [12], cancelled: [], manual: [], kept: [] });
      return envelope(withdrawAnswer);
    }
    if (path === '/retry') {
      const { id } = body as { id: number };
      return envelope(
        id === 12 || id === 1
          ? { retried: [12], kept: [] }
          : { retried: [], kept: [{ id: 21, status: 'scheduled' }] },
      );
    }
    if (path === '/withdrawal') return envelope({ cancelled: [21], kept: [] });
    if (path === '/export')
      return new Response('title,account\r\n', { status: 200, headers: { 'Content-Type': 'text/csv' } });
    if (url.pathname.endsWith('/control/dept/list')) return envelope({ items: [] });
    return envelope(null, { status: 404, code: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearAuth();
  useUserStore.getState().reset();
});

function renderPage(entry: string, permissions = ['publish:list', 'publish:create']) {
  useUserStore.getState().setSession({ ...USER_INFO, permissions }, []);
  const router = createMemoryRouter([{ path: PAGE, Component: PublishHistoryPage }], {
    initialEntries: [entry],
  });
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, user: userEvent.setup() };
}

/** antd names its dialogs by an id that is the same 'test-id' for every component under test. */
const dialogTitled = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title, .ant-drawer-title' })).closest(
    '[role="dialog"]',
  ) as HTMLElement;

const rowOf = async (title: string) => (await screen.findByText(title)).closest('tr') as HTMLElement;
const accountRow = (name: string) =>
  screen
    .getAllByText(name)
    .map((text) => text.closest('tr'))
    .find(Boolean) as HTMLElement;

describe('the publish list', () => {
  it('shows the tabs the permissions open, and keeps the tab in the address', async () => {
    const { router, user } = renderPage(PAGE);
    expect(await screen.findByText('Harbour at dawn')).toBeInTheDocument();
    expect(calls(spy, `${API}/pubHistory`)).toHaveLength(1);
    expect(screen.getByRole('tab', { name: 'Mine' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'All departments' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Department' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=department'));
    await waitFor(() => expect(calls(spy, `${API}/pubDepHistory`)).toHaveLength(1));
  });

  it('keeps the filters in the address and asks the server with them', async () => {
    const { router, user } = renderPage(`${PAGE}?oppId=12`);
    expect(await screen.findByText('Only publication #12')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByTitle('Failed'));
    await waitFor(() => expect(router.state.location.search).toBe('?status=failed'));
    await user.type(screen.getByRole('searchbox', { name: 'Search titles' }), 'dawn{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?status=failed&keyword=dawn'));
    const last = calls(spy, `${API}/pubHistory`).at(-1)?.[0];
    expect(Object.fromEntries(new URL(String(last), 'http://x').searchParams)).toEqual({
      status: 'failed',
      keyword: 'dawn',
    });
  });

  it('offers All to administrators', async () => {
    const { user } = renderPage(`${PAGE}?tab=all`, ['publish:list', 'publish:admin:list']);
    expect(await screen.findByText('Harbour at dawn')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All departments' })).toHaveAttribute('aria-selected', 'true');
    expect(calls(spy, `${API}/pubAdmHistory`)).toHaveLength(1);
    // Without publish:create the rows offer no changes.
    expect(screen.queryByRole('button', { name: /Withdraw all/ })).not.toBeInTheDocument();
    await user.click(within(await rowOf('Harbour at dawn')).getByRole('button', { name: /expand/i }));
    expect(within(accountRow('Desk telegram')).queryByRole('button', { name: /^Withdraw/ })).toBeNull();
    expect(within(accountRow('Desk telegram')).getByRole('button', { name: /^Details/ })).toBeInTheDocument();
  });

  it("summarises each publish action's accounts, which open with state as word, link in a new tab", async () => {
    const { user } = renderPage(PAGE);
    const row = await rowOf('Harbour at dawn');
    expect(within(row).getByText('Published')).toBeInTheDocument();
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: /expand/i }));
    const telegram = accountRow('Desk telegram');
    expect(within(telegram).getByRole('img', { name: 'Telegram' })).toBeInTheDocument();
    expect(within(telegram).getByText('Published').closest('[data-status]')).toHaveAttribute(
      'data-status',
      'published',
    );
    expect(within(telegram).getByRole('link', { name: /Open the post of Desk telegram/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(within(accountRow('Desk mastodon')).getByRole('button', { name: /^Retry/ })).toBeInTheDocument();
  });

  it("opens a notification's publication: its row open, its account marked, its detail with the reason", async () => {
    const { router } = renderPage(`${PAGE}?pageSize=10&oppId=12&queryType=1`);
    const drawer = await dialogTitled('Desk mastodon on Mastodon');
    expect(await within(drawer).findByText('Mastodon refused this post.')).toBeInTheDocument();
    expect(
      within(drawer).getByText(/Posts about harbours are not allowed here/, { selector: 'pre' }),
    ).toBeInTheDocument();
    expect(within(drawer).getByText(/Not yet collected/)).toBeInTheDocument();
    expect(within(drawer).getByText('The first boats leave at five.')).toBeInTheDocument();
    // The department list: the author's own and those they oversee.
    expect(calls(spy, `${API}/pubDepHistory`)).toHaveLength(1);
    expect(
      new URL(String(calls(spy, `${API}/pubDepHistory`)[0]?.[0]), 'http://x').searchParams.get('oppId'),
    ).toBe('12');
    expect(accountRow('Desk mastodon')).toHaveAttribute('aria-current', 'true');
    expect(screen.getByText('Only publication #12')).toBeInTheDocument();

    // Closed, the address no longer asks for it.
    await userEvent.setup().click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe('?oppId=12'));
  });

  it('withdraws after asking; a post the platform keeps goes on a checklist, marked withdrawn with a note', async () => {
    withdrawAnswer = {
      withdrawn: [],
      cancelled: [],
      manual: [{ id: 11, platform: 'telegram', url: 'https://telegram.example/p/11', reason: 'tooOld' }],
      kept: [],
    };
    const { user } = renderPage(PAGE);
    await user.click(within(await rowOf('Harbour at dawn')).getByRole('button', { name: /expand/i }));
    await user.click(within(accountRow('Desk telegram')).getByRole('button', { name: /^Withdraw/ }));
    await dialogTitled('Withdraw “Desk telegram (Telegram)”?');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(calls(spy, `${API}/withdrawArticle`)).toHaveLength(1));
    expect(calls(spy, `${API}/withdrawArticle`)[0]?.[1]?.body).toBe(JSON.stringify({ id: 11 }));

    const report = await dialogTitled('Withdrawn: what happened');
    expect(within(report).getByText('To remove by hand: 1 (see below)')).toBeInTheDocument();
    expect(within(report).getByText(/Telegram lets apps delete a post only for a while/)).toBeInTheDocument();
    expect(within(report).getByRole('link', { name: /Open the post on Telegram/ })).toHaveAttribute(
      'href',
      'https://telegram.example/p/11',
    );
    await user.click(within(report).getByRole('button', { name: 'I deleted it' }));
    await user.click(within(report).getByRole('button', { name: 'Mark as withdrawn' }));
    expect(await within(report).findByText('Say how it was removed')).toBeInTheDocument();
    await user.type(within(report).getByLabelText('How did you remove it?'), 'Deleted in the channel');
    await user.click(within(report).getByRole('button', { name: 'Mark as withdrawn' }));
    expect(await within(report).findByText('Marked as withdrawn')).toBeInTheDocument();
    expect(calls(spy, `${API}/withdrawArticle`).at(-1)?.[1]?.body).toBe(
      JSON.stringify({ id: 11, note: 'Deleted in the channel' }),
    );
  });

  it('acts on a selection after asking, then reports each row', async () => {
    const { user } = renderPage(PAGE);
    await user.click(within(await rowOf('Harbour at dawn')).getByRole('checkbox'));
    await user.click(within(await rowOf('Harbour at noon')).getByRole('checkbox'));
    const bar = screen.getByRole('toolbar', { name: 'Actions on the selected rows' });
    expect(within(bar).getByText('Selected: 2')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Retry' }));
    await user.click(await screen.findByRole('button', { name: 'Send again' }));
    const report = await dialogTitled('Retried: what happened');
    expect(within(report).getByText('Sent again: 1')).toBeInTheDocument();
    expect(within(report).getByText('Desk bluesky (Bluesky): left as it is (Scheduled)')).toBeInTheDocument();
    expect(calls(spy, `${API}/retry`).map(([, init]) => init?.body)).toEqual([
      JSON.stringify({ id: 1 }),
      JSON.stringify({ id: 2 }),
    ]);
    // Done, the selection is cleared.
    expect(screen.queryByRole('toolbar', { name: 'Actions on the selected rows' })).not.toBeInTheDocument();
  });

  it('cancels one not gone out with a passing word', async () => {
    const { user } = renderPage(PAGE);
    await user.click(within(await rowOf('Harbour at noon')).getByRole('button', { name: /^Cancel all/ }));
    await user.click(await screen.findByRole('button', { name: 'Cancel publication' }));
    expect(await screen.findByText('Cancelled: 1')).toBeInTheDocument();
    expect(calls(spy, `${API}/withdrawal`)[0]?.[1]?.body).toBe(JSON.stringify({ id: 2 }));
  });

  it('shows a failed load with Retry, and an empty list for filters with a way back', async () => {
    failList = true;
    const { router, user } = renderPage(`${PAGE}?status=withdrawn`);
    expect(await screen.findByText('The publish list could not be loaded')).toBeInTheDocument();
    failList = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No publication matches these filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear the filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('Harbour at dawn')).toBeInTheDocument();
  });

  it("exports the tab's list as filtered, without paging, with the session's token, and saves the file", async () => {
    saveAuth(tokenPair('current'));
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    const { user } = renderPage(`${PAGE}?tab=department&status=failed&page=2&pageSize=20`);
    expect(await screen.findByText('Harbour at dawn')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Export/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    const [input, init] = calls(spy, `${API}/export`)[0] ?? [];
    const query = new URL(String(input), 'http://x').searchParams;
    expect(Object.fromEntries(query)).toEqual({
      status: 'failed',
      list: 'department',
      format: 'csv',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer access-current');
    expect(clicks[0]?.download).toBe('publish-list-department.csv');
  });

  it('says so when there is nothing yet', async () => {
    items = [];
    renderPage(PAGE);
    expect(await screen.findByText('Nothing has been published or scheduled here yet')).toBeInTheDocument();
  });
});
