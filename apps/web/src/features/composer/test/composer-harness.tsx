import './prosemirror-dom';
import type { ContentDetail } from '@postdeck/contract/content';
import { PAGES } from '@postdeck/contract/pages';
import { render, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '../../../api/query-client';
import { Providers } from '../../../app/providers';
import { useUserStore } from '../../../stores/user-store';
import { USER_INFO } from '../../../test/fetch-mock';
import type { ComposerClock } from '../composer-clock';
import { ComposerPage } from '../pages/composer-page';

export const COMPOSER_URL = PAGES.addContent;
export const NOW = Date.parse('2026-03-02T10:00:00Z');

/** A clock the test moves by hand: `advance` runs the intervals that fall due, at once. */
export function manualClock(start = NOW) {
  let now = start;
  const timers = new Set<{ ms: number; next: number; run: () => void }>();
  const clock: ComposerClock & { advance(ms: number): void } = {
    now: () => now,
    every(ms, run) {
      const timer = { ms, next: now + ms, run };
      timers.add(timer);
      return () => timers.delete(timer);
    },
    advance(ms) {
      now += ms;
      for (const timer of timers) {
        while (timer.next <= now && timers.has(timer)) {
          timer.next += timer.ms;
          timer.run();
        }
      }
    },
  };
  return clock;
}

export const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
export const documentOf = (...texts: string[]) => ({ type: 'doc', content: texts.map(paragraph) }) as const;

export function contentDetail(overrides: Partial<ContentDetail> = {}): ContentDetail {
  return {
    id: 7,
    title: 'Spring launch',
    summary: '',
    status: 'draft',
    tags: [],
    department: { id: 1, name: 'Newsroom' },
    author: { id: 1, name: 'Ada Admin' },
    version: 3,
    createdAt: '2026-03-01T09:00:00Z',
    updatedAt: '2026-03-01T09:00:00Z',
    deletedAt: null,
    body: documentOf('Hello'),
    cover: null,
    materials: [],
    bodyHtml: '<p>Hello</p>',
    bodyText: 'Hello',
    updatedBy: { id: 1, name: 'Ada Admin' },
    ...overrides,
  };
}

/** The composer inside a memory router, with a second page to leave to. */
export function renderComposer(
  entry: string = COMPOSER_URL,
  clock: ComposerClock = manualClock(),
  permissions: string[] = ['content:create'],
) {
  useUserStore.getState().setSession({ ...USER_INFO, permissions }, []);
  const router = createMemoryRouter(
    [
      { path: COMPOSER_URL, element: <ComposerPage clock={clock} /> },
      { path: '/elsewhere', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [entry] },
  );
  const view = render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...view };
}

export const bodyEditor = () => screen.getByRole('textbox', { name: 'Body' });

export async function typeBody(user: UserEvent, text: string) {
  await user.click(bodyEditor());
  await user.type(bodyEditor(), text);
}

export const pressSave = (user: UserEvent) => user.keyboard('{Control>}s{/Control}');
