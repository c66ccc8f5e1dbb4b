import type { Publication } from '@postdeck/contract/publishing';
import { screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../stores/user-store';
import { calls, envelope, mockFetch } from '../../../test/fetch-mock';
import { ScheduledPublishingPage } from '../pages/scheduled-publishing-page';
import { LIST, PAGE, UPDATE, publication, renderAt } from '../test-fixtures';

/**
 * Dragging an event to another time (issue 21): confirmed first, then POST /content/publish/update;
 * cancelled or refused, the event goes back (FullCalendar's revert) and the reason shows. jsdom
 * cannot drag, so FullCalendar is replaced by a stand-in whose buttons drop an event where the
 * test says, as FullCalendar's eventDrop does.
 */
const drop = { to: new Date(), revert: vi.fn() };

vi.mock('@fullcalendar/react', () => ({
  default: function FakeCalendar(props: {
    events: { id: string; title: string }[];
    editable: boolean;
    datesSet: (arg: { start: Date; end: Date; view: { title: string } }) => void;
    eventDrop: (arg: { event: { id: string; start: Date }; revert: () => void }) => void;
  }) {
    const { datesSet } = props;
    useEffect(() => {
      datesSet({ start: new Date(2026, 4, 31), end: new Date(2026, 6, 12), view: { title: 'June 2026' } });
    }, [datesSet]);
    return (
      <div>
        {props.events.map((event) => (
          <button
            key={event.id}
            disabled={!props.editable}
            onClick={() => props.eventDrop({ event: { id: event.id, start: drop.to }, revert: drop.revert })}
          >
            Drop {event.title}
          </button>
        ))}
      </div>
    );
  },
}));

const NOW = new Date(2026, 5, 1, 9, 0).getTime();
const Page = () => <ScheduledPublishingPage now={() => NOW} />;
const BRIEF = publication(11, 'Morning brief', new Date(2026, 5, 2, 9, 30).toISOString());

let answer: () => Response;
let spy: ReturnType<typeof mockFetch>;

beforeEach(() => {
  drop.revert = vi.fn();
  drop.to = new Date(2026, 5, 3, 9, 30);
  answer = () => envelope({ ...BRIEF, scheduledAt: drop.to.toISOString() });
  spy = mockFetch(({ url }) => {
    if (url.pathname === LIST) return envelope({ items: [BRIEF] as Publication[], truncated: false });
    if (url.pathname === UPDATE) return answer();
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

const sent = () => calls(spy, UPDATE).map(([, init]) => JSON.parse(String(init?.body)) as unknown);
const confirmBox = async () =>
  (await screen.findAllByText(/^Move “Morning brief” to .+\?$/))[0]?.closest('.ant-modal') as HTMLElement;

describe('moving a publication by dragging it', () => {
  it('asks first, then sends the new time, and keeps the event there', async () => {
    const { user } = renderAt(Page, `${PAGE}?view=month&date=2026-06-01`);
    await user.click(await screen.findByRole('button', { name: 'Drop Morning brief' }));
    const box = await confirmBox();
    expect(box).toHaveTextContent('Harbour News on Mastodon will get it then instead of');
    // Asked once.
    expect(document.querySelectorAll('.ant-modal-confirm')).toHaveLength(1);
    await user.click(within(await confirmBox()).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(sent()).toEqual([{ id: 11, scheduledAt: drop.to.toISOString() }]));
    expect(await screen.findByText(/^Moved to /)).toBeInTheDocument();
    expect(drop.revert).not.toHaveBeenCalled();
    // The window is asked for again, with the move in it.
    await waitFor(() => expect(calls(spy, LIST).length).toBeGreaterThan(1));
  });

  it('puts it back when the move is not confirmed', async () => {
    const { user } = renderAt(Page, `${PAGE}?view=month&date=2026-06-01`);
    await user.click(await screen.findByRole('button', { name: 'Drop Morning brief' }));
    await confirmBox();
    await user.click(within(await confirmBox()).getByRole('button', { name: 'Keep the time' }));
    await waitFor(() => expect(drop.revert).toHaveBeenCalledTimes(1));
    expect(sent()).toEqual([]);
  });

  it('puts it back and says why when the server refuses (a pause holds the account)', async () => {
    answer = () =>
      envelope(null, {
        status: 409,
        code: 103012,
        msg: 'Publishing to Harbour News is paused (Election silence): it can be moved once publishing resumes',
      });
    const { user } = renderAt(Page, `${PAGE}?view=month&date=2026-06-01`);
    await user.click(await screen.findByRole('button', { name: 'Drop Morning brief' }));
    await confirmBox();
    await user.click(within(await confirmBox()).getByRole('button', { name: 'Move' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      '“Morning brief” was not moved: Publishing to Harbour News is paused (Election silence): it can be moved once publishing resumes',
    );
    expect(drop.revert).toHaveBeenCalledTimes(1);
  });

  it('puts it back at once, without asking, when the time has passed', async () => {
    drop.to = new Date(2026, 4, 30, 9, 30);
    const { user } = renderAt(Page, `${PAGE}?view=month&date=2026-06-01`);
    await user.click(await screen.findByRole('button', { name: 'Drop Morning brief' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '“Morning brief” was not moved: That time has passed: choose a time to come.',
    );
    expect(drop.revert).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/^Move “Morning brief”/)).not.toBeInTheDocument();
    expect(sent()).toEqual([]);
  });

  it('cannot be dragged by those who may not publish', async () => {
    renderAt(Page, `${PAGE}?view=month&date=2026-06-01`, ['publish:schedule:list']);
    expect(await screen.findByRole('button', { name: 'Drop Morning brief' })).toBeDisabled();
  });
});
