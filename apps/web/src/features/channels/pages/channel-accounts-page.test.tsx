import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { Providers } from '../../../app/providers';
import { useUserStore } from '../../../stores/user-store';
import { USER_INFO, calls, envelope, mockFetch } from '../../../test/fetch-mock';
import { DEPARTMENTS, PLATFORMS, account, inDays, pageOf } from '../test-fixtures';
import { ChannelAccountsPage } from './channel-accounts-page';

const LIST = '/api/channel/account/list';
const ALL = ['channel:account:list', 'channel:account:connect', 'channel:account:release'];

const ACCOUNTS = [
  account(1, 'Morning News', {
    status: 'expiring',
    tokenExpiresAt: inDays(12),
    lastSuccessAt: new Date(Date.now() - 270_000).toISOString(),
    failures7d: 3,
    lastFailure: { kind: 'transient', message: 'Service unavailable', at: '2026-11-25T10:00:00Z' },
    missingScopes: ['pages_read_engagement'],
  }),
  account(2, 'Launch Channel', { platform: 'youtube', quotaLeft: 9500, tokenExpiresAt: inDays(40) }),
  account(3, 'Old Page', { status: 'released', releasedAt: '2026-10-01T00:00:00Z' }),
];

let spy: ReturnType<typeof mockFetch>;
let items = ACCOUNTS;

