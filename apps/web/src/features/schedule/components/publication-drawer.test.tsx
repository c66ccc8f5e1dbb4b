import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../stores/user-store';
import { calls, envelope, mockFetch } from '../../../test/fetch-mock';
import { ScheduledPublishingPage } from '../pages/scheduled-publishing-page';
import { DETAIL, LIST, PAGE, UPDATE, WITHDRAWAL, publication, renderAt } from '../test-fixtures';

/** The drawer's actions (issue 21): a new time typed (the keyboard's way to move it), the text, cancel. */
const NOW = new Date(2026, 5, 1, 9, 0).getTime();
const Page = () => <ScheduledPublishingPage now={() => NOW} />;
const BRIEF = publication(11, 'Morning brief', new Date(2026, 5, 2, 9, 30).toISOString());

let update: () => Response;
let withdrawal: () => Response;
let spy: ReturnType<typeof mockFetch>;

beforeEach(() => {
  update = () => envelope(BRIEF);
  withdrawal = () => envelope({ cancelled: [11], kept: [] });
  spy = mockFetch(({ url }) => {
    if (url.pathname === DETAIL) return envelope({ ...BRIEF, events: [], errorRaw: null });
    if (url.pathname === LIST) return envelope({ items: [BRIEF], truncated: false });
    if (url.pathname === UPDATE) return update();
    if (url.pathname === WITHDRAWAL) return withdrawal();
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

const bodies = (path: string) =>
  calls(spy, path).map(([, init]) => JSON.parse(String(init?.body)) as unknown);

async function openDrawer() {
  const { user } = renderAt(Page, `${PAGE}?view=list&date=2026-06-01`);
  await user.click(await screen.findByRole('button', { name: 'Open “Morning brief”' }));
  const title = await screen.findByText('Morning brief', { selector: '.ant-drawer-title' });
  return { user, drawer: title.closest('[role="dialog"]') as HTMLElement };
}

describe('the publication drawer', () => {
  it('sends a new time typed in its field, in ISO, and the text only when it changed', async () => {
    const { user, drawer } = await openDrawer();
    const time = within(drawer).getByLabelText('Time');
    await user.clear(time);
    // Enter in the field saves, as the Save button does.
    await user.type(time, '2026-06-05 10:15{Enter}');
    await waitFor(() =>
      expect(bodies(UPDATE)).toEqual([{ id: 11, scheduledAt: new Date(2026, 5, 5, 10, 15).toISOString() }]),
    );
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });

  it('sends an edited text alone', async () => {
    const { user, drawer } = await openDrawer();
    const text = within(drawer).getByLabelText('Text');
    await user.clear(text);
    await user.type(text, 'New words');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies(UPDATE)).toEqual([{ id: 11, text: 'New words' }]));
  });

  it("puts the server's refusal of the time on the time field, and a pause's above the form", async () => {
    update = () =>
      envelope(
        {
          errors: [
            { field: 'scheduledAt', message: 'This time has passed: choose a time to come, or publish now' },
          ],
        },
        { status: 400, code: 400, msg: 'Some fields are not valid' },
      );
    const { user, drawer } = await openDrawer();
    const time = within(drawer).getByLabelText('Time');
    await user.clear(time);
    await user.type(time, '2026-06-05 10:15{Enter}');
    const item = time.closest('.ant-form-item') as HTMLElement;
    expect(
      await within(item).findByText('This time has passed: choose a time to come, or publish now'),
    ).toBeInTheDocument();

    update = () =>
      envelope(null, {
        status: 409,
        code: 103012,
        msg: 'Publishing to Harbour News is paused (Review): it can be moved once publishing resumes',
      });
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(
      await within(drawer).findByText(
        'Publishing to Harbour News is paused (Review): it can be moved once publishing resumes',
      ),
    ).toBeInTheDocument();
  });

  it('cancels the publication once confirmed', async () => {
    const { user, drawer } = await openDrawer();
    await user.click(within(drawer).getByRole('button', { name: 'Cancel publication' }));
    const confirm = (await screen.findAllByText('Cancel “Morning brief” on Harbour News?'))[0]?.closest(
      '.ant-modal',
    ) as HTMLElement;
    await user.click(within(confirm).getByRole('button', { name: 'Cancel publication' }));
    await waitFor(() => expect(bodies(WITHDRAWAL)).toEqual([{ id: 11 }]));
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
  });

  it('says so when it was already on its way', async () => {
    withdrawal = () => envelope({ cancelled: [], kept: [{ id: 11, status: 'publishing' }] });
    const { user, drawer } = await openDrawer();
    await user.click(within(drawer).getByRole('button', { name: 'Cancel publication' }));
    const confirm = (await screen.findAllByText('Cancel “Morning brief” on Harbour News?'))[0]?.closest(
      '.ant-modal',
    ) as HTMLElement;
    await user.click(within(confirm).getByRole('button', { name: 'Cancel publication' }));
    expect(
      await within(drawer).findByText('It is already being sent and could not be cancelled.'),
    ).toBeInTheDocument();
  });
});
