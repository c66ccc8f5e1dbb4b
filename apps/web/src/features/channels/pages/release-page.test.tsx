import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { Providers } from '../../../app/providers';
import { useUserStore } from '../../../stores/user-store';
import { USER_INFO, calls, envelope, mockFetch } from '../../../test/fetch-mock';
import { account, inDays } from '../test-fixtures';
import { ReleaseGoogleAnalyticsPage, ReleaseYoutubePage, VkConnectionPage } from './release-page';

const CHANNEL = account(2, 'Launch Channel', {
  platform: 'youtube',
  handle: '@launch',
  profileUrl: 'https://youtube.test/@launch',
  tokenExpiresAt: inDays(20),
  scopes: ['youtube.upload'],
});
const PAGE = account(7, 'Morning News', { platform: 'facebook' });
const BOT = account(8, 'Desk Bot Channel', { platform: 'telegram' });
const COMMUNITY = account(4, 'Club Wall', {
  platform: 'vk',
  status: 'released',
  releasedAt: '2026-10-01T00:00:00Z',
  sameGrant: [{ id: 6, name: 'Club News' }],
});

let spy: ReturnType<typeof mockFetch>;

beforeEach(() => {
  spy = mockFetch(({ url }) => {
    const path = url.pathname;
    if (path.endsWith('/channel/account/detail')) {
      const id = url.searchParams.get('id');
      if (id === '2') return envelope(CHANNEL);
      if (id === '4') return envelope(COMMUNITY);
      if (id === '7') return envelope(PAGE);
      if (id === '8') return envelope(BOT);
      if (id === '5') return envelope(null, { status: 403, code: 403, msg: 'forbidden' });
      return envelope(null, { status: 404, code: 404, msg: 'Not found' });
    }
    if (path.endsWith('/channel/account/release'))
      return envelope({
        account: { ...CHANNEL, status: 'released', releasedAt: '2026-11-26T10:00:00Z' },
        revokedAtPlatform: false,
        notRevokedReason: 'sharedGrant',
        heldPublications: 0,
      });
    return envelope(null, { status: 404, code: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useUserStore.getState().reset();
});

function renderPage(entry: string, permissions = ['channel:account:list', 'channel:account:release']) {
  useUserStore.getState().setSession({ ...USER_INFO, permissions }, []);
  const router = createMemoryRouter(
    [
      { path: '/youtubeRelieve', Component: ReleaseYoutubePage },
      { path: '/vk', Component: VkConnectionPage },
      { path: '/googleGARelieve', Component: ReleaseGoogleAnalyticsPage },
      { path: '/api/channel/account/list', element: <p>channel accounts</p> },
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

describe('the release pages', () => {
  it('opened directly, shows the account and its connection, and releases it after confirming', async () => {
    const { user } = renderPage('/youtubeRelieve?id=2');
    expect(await screen.findByText('Launch Channel')).toBeInTheDocument();
    expect(screen.getByText('Release YouTube connection')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '@launch' })).toHaveAttribute(
      'href',
      'https://youtube.test/@launch',
    );
    expect(screen.getByText(/^in 20 days/)).toBeInTheDocument();
    expect(screen.getByText('youtube.upload')).toBeInTheDocument();
    expect(screen.getByText(/Publications scheduled on it are held/)).toBeInTheDocument();
    // YouTube has Google's revoke call: the page promises it, not a trip to the settings.
    expect(screen.getByText(/^Postdeck revokes its access at YouTube/)).toBeInTheDocument();
    expect(screen.queryByText(/has no call for Postdeck/)).not.toBeInTheDocument();

    const release = screen.getByRole('button', { name: 'Release' });
    expect(release).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /I understand/ }));
    await user.click(release);
    expect(await screen.findByText('Launch Channel is released.')).toBeInTheDocument();
    expect(
      screen.getByText(/^The access at YouTube was kept: other accounts connected with the same sign-in/),
    ).toBeInTheDocument();
    expect(screen.getByText('No scheduled publication was waiting on it.')).toBeInTheDocument();
    expect(JSON.parse(String(calls(spy, '/prod-api/channel/account/release')[0]?.[1]?.body))).toEqual({
      id: 2,
      platform: 'youtube',
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Release' })).not.toBeInTheDocument());
  });

  it('shows a released account as released, with no button', async () => {
    renderPage('/vk?id=4');
    expect(await screen.findByText('This account is released.')).toBeInTheDocument();
    expect(screen.getByText('VK connection')).toBeInTheDocument();
    expect(screen.getByText('Club News')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Release' })).not.toBeInTheDocument();
  });

  it('explains without a button to whoever may not release', async () => {
    renderPage('/youtubeRelieve?id=2', ['channel:account:list']);
    expect(await screen.findByText(/stored tokens are wiped/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Release' })).not.toBeInTheDocument();
  });

  it('says when the account does not exist or is outside the departments', async () => {
    renderPage('/youtubeRelieve?id=99');
    expect(
      await screen.findByText('No such account, or it is outside your departments.'),
    ).toBeInTheDocument();
  });

  it('says when the account may not be seen', async () => {
    renderPage('/youtubeRelieve?id=5');
    expect(await screen.findByText('You have no permission to see this account.')).toBeInTheDocument();
  });

  it("refuses another platform's account, and points to where it is released", async () => {
    const { router, user } = renderPage('/youtubeRelieve?id=7');
    expect(await screen.findByText('This is a Facebook account, not a YouTube one')).toBeInTheDocument();
    expect(screen.getByText(/This page releases YouTube accounts only/)).toBeInTheDocument();
    expect(screen.queryByText('Morning News')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Release' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Release it from the Facebook accounts' }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/api/channel/account/list?platform=facebook',
      ),
    );
    expect(calls(spy, '/prod-api/channel/account/release')).toHaveLength(0);
  });

  it('sends a VK community opened on the YouTube page to /vk', async () => {
    const { router, user } = renderPage('/youtubeRelieve?id=4');
    expect(await screen.findByText('This is a VK account, not a YouTube one')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Open its VK release page' }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/vk?id=4'),
    );
    expect(await screen.findByText('VK connection')).toBeInTheDocument();
  });

  it('refuses a Telegram channel on the Google Analytics page, pointing to the accounts list', async () => {
    renderPage('/googleGARelieve?id=8');
    expect(
      await screen.findByText('This is a Telegram account, not a Google Analytics 4 one'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Release it from the Telegram accounts' })).toBeInTheDocument();
  });

  it('asks for the account when the address names none', async () => {
    renderPage('/youtubeRelieve');
    expect(await screen.findByText('This page needs the account in its address (?id=).')).toBeInTheDocument();
    expect(calls(spy, '/prod-api/channel/account/detail')).toHaveLength(0);
  });
});
