import type {
  StatisticsAccounts,
  StatisticsHeatmap,
  StatisticsOverview,
  StatisticsTop,
  StatisticsTraffic,
} from '@postdeck/contract/statistics';
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
import { StatisticsPage } from './statistics-page';

const PAGE = '/api/report/statistics';
const API = '/prod-api/statistics';

const totals = (extra: Partial<StatisticsOverview['trend'][number]> = {}) => ({
  publications: 0,
  published: 0,
  failed: 0,
  engagement: null,
  views: null,
  reach: null,
  reactions: null,
  comments: null,
  shares: null,
  saves: null,
  videoViews: null,
  watchTimeS: null,
  linkClicks: null,
  ...extra,
});

const OVERVIEW: StatisticsOverview = {
  range: { from: '2026-06-01', to: '2026-06-30' },
  previousRange: { from: '2026-05-02', to: '2026-05-31' },
  figures: {
    publications: { value: 120, previous: 100 },
    failed: { value: 6, previous: 3 },
    successRate: { value: 0.95, previous: 0.97 },
    engagement: { value: 4200, previous: 5000 },
    views: { value: null, previous: null },
    followerChange: { value: 35, previous: 10 },
  },
  trend: [
    { bucket: '2026-06-01', ...totals({ publications: 60, published: 57, failed: 3, engagement: 2000 }) },
    { bucket: '2026-06-02', ...totals({ publications: 60, published: 57, failed: 3, engagement: 2200 }) },
  ],
  byPlatform: [
    { platform: 'telegram', ...totals({ publications: 80, published: 78, failed: 2, views: 900 }) },
    { platform: 'mastodon', ...totals({ publications: 40, published: 36, failed: 4, engagement: 4200 }) },
  ],
  failureCauses: [
    { cause: 'rateLimited', count: 4 },
    { cause: 'reauthorize', count: 2 },
  ],
};

const ACCOUNTS: StatisticsAccounts = {
  items: [
    {
      accountId: 7,
      name: 'Harbour desk',
      platform: 'telegram',
      followers: null,
      followerChange: null,
      ...totals({ publications: 80, published: 78, failed: 2 }),
    },
  ],
};

const EMPTY: StatisticsOverview = {
  ...OVERVIEW,
  figures: {
    publications: { value: 0, previous: 4 },
    failed: { value: 0, previous: 0 },
    successRate: { value: null, previous: 1 },
    engagement: { value: null, previous: 10 },
    views: { value: null, previous: null },
    followerChange: { value: null, previous: null },
  },
  trend: [],
  byPlatform: [],
  failureCauses: [],
};

const HEATMAP: StatisticsHeatmap = {
  cells: [
    { weekday: 0, hour: 9, publications: 4, engagement: 120 },
    { weekday: 4, hour: 17, publications: 2, engagement: null },
  ],
};

const TOP: StatisticsTop = {
  items: [
    {
      publicationId: 42,
      parentId: 4,
      title: 'Harbour at dawn',
      platform: 'telegram',
      account: { id: 7, name: 'Harbour desk' },
      publishedAt: '2026-06-10T08:00:00Z',
      externalUrl: 'https://t.me/harbour/42',
      engagement: 310,
      metrics: { views: 5000, reactions: 300, comments: 10 },
      measuredAt: '2026-06-11T08:00:00Z',
    },
  ],
};

const NO_TRAFFIC: StatisticsTraffic = { properties: [], readAt: null, trend: [], bySource: [], byLink: [] };

let spy: ReturnType<typeof mockFetch>;
let overview: StatisticsOverview;
let traffic: StatisticsTraffic;

