import type { PublishTargets } from '@postdeck/contract/publishing';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { Providers } from '../../../app/providers';
import { envelope, mockFetch } from '../../../test/fetch-mock';
import { PublishDrawer } from './publish-drawer';

/** The composer and a pause of publishing (issue 20, item 6): shown with its reason, still choosable. */
const newsroom = { id: 1, name: 'Newsroom' };
const TARGETS: PublishTargets = {
  accounts: [
    {
      id: 1,
      platform: 'telegram',
      name: 'Acme channel',
      handle: '@acmechannel',
      department: newsroom,
      unavailable: null,
      paused: { scope: 'department', reason: 'Election silence until 20:00' },
    },
    {
      id: 2,
      platform: 'mastodon',
      name: 'Acme social',
      handle: null,
      department: newsroom,
      unavailable: null,
      paused: null,
    },
  ],
  lastChoice: [2],
  lastUtm: false,
};

beforeEach(() => {
  mockFetch(({ url }) =>
    url.pathname.endsWith('/content/publish/targets')
      ? envelope(TARGETS)
      : envelope(null, { status: 404, code: 404 }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderDrawer() {
  const source = { id: 7, title: 'Spring launch', text: 'Hello', media: [] };
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <PublishDrawer open source={source} now={() => Date.now()} onClose={() => {}} />,
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

describe('PublishDrawer and a pause', () => {
  it("shows a paused account's reason, keeps it choosable, and names it once chosen", async () => {
    const user = userEvent.setup();
    renderDrawer();
    const paused = await screen.findByRole('checkbox', { name: /Acme channel/ });
    expect(paused).toBeEnabled();
    expect(paused).toHaveAccessibleName(
      /Publishing is paused for its department: Election silence until 20:00\. Posts to it wait until it is resumed\./,
    );
    expect(screen.queryByText(/Chosen accounts where publishing is paused/)).toBeNull();

    await user.click(paused);
    const alert = (
      await screen.findByText(
        'Chosen accounts where publishing is paused: 1. Their posts wait until it is resumed.',
      )
    ).closest('[role="alert"]') as HTMLElement;
    expect(
      within(alert).getByText('Acme channel (Telegram): Election silence until 20:00'),
    ).toBeInTheDocument();
    // It waits rather than being refused: publishing to it stays possible.
    expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled();
  });
});