beforeEach(() => {
  items = ACCOUNTS;
  spy = mockFetch(({ url, body }) => {
    const path = url.pathname;
    if (path.endsWith('/channel/account/list')) return envelope(pageOf(items));
    if (path.endsWith('/channel/platforms')) return envelope(PLATFORMS);
    if (path.endsWith('/control/dept/list')) return envelope(DEPARTMENTS);
    if (path.endsWith('/channel/account/release')) {
      const released = account((body as { id: number }).id, 'Morning News', { status: 'released' });
      return envelope({
        account: released,
        revokedAtPlatform: false,
        notRevokedReason: 'unsupported',
        heldPublications: 2,
      });
    }
    if (path.endsWith('/channel/account/move')) {
      const { id, departmentId } = body as { id: number; departmentId: number };
      if (departmentId === 3)
        return envelope(
          { errors: [{ field: 'departmentId', message: 'The account is in that department already' }] },
          { status: 400, code: 102022, msg: 'The account is in that department already' },
        );
      return envelope({
        account: account(id, 'Morning News', { department: { id: 1, name: 'Head office' } }),
      });
    }
    if (path.endsWith('/channel/connect/start'))
      return envelope({ authorizationUrl: 'http://127.0.0.1:9/consent?x=1' });
    if (path.endsWith('/channel/connect/telegram'))
      return envelope(null, {
        status: 400,
        code: 102012,
        msg: 'The bot must be an administrator of the channel allowed to post messages',
      });
    if (path.endsWith('/channel/connect/bluesky'))
      return envelope({ accounts: [account(5, 'Ada Sky', { platform: 'bluesky' })] });
    return envelope(null, { status: 404, code: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useUserStore.getState().reset();
});

function renderPage(entry = LIST, permissions = ALL) {
  useUserStore
    .getState()
    .setSession({ ...USER_INFO, department: { id: 3, name: 'Newsroom' }, permissions }, []);
  const router = createMemoryRouter(
    [
      { path: LIST, Component: ChannelAccountsPage },
      { path: '/youtubeRelieve', element: <p>release page</p> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, user: userEvent.setup() };
}

const lastListQuery = () =>
  new URL(
    String(calls(spy, '/prod-api/channel/account/list').at(-1)?.[0]),
    'http://x',
  ).searchParams.toString();
const bodyOf = (path: string) => JSON.parse(String(calls(spy, path).at(-1)?.[1]?.body));
const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;
const dialogTitled = async (title: string) =>
  (await screen.findByText(title)).closest('[role="dialog"]') as HTMLElement;
const itemOf = (field: HTMLElement) => field.closest('.ant-form-item') as HTMLElement;

describe('the channel accounts page', () => {
  it('lists the accounts of the address with their health, and writes new filters back', async () => {
    const { router, user } = renderPage(`${LIST}?platform=facebook&page=2`);
    const row = await rowOf('Morning News');
    expect(lastListQuery()).toBe('page=2&platform=facebook');
    expect(within(row).getByText('Facebook')).toBeInTheDocument();
    expect(within(row).getByText('Newsroom')).toBeInTheDocument();
    expect(within(row).getByText('Expiring')).toBeInTheDocument();
    expect(within(row).getByText('in 12 days')).toBeInTheDocument();
    expect(within(row).getByText('5 minutes ago')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(within(row).getByText(/Missing permissions: pages_read_engagement/)).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '@morningnews' })).toHaveAttribute(
      'href',
      'https://facebook.test/1',
    );
    const youtube = await rowOf('Launch Channel');
    expect(within(youtube).getByText('YouTube')).toBeInTheDocument();
    expect(within(youtube).getByText('9,500')).toBeInTheDocument();
    const released = await rowOf('Old Page');
    expect(within(released).getByText('Released')).toBeInTheDocument();
    expect(within(released).queryByRole('button', { name: 'Release' })).not.toBeInTheDocument();
    expect(screen.getByTestId('channels-sandbox')).toHaveTextContent(
      'nothing you connect or publish reaches the real platforms',
    );

    await user.click(screen.getByLabelText('Status'));
    await user.click(await screen.findByTitle('Needs re-authorisation'));
    await waitFor(() => expect(router.state.location.search).toBe('?platform=facebook&status=reauthorize'));
    await waitFor(() => expect(lastListQuery()).toBe('platform=facebook&status=reauthorize'));
  });

  it('releases an account in a dialog after confirming, and sends YouTube to its release page', async () => {
    const { router, user } = renderPage();
    await user.click(within(await rowOf('Morning News')).getByRole('button', { name: 'Release' }));
    const dialog = await dialogTitled('Release Morning News');
    expect(within(dialog).getByText(/stored tokens are wiped/)).toBeInTheDocument();
    // Facebook has no revoke call: the dialog says where its access is ended by hand.
    expect(
      within(dialog).getByText(
        /^Facebook has no call for Postdeck to give its access back\. .*Business integrations/,
      ),
    ).toBeInTheDocument();
    const release = within(dialog).getByRole('button', { name: 'Release' });
    expect(release).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: /I understand/ }));
    await user.click(release);
    expect(await within(dialog).findByText('Morning News is released.')).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent(/Facebook has no call for Postdeck/);
    expect(
      within(dialog).getByText('Scheduled publications held: 2. Their authors were told.'),
    ).toBeInTheDocument();
    expect(bodyOf('/prod-api/channel/account/release')).toEqual({ id: 1, platform: 'facebook' });

    await user.click(within(dialog).getByText('Close'));
    await user.click(within(await rowOf('Launch Channel')).getByRole('link', { name: 'Release' }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/youtubeRelieve?id=2'),
    );
  });

  it('moves an account to another department after choosing it, and shows a refusal in place', async () => {
    const { user } = renderPage();
    await user.click(within(await rowOf('Morning News')).getByRole('button', { name: 'Move' }));
    const dialog = await dialogTitled('Move Morning News to another department');
    expect(within(dialog).getByText(/The account is in Newsroom\./)).toBeInTheDocument();
    const submit = within(dialog).getByRole('button', { name: 'Move' });
    expect(submit).toBeDisabled();
    await user.click(within(dialog).getByLabelText('New department'));
    await user.click(await screen.findByTitle('Newsroom'));
    await user.click(submit);
    expect(await within(dialog).findByText('The account is in that department already')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('New department'));
    await user.click(await screen.findByTitle('Head office'));
    await user.click(submit);
    expect(await screen.findByText('Morning News now belongs to Head office')).toBeInTheDocument();
    expect(bodyOf('/prod-api/channel/account/move')).toEqual({ id: 1, departmentId: 1 });
  });

  it('drops a filter value it does not know from the address, and says so', async () => {
    const { router } = renderPage(`${LIST}?platform=myspace&status=active&page=2`);
    await rowOf('Morning News');
    await waitFor(() => expect(router.state.location.search).toBe('?status=active&page=2'));
    expect(
      await screen.findByText(
        'Filters this list does not know were removed from the address: platform=myspace',
      ),
    ).toBeInTheDocument();
    expect(lastListQuery()).toBe('page=2&status=active');
  });

  it('shows no actions without the connect and release permissions, and an empty list invites to connect', async () => {
    renderPage(LIST, ['channel:account:list']);
    await rowOf('Morning News');
    expect(screen.queryByRole('button', { name: /Connect account/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Release' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reconnect' })).not.toBeInTheDocument();
  });

  it('invites to connect the first account on an empty list', async () => {
    items = [];
    const { user } = renderPage();
    expect(await screen.findByText('No channel account is connected yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Connect the first account/ }));
    expect(await dialogTitled('Connect an account')).toBeInTheDocument();
  });
});

describe('the connect dialog', () => {
  const openConnect = async (user: ReturnType<typeof userEvent.setup>, platform: string) => {
    await user.click(await screen.findByRole('button', { name: /Connect account/ }));
    const dialog = await dialogTitled('Connect an account');
    await user.click(within(dialog).getByLabelText('Platform'));
    await user.click(await screen.findByTitle(platform));
    return dialog;
  };

  it("leaves for the platform's consent page, with the department chosen", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { user } = renderPage();
    const dialog = await openConnect(user, 'Facebook');
    expect(
      within(itemOf(within(dialog).getByLabelText('Department'))).getByTitle('Newsroom'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Continue to Facebook' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://127.0.0.1:9/consent?x=1'));
    expect(bodyOf('/prod-api/channel/connect/start')).toEqual({ platform: 'facebook', departmentId: 3 });
  });

  it('offers the platforms that are not set up as disabled, with the reason', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: /Connect account/ }));
    const dialog = await dialogTitled('Connect an account');
    await user.click(within(dialog).getByLabelText('Platform'));
    const option = await screen.findByTitle(/^X — Not set up on this server/);
    expect(option.closest('.ant-select-item')).toHaveClass('ant-select-item-option-disabled');
  });

  it('asks Mastodon for its server before leaving for it', async () => {
    vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
    const { user } = renderPage();
    const dialog = await openConnect(user, 'Mastodon');
    await user.type(within(dialog).getByLabelText('Mastodon server'), 'mastodon.example{Enter}');
    await waitFor(() =>
      expect(bodyOf('/prod-api/channel/connect/start')).toEqual({
        platform: 'mastodon',
        departmentId: 3,
        instance: 'mastodon.example',
      }),
    );
  });

  it("fills Telegram's fields with the sandbox's test bot, and shows the bot's refusal next to the channel", async () => {
    const { user } = renderPage();
    const dialog = await openConnect(user, 'Telegram');
    await user.click(within(dialog).getByRole('button', { name: "Use the sandbox's test bot" }));
    expect(within(dialog).getByLabelText('Channel')).toHaveValue('@postdeck_sandbox');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(
      await within(itemOf(within(dialog).getByLabelText('Channel'))).findByText(
        'The bot must be an administrator of the channel allowed to post messages',
      ),
    ).toBeInTheDocument();
    expect(bodyOf('/prod-api/channel/connect/telegram')).toEqual({
      departmentId: 3,
      botToken: '123456789:AAHsandboxsandboxsandboxsandboxsand',
      channel: '@postdeck_sandbox',
    });
  });

  it("checks Telegram's fields against the contract before sending", async () => {
    const { user } = renderPage();
    const dialog = await openConnect(user, 'Telegram');
    await user.type(within(dialog).getByLabelText('Bot token'), 'not-a-token');
    await user.type(within(dialog).getByLabelText('Channel'), 'channel{Enter}');
    expect(
      await within(dialog).findByText('Paste the token BotFather gave, like 123456789:AAH…'),
    ).toBeInTheDocument();
    expect(calls(spy, '/prod-api/channel/connect/telegram')).toHaveLength(0);
  });

  it('connects Bluesky with a handle and an app password, and closes', async () => {
    const { user } = renderPage();
    const dialog = await openConnect(user, 'Bluesky');
    await user.type(within(dialog).getByLabelText('Handle'), 'ada.bsky.social');
    await user.type(within(dialog).getByLabelText('App password'), 'abcd-efgh-ijkl-mnop{Enter}');
    expect(await screen.findByText('Accounts connected: 1')).toBeInTheDocument();
    expect(bodyOf('/prod-api/channel/connect/bluesky')).toEqual({
      departmentId: 3,
      identifier: 'ada.bsky.social',
      appPassword: 'abcd-efgh-ijkl-mnop',
    });
  });

  it('opens on the platform of the address (Connect again from /authOpen) and clears it', async () => {
    const { router } = renderPage(`${LIST}?connect=telegram`);
    const dialog = await dialogTitled('Connect an account');
    expect(await within(dialog).findByLabelText('Bot token')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