beforeEach(() => {
  overview = OVERVIEW;
  traffic = NO_TRAFFIC;
  spy = mockFetch(({ url }) => {
    const path = url.pathname;
    if (path === `${API}/overview`) return envelope(overview);
    if (path === `${API}/accounts`) return envelope(overview === EMPTY ? { items: [] } : ACCOUNTS);
    if (path === `${API}/heatmap`) return envelope(HEATMAP);
    if (path === `${API}/top`) return envelope(TOP);
    if (path === `${API}/traffic`) return envelope(traffic);
    if (path === `${API}/export`)
      return new Response('xlsx', {
        status: 200,
        headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      });
    if (path.endsWith('/control/dept/list'))
      return envelope({
        items: [
          { id: 1, name: 'Newsroom', parentId: null },
          { id: 3, name: 'Social desk', parentId: 1 },
        ],
      });
    return envelope(null, { status: 404, code: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearAuth();
  useUserStore.getState().reset();
});

function renderPage(entry: string, permissions = ['report:view']) {
  useUserStore.getState().setSession({ ...USER_INFO, permissions }, []);
  const router = createMemoryRouter([{ path: PAGE, Component: StatisticsPage }], { initialEntries: [entry] });
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, user: userEvent.setup() };
}

/** antd's Segmented hides its radios: the option's label is what is clicked. */
const optionOf = (radio: HTMLElement) => radio.closest('label') as HTMLElement;

const queryOf = (path: string, index = -1) =>
  Object.fromEntries(new URL(String(calls(spy, path).at(index)?.[0]), 'http://x').searchParams);

describe('the statistics page', () => {
  it('asks for the last 30 days by day, and shows the figures against the period before', async () => {
    renderPage(PAGE);
    const publications = await screen.findByTestId('figure-publications');
    expect(within(publications).getByText('120')).toBeInTheDocument();
    expect(within(publications).getByText('Up +20% on the previous period')).toBeInTheDocument();
    expect(within(publications).getByText('Previous period: 100')).toBeInTheDocument();
    // More failures is bad news; the rate moves in points.
    expect(
      within(screen.getByTestId('figure-failed')).getByText('Up +100% on the previous period'),
    ).toHaveClass('ant-typography-danger');
    expect(
      within(screen.getByTestId('figure-successRate')).getByText('Down -2 pts on the previous period'),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('figure-engagement')).getByText('4,200')).toBeInTheDocument();
    expect(within(screen.getByTestId('figure-followerChange')).getByText('+35')).toBeInTheDocument();
    // Views no platform gave: "—", never 0, and no comparison.
    const views = screen.getByTestId('figure-views');
    expect(within(views).getByText('—')).toBeInTheDocument();
    expect(within(views).getByText('No comparison with the previous period')).toBeInTheDocument();

    const query = queryOf(`${API}/overview`);
    expect(query['to']).toBe(new Date().toISOString().slice(0, 10));
    expect(Date.parse(query['to'] ?? '') - Date.parse(query['from'] ?? '')).toBe(29 * 86_400_000);
    expect(query['granularity']).toBeUndefined();

    // Per platform and account, absent figures as "—"; failures by cause in words.
    expect(screen.getAllByText('Harbour desk').length).toBeGreaterThan(0);
    expect(screen.getByText('Rate limited')).toBeInTheDocument();
    expect(screen.getByText('Needs re-authorisation')).toBeInTheDocument();
    expect(screen.getByText('66.7%')).toBeInTheDocument();
    // Top publications open their detail in the publish list.
    expect(
      await screen.findByRole('link', { name: 'Open the details of “Harbour at dawn” in the publish list' }),
    ).toHaveAttribute('href', '/api/content/publish/pubHistory?oppId=42&queryType=1');
  });

  it('keeps the filters in the address and asks the server with them', async () => {
    const { router, user } = renderPage(`${PAGE}?from=2026-01-01&to=2026-03-31&accountId=7`);
    expect(await screen.findByTestId('figure-publications')).toBeInTheDocument();
    expect(queryOf(`${API}/overview`)).toEqual({ from: '2026-01-01', to: '2026-03-31', accountId: '7' });

    await user.click(optionOf(screen.getByRole('radio', { name: 'Week' })));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?from=2026-01-01&to=2026-03-31&granularity=week&accountId=7',
      ),
    );
    await user.click(screen.getByRole('combobox', { name: 'Platform' }));
    await user.click(
      (await screen.findAllByTitle('Mastodon')).find((el) =>
        el.classList.contains('ant-select-item-option'),
      ) as HTMLElement,
    );
    // The account is of another platform: it goes.
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?from=2026-01-01&to=2026-03-31&granularity=week&platform=mastodon',
      ),
    );
    await waitFor(() =>
      expect(queryOf(`${API}/heatmap`)).toEqual({
        from: '2026-01-01',
        to: '2026-03-31',
        granularity: 'week',
        platform: 'mastodon',
      }),
    );
    expect(queryOf(`${API}/top`)).toMatchObject({ platform: 'mastodon', by: 'engagement', limit: '10' });
    // The user's scope has two departments: the filter shows.
    expect(await screen.findByTestId('department-tree-select')).toBeInTheDocument();
  });

  it('says so when the range has no publications, and where to connect Google Analytics', async () => {
    overview = EMPTY;
    const { router, user } = renderPage(`${PAGE}?platform=x`);
    expect(await screen.findByText('No publications in this range')).toBeInTheDocument();
    expect(within(screen.getByTestId('figure-engagement')).getByText('—')).toBeInTheDocument();
    expect(await screen.findByText('No Google Analytics property is connected')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to channel accounts' })).toHaveAttribute(
      'href',
      '/api/channel/account/list',
    );
    await user.click(screen.getByRole('button', { name: 'Clear the filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows the traffic of the connected properties', async () => {
    traffic = {
      properties: [{ accountId: 9, name: 'harbour.example' }],
      readAt: '2026-06-30T06:00:00Z',
      trend: [],
      bySource: [
        { source: 'telegram', medium: 'social', sessions: 1234, totalUsers: 900, engagedSessions: 700 },
      ],
      byLink: [
        {
          landingPage: '/news/dawn',
          source: 'telegram',
          campaign: 'content-5',
          contentId: 5,
          title: 'Harbour at dawn',
          linkClicks: null,
          sessions: 300,
          totalUsers: 250,
          engagedSessions: 200,
        },
      ],
    };
    renderPage(PAGE);
    expect(await screen.findByText('/news/dawn')).toBeInTheDocument();
    expect(screen.getByText('1,234')).toBeInTheDocument();
    expect(screen.getByText(/Properties: harbour\.example/)).toBeInTheDocument();
  });

  it('shows the heatmap as a 7 × 24 table from its cells', async () => {
    const { user } = renderPage(PAGE);
    await screen.findByTestId('figure-publications');
    const views = screen.getByRole('radiogroup', { name: 'Show Activity by weekday and hour (UTC) as' });
    await user.click(optionOf(within(views).getByRole('radio', { name: 'Table' })));
    const table = await screen.findByTestId('heatmap-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(7);
    for (const row of rows) expect(within(row).getAllByRole('cell')).toHaveLength(24);
    expect(within(rows[0] as HTMLElement).getByRole('rowheader')).toHaveTextContent('Mon');
    expect(within(rows[0] as HTMLElement).getAllByRole('cell')[9]).toHaveTextContent('4');
    // Engagement the platforms did not give is "—", not 0.
    await user.click(
      optionOf(
        within(screen.getByRole('radiogroup', { name: 'Heatmap figure' })).getByRole('radio', {
          name: 'Engagement',
        }),
      ),
    );
    expect(
      within(within(table).getAllByRole('row')[5] as HTMLElement).getAllByRole('cell')[17],
    ).toHaveTextContent('—');
  });

  it('exports the figures as XLSX with the filters and the session’s token', async () => {
    saveAuth(tokenPair('current'));
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    const { user } = renderPage(`${PAGE}?from=2026-06-01&to=2026-06-30&granularity=month&authorId=1`);
    await screen.findByTestId('figure-publications');
    await user.click(screen.getByRole('button', { name: /Export XLSX/ }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(queryOf(`${API}/export`)).toEqual({
      from: '2026-06-01',
      to: '2026-06-30',
      granularity: 'month',
      authorId: '1',
    });
    expect(new Headers(calls(spy, `${API}/export`)[0]?.[1]?.headers).get('authorization')).toBe(
      'Bearer access-current',
    );
    expect(clicks[0]?.download).toBe('statistics-2026-06-01-2026-06-30.xlsx');
  });

  it('shows a failed load with Retry', async () => {
    spy.mockImplementation(async () => envelope(null, { status: 500, code: 500, msg: 'boom' }));
    renderPage(PAGE);
    expect(await screen.findAllByText('The statistics could not be loaded')).not.toHaveLength(0);
    expect(screen.getAllByRole('button', { name: 'Retry' }).length).toBeGreaterThan(0);
  });
});
