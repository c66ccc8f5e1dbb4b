import type { Publication } from '@postdeck/contract/publishing';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '../../api/query-client';
import { Providers } from '../../app/providers';
import { useUserStore } from '../../stores/user-store';
import { USER_INFO } from '../../test/fetch-mock';

export const PAGE = '/api/content/schedulepubmaterial/list';
export const LIST = '/prod-api/content/publish/scheduleList';
export const UPDATE = '/prod-api/content/publish/update';
export const WITHDRAWAL = '/prod-api/content/publish/withdrawal';
export const LINK = '/prod-api/content/publish/calendarLink';
export const DETAIL = '/prod-api/content/publish/detail';

/** The detail the drawer asks for, of the publication among `items` that the request names. */
export function detailAnswer(url: URL, items: readonly Publication[]) {
  const found = items.find((item) => String(item.id) === url.searchParams.get('id'));
  return found ? { ...found, events: [], errorRaw: null } : undefined;
}

/** Who may see the page, and also edit (publish:create) unless told otherwise. */
export const EDITOR = ['publish:schedule:list', 'publish:create', 'channel:account:list', 'content:create'];
export const VIEWER = ['publish:schedule:list'];

/** A scheduled publication (a child) as the API shows it. */
export function publication(
  id: number,
  title: string,
  scheduledAt: string,
  more: Partial<Publication> = {},
): Publication {
  return {
    id,
    parentId: id - 1,
    contentId: 100 + id,
    title,
    account: { id: 7, platform: 'mastodon', name: 'Harbour News', handle: '@harbour' },
    department: { id: 3, name: 'Newsroom' },
    author: { id: 1, name: 'Ada Admin' },
    status: 'scheduled',
    text: `${title}: the text`,
    options: {},
    mediaIds: [],
    scheduledAt,
    publishedAt: null,
    externalUrl: null,
    error: null,
    attempts: 0,
    nextAttemptAt: scheduledAt,
    createdAt: '2026-05-30T08:00:00.000Z',
    updatedAt: '2026-05-30T08:00:00.000Z',
    ...more,
  };
}

/** Renders a component as the page at `entry`, signed in with `permissions`. */
export function renderAt(Component: ComponentType, entry: string, permissions = EDITOR) {
  useUserStore.getState().setSession({ ...USER_INFO, permissions }, []);
  const router = createMemoryRouter(
    [
      { path: PAGE, Component },
      { path: '*', Component: () => null },
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
