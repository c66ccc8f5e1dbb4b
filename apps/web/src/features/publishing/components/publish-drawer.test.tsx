import type { Publication, PublishTargets } from '@postdeck/contract/publishing';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import dayjs from 'dayjs';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { Providers } from '../../../app/providers';
import { type MockRequest, calls, envelope, mockFetch } from '../../../test/fetch-mock';
import type { PublishSource } from '../target-variant';
import { PublishDrawer } from './publish-drawer';

const NOW = Date.parse('2026-03-02T10:00:00Z');
const newsroom = { id: 1, name: 'Newsroom' };

const TARGETS: PublishTargets = {
  accounts: [
    { id: 1, platform: 'x', name: 'Acme on X', handle: '@acme', department: newsroom, unavailable: null },
    {
      id: 2,
      platform: 'telegram',
      name: 'Acme channel',
      handle: '@acmechannel',
      department: newsroom,
      unavailable: null,
    },
    {
      id: 3,
      platform: 'youtube',
      name: 'Acme TV',
      handle: null,
      department: { id: 2, name: 'Video desk' },
      unavailable: 'reauthorize',
    },
    {
      id: 4,
      platform: 'mastodon',
      name: 'Acme social',
      handle: null,
      department: newsroom,
      unavailable: null,
    },
  ],
  lastChoice: [1, 2],
  lastUtm: false,
};

let targets: PublishTargets;
let answer: (request: MockRequest) => Response;
let spy: ReturnType<typeof mockFetch>;

const publication = (accountId: number, status: Publication['status'], scheduledAt: string | null = null) => {
  const account = TARGETS.accounts.find((a) => a.id === accountId);
  if (!account) throw new Error(`no account ${accountId}`);
  return {
    id: 100 + accountId,
    parentId: 99,
    contentId: 7,
    title: 'Spring launch',
    account: { id: account.id, platform: account.platform, name: account.name, handle: account.handle },
    department: newsroom,
    author: { id: 1, name: 'Ada Admin' },
    status,
    text: 'Hello',
    options: {},
    mediaIds: [],
    scheduledAt,
    publishedAt: null,
    externalUrl: null,
    error: null,
    attempts: 0,
    nextAttemptAt: null,
    createdAt: '2026-03-02T10:00:00Z',
    updatedAt: '2026-03-02T10:00:00Z',
  } satisfies Publication;
};

