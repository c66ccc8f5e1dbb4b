import type { Publication } from '@postdeck/contract/publishing';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../stores/user-store';
import { calls, envelope, mockFetch } from '../../../test/fetch-mock';
import { DETAIL, EDITOR, LIST, PAGE, VIEWER, detailAnswer, publication, renderAt } from '../test-fixtures';
import { ScheduledPublishingPage } from './scheduled-publishing-page';

/** The scheduled publishing page (issue 21): list and calendar, filters in the address, the drawer. */
const NOW = new Date(2026, 5, 1, 9, 0).getTime();
const Page = () => <ScheduledPublishingPage now={() => NOW} />;

let items: Publication[];
let mode: 'ok' | 'fail';
let spy: ReturnType<typeof mockFetch>;

const MORNING = publication(11, 'Morning brief', new Date(2026, 5, 2, 9, 30).toISOString(), {
  account: { id: 8, platform: 'telegram', name: 'Harbour Channel', handle: null },
});
const EVENING = publication(13, 'Evening brief', new Date(2026, 5, 3, 18, 0).toISOString());
const PAUSED = publication(15, 'Paused piece', new Date(2026, 5, 4, 7, 0).toISOString(), {
  status: 'queued',
  error: { kind: 'paused', message: 'Election silence' },
});

