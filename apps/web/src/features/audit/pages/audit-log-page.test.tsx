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
import { AuditLogPage } from './audit-log-page';

const PAGE = '/api/log/audit';
const LIST = '/prod-api/log/audit/list';
const EXPORT = '/prod-api/log/audit/export';
const CSV = '\uFEFFid,time,actor_id\r\n1,2026-01-02T03:04:05.000Z,1\r\n';

const item = {
  id: 41,
  actor: { id: 1, account: 'admin', name: 'Ada Admin' },
  action: 'content.update',
  target: 'content:12',
  detail: { version: 3, title: '春の発表' },
  ip: '10.0.0.7',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
  at: '2026-01-02T03:04:05.000Z',
};
const anonymous = {
  ...item,
  id: 40,
  actor: { id: null, account: 'ghost', name: null },
  action: 'auth.login.failure',
  target: '',
  detail: {},
};

let spy: ReturnType<typeof mockFetch>;
let mode: 'rows' | 'empty' | 'fail' = 'rows';
let exportStatus = 200;

beforeEach(() => {
  mode = 'rows';
  exportStatus = 200;
  spy = mockFetch(({ url }) => {
    if (url.pathname === LIST) {
      if (mode === 'fail') return envelope(null, { status: 500, code: 500, msg: 'boom' });
      const items = mode === 'empty' ? [] : [item, anonymous];
      return envelope({
        items,
        total: items.length,
        totalExact: true,
        next: null,
        prev: null,
        page: 1,
        pageSize: 10,
      });
    }
    if (url.pathname === EXPORT) {
      if (exportStatus !== 200)
        return envelope(null, { status: exportStatus, code: exportStatus, msg: 'no' });
      return new Response(CSV, { headers: { 'content-type': 'text/csv; charset=utf-8' } });
    }
    if (url.pathname === '/prod-api/control/user/refreshToken') return envelope(tokenPair('fresh'));
    return envelope(null, { status: 404, code: 404 });
  });
  saveAuth(tokenPair('current'));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearAuth();
  useUserStore.getState().reset();
});

function renderPage(entry: string) {
  useUserStore.getState().setSession({ ...USER_INFO, permissions: ['log:audit'] }, []);
  const router = createMemoryRouter([{ path: PAGE, Component: AuditLogPage }], { initialEntries: [entry] });
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const queryOf = (path: string) => new URL(String(calls(spy, path).at(-1)?.[0]), 'http://x').searchParams;

/** jsdom has no object URLs nor downloads: catch both. */
function catchDownloads() {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:audit');
  const revokeObjectURL = vi.fn();
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
  const clicks: HTMLAnchorElement[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push(this);
  });
  return { createObjectURL, clicks };
}

describe('audit log page', () => {
  it('shows the rows asked for with the filters of the address, detail on expanding', async () => {
    const user = userEvent.setup();
    renderPage(`${PAGE}?action=content.&page=2`);
    expect(await screen.findByText('content.update')).toBeInTheDocument();
    expect(queryOf(LIST).toString()).toBe('page=2&action=content.');
    const row = screen.getByText('content.update').closest('tr') as HTMLElement;
    expect(within(row).getByText('Ada Admin (admin)')).toBeInTheDocument();
    expect(within(row).getByText('content:12')).toBeInTheDocument();
    expect(within(row).getByText('10.0.0.7')).toBeInTheDocument();
    expect(within(row).getByTitle(item.userAgent)).toHaveTextContent(item.userAgent);
    // A failed sign-in names the account tried, and has no detail to expand.
    const other = screen.getByText('auth.login.failure').closest('tr') as HTMLElement;
    expect(within(other).getByText('ghost')).toBeInTheDocument();
    expect(within(other).queryByRole('button', { name: /expand/i })).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: /expand/i }));
    const detail = await screen.findByLabelText('Detail');
    expect(JSON.parse(detail.textContent ?? '')).toEqual(item.detail);
  });

  it('writes a new filter to the address and asks again from page 1', async () => {
    const user = userEvent.setup();
    const router = renderPage(`${PAGE}?actor=ad&page=3`);
    expect(await screen.findByText('content.update')).toBeInTheDocument();
    await user.type(screen.getByLabelText('IP address'), '10.0.0.7{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?actor=ad&ip=10.0.0.7'));
    await waitFor(() => expect(queryOf(LIST).toString()).toBe('actor=ad&ip=10.0.0.7'));
  });

  it('exports the filters shown (without paging) with the session token, and saves the file', async () => {
    const user = userEvent.setup();
    const { createObjectURL, clicks } = catchDownloads();
    renderPage(`${PAGE}?action=content.&ip=10.0.0.7&page=2&pageSize=20`);
    expect(await screen.findByText('content.update')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    const [input, init] = calls(spy, EXPORT)[0] ?? [];
    expect(new URL(String(input), 'http://x').searchParams.toString()).toBe('action=content.&ip=10.0.0.7');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer access-current');
    const blob = createObjectURL.mock.calls[0]?.[0] as Blob;
    // The bytes as sent, byte order mark included (Blob.text() would strip it).
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([...new TextEncoder().encode(CSV)]);
    expect(clicks[0]?.download).toBe('audit-log.csv');
    expect(clicks[0]?.href).toBe('blob:audit');
    await waitFor(() => expect(screen.getByRole('button', { name: /Export CSV/ })).toBeEnabled());
  });

  it('refreshes an expired session before exporting', async () => {
    const user = userEvent.setup();
    const { clicks } = catchDownloads();
    renderPage(PAGE);
    expect(await screen.findByText('content.update')).toBeInTheDocument();
    saveAuth(tokenPair('old'), Date.now() - 7201 * 1000);
    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    const [, init] = calls(spy, EXPORT)[0] ?? [];
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer access-fresh');
  });

  it('shows a refused export as the client shows errors, and saves nothing', async () => {
    const user = userEvent.setup();
    const { clicks } = catchDownloads();
    exportStatus = 403;
    renderPage(PAGE);
    expect(await screen.findByText('content.update')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    expect(
      await screen.findByText('You have no permission to access, please contact the administrator'),
    ).toBeInTheDocument();
    expect(clicks).toHaveLength(0);
    await waitFor(() => expect(screen.getByRole('button', { name: /Export CSV/ })).toBeEnabled());
  });

  it('says when nothing matches', async () => {
    mode = 'empty';
    renderPage(PAGE);
    expect(await screen.findByText('No audit entries')).toBeInTheDocument();
  });

  it('offers a retry when loading fails', async () => {
    const user = userEvent.setup();
    mode = 'fail';
    renderPage(PAGE);
    expect(await screen.findByText('The audit log could not be loaded.')).toBeInTheDocument();
    mode = 'rows';
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('content.update')).toBeInTheDocument();
  });
});