beforeEach(() => {
  targets = TARGETS;
  answer = (request) => {
    const body = request.body as { targets: { accountId: number }[]; scheduledAt?: string };
    const status = body.scheduledAt ? 'scheduled' : 'queued';
    return envelope({
      parentId: 99,
      publications: body.targets.map((t) => publication(t.accountId, status, body.scheduledAt ?? null)),
    });
  };
  spy = mockFetch((request) => {
    const { pathname } = request.url;
    if (pathname.endsWith('/content/publish/targets')) return envelope(targets);
    if (pathname.endsWith('/content/publish/create')) return answer(request);
    // The summary follows each publication; here they stay queued.
    if (pathname.endsWith('/content/publish/detail')) {
      const accountId = Number(request.url.searchParams.get('id')) - 100;
      return envelope({ ...publication(accountId, 'queued'), events: [], errorRaw: null });
    }
    return envelope(null, { status: 404, code: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const SOURCE: PublishSource = { id: 7, title: 'Spring launch', text: 'Hello', media: [] };

function renderDrawer(source: PublishSource = SOURCE) {
  const router = createMemoryRouter(
    [{ path: '/', element: <PublishDrawer open source={source} now={() => NOW} onClose={() => {}} /> }],
    { initialEntries: ['/'] },
  );
  return render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

const sentBody = (index = 0) => {
  const [, init] = calls(spy, '/prod-api/content/publish/create')[index] ?? [];
  return JSON.parse(String(init?.body)) as Record<string, unknown>;
};

const publishButton = () => screen.getByRole('button', { name: /^(Publish|Schedule)$/ });

/**
 * Presses the panel's action, then the confirmation's. antd names its dialogs by an id that is
 * the same 'test-id' for every component under test: the confirmation is found by its title.
 */
async function publishAndConfirm(user: UserEvent, title: string | RegExp, action = 'Publish') {
  await user.click(publishButton());
  const heading = await screen.findByText(title, { selector: '.ant-modal-confirm-title' });
  const confirm = heading.closest<HTMLElement>('[role="dialog"]');
  if (!confirm) throw new Error('no confirmation');
  await user.click(within(confirm).getByRole('button', { name: action }));
}

describe('PublishDrawer accounts', () => {
  it('ticks the last choice, and shows unavailable accounts disabled with the reason', async () => {
    renderDrawer();
    const x = await screen.findByRole('checkbox', { name: /Acme on X/ });
    expect(x).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Acme channel/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Acme social/ })).not.toBeChecked();
    const tv = screen.getByRole('checkbox', { name: /Acme TV/ });
    expect(tv).toBeDisabled();
    expect(tv).toHaveAccessibleName(/Needs re-authorisation: reconnect it on the channel accounts page/);
    expect(screen.getByRole('group', { name: 'YouTube · Video desk' })).toContainElement(tv);
    expect(screen.getByText('Selected: 2')).toBeInTheDocument();
  });

  it('searches by name or handle, and keeps what is ticked', async () => {
    const user = userEvent.setup();
    renderDrawer();
    await screen.findByRole('checkbox', { name: /Acme on X/ });
    await user.type(screen.getByRole('searchbox', { name: 'Search accounts by name or handle' }), 'channel');
    expect(screen.queryByRole('checkbox', { name: /Acme on X/ })).toBeNull();
    expect(screen.getByRole('checkbox', { name: /Acme channel/ })).toBeChecked();
    expect(screen.getByText('Selected: 2')).toBeInTheDocument();
  });

  it('points to the channel accounts page when there is no account', async () => {
    targets = { accounts: [], lastChoice: [], lastUtm: false };
    renderDrawer();
    const link = await screen.findByRole('link', { name: 'Go to channel accounts' });
    expect(link).toHaveAttribute('href', '/api/channel/account/list');
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
  });
});

describe('PublishDrawer preflight', () => {
  it('blocks Publish on a text too long for X, naming the account and the field', async () => {
    const user = userEvent.setup();
    renderDrawer({ ...SOURCE, text: 'a'.repeat(300) });
    await screen.findByRole('checkbox', { name: /Acme on X/ });
    expect(publishButton()).toBeDisabled();
    expect(
      screen.getByText(
        'Acme on X (X) · Text: The text is 300 characters as the platform counts them; it takes at most 280',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('300 / 280')).toBeInTheDocument();

    // Its own, shorter text clears it.
    await user.click(screen.getByRole('button', { name: /Acme on X/ }));
    const text = screen.getByRole('textbox', { name: 'Text' });
    await user.clear(text);
    await user.type(text, 'Short for X');
    expect(publishButton()).toBeEnabled();
    expect(screen.getByTitle('Length as X counts it: 11 of 280')).toHaveTextContent('11 / 280');
  });
});

describe('PublishDrawer publishing', () => {
  it("sends each account's options and own text, confirms first, then lists each account's status", async () => {
    const user = userEvent.setup();
    renderDrawer();
    await user.click(await screen.findByRole('button', { name: /Acme channel/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Send silently (subscribers get no sound)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Turn off the link preview' }));
    const text = screen.getByRole('textbox', { name: 'Text' });
    await user.type(text, ' subscribers');
    const preview = screen.getByText('Preview on Telegram').closest<HTMLElement>('.ant-card');
    expect(preview && within(preview).getByText('Hello subscribers')).toBeInTheDocument();

    await publishAndConfirm(user, 'Publish now?');
    await waitFor(() => expect(calls(spy, '/prod-api/content/publish/create')).toHaveLength(1));
    expect(sentBody()).toEqual({
      contentId: 7,
      targets: [
        { accountId: 1 },
        { accountId: 2, text: 'Hello subscribers', options: { silent: true, linkPreview: false } },
      ],
      utm: false,
    });
    const summary = await screen.findByRole('list', { name: 'Accounts' });
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^Acme on X.*Queued$/),
      expect.stringMatching(/^Acme channel.*Queued$/),
    ]);
    // The passing message and the summary's line.
    expect(await screen.findAllByText('Queued for publishing: 2')).toHaveLength(2);
  });

  it("shows the server's refusal of targets.1.accountId on that account", async () => {
    answer = () =>
      envelope(
        {
          errors: [
            {
              field: 'targets.1.accountId',
              message: 'This account cannot take publications now: it is released or must be connected again',
            },
          ],
        },
        { status: 400, code: 103002, msg: 'This account cannot take publications now' },
      );
    const user = userEvent.setup();
    renderDrawer();
    await screen.findByRole('checkbox', { name: /Acme on X/ });
    await publishAndConfirm(user, 'Publish now?');

    const row = (await screen.findByRole('checkbox', { name: /Acme channel/ })).closest('li');
    if (!row) throw new Error('no row');
    expect(
      await within(row).findByText(
        'This account cannot take publications now: it is released or must be connected again',
      ),
    ).toBeInTheDocument();
    const other = screen.getByRole('checkbox', { name: /Acme on X/ }).closest('li');
    expect(other).not.toHaveTextContent('cannot take publications');
    expect(screen.getByRole('button', { name: /Acme channel.*To fix: 1/ })).toBeInTheDocument();
  });
});

describe('PublishDrawer UTM tags', () => {
  const linked: PublishSource = { ...SOURCE, text: 'Read https://news.example/a' };
  const utmBox = () => screen.getByRole('checkbox', { name: 'Tag links for analytics (UTM)' });

  it('starts off as last left, shows the tagged links and their length, and sends utm: true', async () => {
    const user = userEvent.setup();
    renderDrawer(linked);
    await screen.findByRole('checkbox', { name: /Acme on X/ });
    expect(utmBox()).not.toBeChecked();
    expect(utmBox()).toHaveAccessibleDescription(/utm_medium=social/);
    await user.click(screen.getByRole('button', { name: /Acme channel/ }));
    const counter = () => screen.getByTitle(/^Length as Telegram counts it/);
    expect(counter()).toHaveTextContent(`${linked.text.length} / 4096`);

    await user.click(utmBox());
    const tagged = `${linked.text}?utm_source=telegram&utm_medium=social&utm_campaign=content-7`;
    const preview = screen.getByText('Preview on Telegram').closest<HTMLElement>('.ant-card');
    expect(preview && within(preview).getByText(tagged)).toBeInTheDocument();
    expect(counter()).toHaveTextContent(`${tagged.length} / 4096`);
    // The author's own text stays as written in the editor: the server tags it.
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveValue(linked.text);

    await publishAndConfirm(user, 'Publish now?');
    await waitFor(() => expect(calls(spy, '/prod-api/content/publish/create')).toHaveLength(1));
    expect(sentBody()).toEqual({ contentId: 7, targets: [{ accountId: 1 }, { accountId: 2 }], utm: true });
  });

  it('starts on when the last publish tagged its links, and can be turned off', async () => {
    targets = { ...TARGETS, lastUtm: true };
    const user = userEvent.setup();
    renderDrawer(linked);
    await screen.findByRole('checkbox', { name: /Acme on X/ });
    expect(utmBox()).toBeChecked();
    await user.click(utmBox());
    await publishAndConfirm(user, 'Publish now?');
    await waitFor(() => expect(calls(spy, '/prod-api/content/publish/create')).toHaveLength(1));
    expect(sentBody()['utm']).toBe(false);
  });
});

describe('PublishDrawer scheduling', () => {
  // A zone off UTC, so a local time and the instant sent differ.
  const zoneBefore = process.env['TZ'];
  beforeAll(() => {
    process.env['TZ'] = 'Asia/Tokyo';
  });
  afterAll(() => {
    if (zoneBefore === undefined) delete process.env['TZ'];
    else process.env['TZ'] = zoneBefore;
  });

  it('shows the time zone, refuses a past time, sends UTC, and shows the server 103001 on the field', async () => {
    const user = userEvent.setup();
    renderDrawer();
    await screen.findByRole('checkbox', { name: /Acme on X/ });
    await user.click(screen.getByRole('radio', { name: 'Schedule' }));
    expect(screen.getByText('Time zone: Asia/Tokyo')).toBeInTheDocument();
    expect(publishButton()).toBeDisabled();

    const picker = screen.getByRole('textbox', { name: 'Publication time' });
    const earlier = dayjs(NOW).subtract(1, 'minute');
    // Earlier today: the day is offered, the time is refused.
    await user.click(picker);
    await user.type(picker, `${earlier.format('YYYY-MM-DD HH:mm')}{Enter}`);
    expect(
      await screen.findByText('This time has passed: choose a time to come, or publish now'),
    ).toBeInTheDocument();
    expect(publishButton()).toBeDisabled();

    const later = dayjs('2026-03-05T14:30');
    await user.clear(picker);
    await user.type(picker, `${later.format('YYYY-MM-DD HH:mm')}{Enter}`);
    await waitFor(() => expect(publishButton()).toBeEnabled());

    answer = () =>
      envelope(
        { errors: [{ field: 'scheduledAt', message: 'This time has passed (server)' }] },
        { status: 400, code: 103001, msg: 'This time has passed' },
      );
    await publishAndConfirm(user, 'Schedule for 2026-03-05 14:30 (Asia/Tokyo)?', 'Schedule');
    await waitFor(() => expect(calls(spy, '/prod-api/content/publish/create')).toHaveLength(1));
    expect(sentBody().scheduledAt).toBe('2026-03-05T05:30:00.000Z');
    expect(await screen.findByText('This time has passed (server)')).toBeInTheDocument();
  });
});
