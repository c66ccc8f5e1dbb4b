import type { CalendarLink } from '@postdeck/contract/publish-schedule';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../stores/user-store';
import { calls, envelope, mockFetch } from '../../../test/fetch-mock';
import { ScheduledPublishingPage } from '../pages/scheduled-publishing-page';
import { LINK, LIST, PAGE, renderAt } from '../test-fixtures';

/** The iCalendar subscription (issue 21): made, shown once, copied, renewed after a warning, revoked. */
const URL_MADE =
  'https://console.example.com/prod-api/content/publish/calendarFeed?token=AbC_123-xyzAbC_123-xyzAbC_123-xyzAbC_123-x';
const MADE_AT = '2026-06-01T08:00:00.000Z';

let stored: CalendarLink;
let spy: ReturnType<typeof mockFetch>;

beforeEach(() => {
  stored = { url: null, createdAt: null };
  spy = mockFetch(({ url }) => {
    if (url.pathname === LIST) return envelope({ items: [], truncated: false });
    // As the server: the address itself is never read back.
    if (url.pathname === LINK) return envelope({ url: null, createdAt: stored.createdAt });
    if (url.pathname === `${LINK}/renew`) {
      stored = { url: URL_MADE, createdAt: MADE_AT };
      return envelope(stored);
    }
    if (url.pathname === `${LINK}/revoke`) {
      stored = { url: null, createdAt: null };
      return envelope(stored);
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

async function openDialog() {
  const { user } = renderAt(() => <ScheduledPublishingPage />, `${PAGE}?view=list`);
  await user.click(await screen.findByRole('button', { name: /Calendar subscription/ }));
  const title = await screen.findByText('Subscribe in your calendar');
  return { user, dialog: title.closest('.ant-modal') as HTMLElement };
}

const confirmTitled = async (title: string) =>
  (await screen.findAllByText(title))[0]?.closest('.ant-modal') as HTMLElement;

describe('the calendar subscription', () => {
  it('explains it, makes an address on request and shows it once with a copy button', async () => {
    const { user, dialog } = await openDialog();
    expect(
      within(dialog).getByText(/Outlook, Google Calendar and Apple Calendar can subscribe/),
    ).toBeInTheDocument();
    expect(await within(dialog).findByText('You have no calendar address yet.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Make an address' }));
    const address = await within(dialog).findByRole('textbox', { name: 'Calendar address' });
    expect(address).toHaveValue(URL_MADE);
    expect(
      within(dialog).getByText('Copy it now: for safety it is shown only this once.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /Copy/ }));
    // user-event puts a clipboard of its own in the page.
    expect(await navigator.clipboard.readText()).toBe(URL_MADE);
    expect(await screen.findByText('Address copied')).toBeInTheDocument();
    // Nothing asked before making the first one.
    expect(screen.queryByText('Make a new calendar address?')).not.toBeInTheDocument();
  });

  it('says an address exists without showing it, and renews it after warning that the old one stops', async () => {
    stored = { url: null, createdAt: MADE_AT };
    const { user, dialog } = await openDialog();
    expect(
      await within(dialog).findByText(/^You have an address, made .+\. It is shown only when it is made/),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Make a new address' }));
    const confirm = await confirmTitled('Make a new calendar address?');
    expect(confirm).toHaveTextContent('The old address stops working at once');
    await user.click(within(confirm).getByRole('button', { name: 'Make a new address' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Calendar address' })).toHaveValue(URL_MADE);
    expect(calls(spy, `${LINK}/renew`)).toHaveLength(1);
  });

  it('revokes it once confirmed', async () => {
    stored = { url: null, createdAt: MADE_AT };
    const { user, dialog } = await openDialog();
    await user.click(await within(dialog).findByRole('button', { name: 'Revoke' }));
    const confirm = await confirmTitled('Revoke your calendar address?');
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls(spy, `${LINK}/revoke`)).toHaveLength(1));
    expect(await within(dialog).findByText('You have no calendar address yet.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
  });
});