beforeEach(() => {
  items = [MORNING, EVENING, PAUSED];
  mode = 'ok';
  spy = mockFetch(({ url }) => {
    const detail = url.pathname === DETAIL ? detailAnswer(url, items) : undefined;
    if (detail) return envelope(detail);
    if (url.pathname === LIST) {
      if (mode === 'fail') return envelope(null, { status: 500, code: 500, msg: 'boom' });
      return envelope({ items, truncated: false });
    }
    if (url.pathname === '/prod-api/channel/account/list')
      return envelope({
        items: [],
        total: 0,
        totalExact: true,
        next: null,
        prev: null,
        page: 1,
        pageSize: 100,
      });
    return envelope(null, { status: 404, code: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useUserStore.getState().reset();
});

/** The drawer by its title (the title is in the list too). */
const drawerTitled = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-drawer-title' })).closest(
    '[role="dialog"]',
  ) as HTMLElement;

const lastQuery = () => new URL(String(calls(spy, LIST).at(-1)?.[0]), 'http://x').searchParams;

describe('the list view', () => {
  it('asks for 31 local days from the day in the address, with its filters, and lists them', async () => {
    renderAt(Page, `${PAGE}?view=list&date=2026-06-01&platform=mastodon&status=scheduled&keyword=brief`);
    expect(await screen.findByText('Evening brief')).toBeInTheDocument();
    expect(Object.fromEntries(lastQuery())).toEqual({
      from: new Date(2026, 5, 1).toISOString(),
      to: new Date(2026, 6, 2).toISOString(),
      platform: 'mastodon',
      status: 'scheduled',
      keyword: 'brief',
    });
    const row = screen.getByText('Morning brief').closest('tr') as HTMLElement;
    expect(within(row).getByText('Harbour Channel')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'Telegram' })).toBeInTheDocument();
    expect(within(row).getByText('Scheduled')).toBeInTheDocument();
    expect(row.querySelector('time')?.getAttribute('datetime')).toBe(MORNING.scheduledAt);
    const paused = screen.getByText('Paused piece').closest('tr') as HTMLElement;
    expect(within(paused).getByText('Paused')).toBeInTheDocument();
    expect(
      screen.getByText(`Times in ${Intl.DateTimeFormat().resolvedOptions().timeZone}`),
    ).toBeInTheDocument();
  });

  it('steps 31 days with Next and comes back with Today, keeping the filters', async () => {
    const { router, user } = renderAt(Page, `${PAGE}?view=list&keyword=brief`);
    expect(await screen.findByText('Evening brief')).toBeInTheDocument();
    expect(lastQuery().get('from')).toBe(new Date(2026, 5, 1).toISOString());
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?view=list&date=2026-07-02&keyword=brief'),
    );
    await waitFor(() => expect(lastQuery().get('from')).toBe(new Date(2026, 6, 2).toISOString()));
    await user.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=list&keyword=brief'));
  });

  it('writes a keyword to the address and asks again', async () => {
    const { router, user } = renderAt(Page, `${PAGE}?view=list`);
    expect(await screen.findByText('Evening brief')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search title or text' }), 'harbour{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?view=list&keyword=harbour'));
    await waitFor(() => expect(lastQuery().get('keyword')).toBe('harbour'));
  });

  it('says when nothing is scheduled, and offers the composer to those who may write', async () => {
    items = [];
    renderAt(Page, `${PAGE}?view=list`);
    expect(await screen.findByText('Nothing is scheduled in this period')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Write a content' })).toHaveAttribute(
      'href',
      '/api/content/publish/pubContent',
    );
  });

  it('says when nothing matches the filters', async () => {
    items = [];
    renderAt(Page, `${PAGE}?view=list&status=held`);
    expect(
      await screen.findByText('Nothing scheduled in this period matches the filters'),
    ).toBeInTheDocument();
  });

  it('shows a failed load with a way to try again', async () => {
    mode = 'fail';
    const { user } = renderAt(Page, `${PAGE}?view=list`);
    expect(await screen.findByText('The scheduled publications could not be loaded')).toBeInTheDocument();
    mode = 'ok';
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Evening brief')).toBeInTheDocument();
  });

  it('drops a filter it cannot use from the address, and says so', async () => {
    const { router } = renderAt(Page, `${PAGE}?view=list&platform=myspace`);
    expect(await screen.findByText(/These filters in the address were not understood/)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?view=list'));
  });
});

describe('the drawer', () => {
  it('opens a publication with its detail, its paused reason, and the publish list link', async () => {
    const { user } = renderAt(Page, `${PAGE}?view=list`);
    await user.click(await screen.findByRole('button', { name: 'Open “Paused piece”' }));
    const drawer = await drawerTitled('Paused piece');
    expect(
      within(drawer).getByText(
        'Publishing to this account is paused: Election silence. It waits until publishing resumes.',
      ),
    ).toBeInTheDocument();
    expect(within(drawer).getByText('Harbour News · Mastodon')).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Open in the publish list' })).toHaveAttribute(
      'href',
      '/api/content/publish/pubHistory?oppId=15&queryType=1',
    );
    expect(within(drawer).getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('shows no actions to those who may not publish', async () => {
    const { user } = renderAt(Page, `${PAGE}?view=list`, VIEWER);
    await user.click(await screen.findByRole('button', { name: 'Open “Evening brief”' }));
    const drawer = await drawerTitled('Evening brief');
    expect(within(drawer).getByText('Evening brief: the text')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Cancel publication' })).not.toBeInTheDocument();
    // Without the accounts list, the account filter offers the accounts shown.
    expect(calls(spy, '/prod-api/channel/account/list')).toHaveLength(0);
  });
});

describe('the calendar', () => {
  it('shows the month around the day, each publication as an event, and asks for what it shows', async () => {
    renderAt(Page, `${PAGE}?view=month&date=2026-06-10`, EDITOR);
    const event = await screen.findByText('Morning brief', { selector: '[data-publication-id] *' });
    const box = event.closest('[data-publication-id]') as HTMLElement;
    expect(box.dataset['publicationId']).toBe('11');
    expect(within(box).getByRole('img', { name: 'Telegram' })).toBeInTheDocument();
    expect(within(box).getByText('Harbour Channel')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'June 2026' })).toBeInTheDocument();
    const from = new Date(lastQuery().get('from') ?? '');
    const to = new Date(lastQuery().get('to') ?? '');
    // The month's grid: six weeks from the week holding the 1st.
    expect(from.getTime()).toBeLessThanOrEqual(new Date(2026, 5, 1).getTime());
    expect(to.getTime()).toBeGreaterThanOrEqual(new Date(2026, 6, 1).getTime());
    expect(Math.round((to.getTime() - from.getTime()) / 86_400_000)).toBe(42);
  });

  it('speaks the interface language, FullCalendar’s texts included', async () => {
    const { i18n } = await import('../../../i18n/i18n');
    await i18n.changeLanguage('ja');
    try {
      renderAt(Page, `${PAGE}?view=month&date=2026-06-10`, EDITOR);
      expect(await screen.findByRole('heading', { name: '2026年6月' })).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: '週' })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
