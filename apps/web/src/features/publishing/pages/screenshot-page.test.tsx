import type { PublicationScreenshot } from '@postdeck/contract/publication-screenshot';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { Providers } from '../../../app/providers';
import { useUserStore } from '../../../stores/user-store';
import { USER_INFO, calls, envelope, mockFetch } from '../../../test/fetch-mock';
import { ScreenshotPage } from './screenshot-page';

const PATH = '/prod-api/content/publish/screenShot';
const POST = 'http://127.0.0.1:4010/t/desk/7';
const TAKEN: PublicationScreenshot = {
  publicationId: 7,
  externalUrl: POST,
  screenshot: {
    url: '/prod-api/material/file/31/original?exp=1&uid=1&sig=a',
    takenAt: '2026-06-01T08:00:00Z',
  },
  error: null,
};
const REFUSED: PublicationScreenshot = {
  publicationId: 8,
  externalUrl: 'http://10.0.0.5/p/1',
  screenshot: null,
  error: { reason: 'refused', detail: '10.0.0.5 is private, not public unicast', at: '2026-06-01T08:01:00Z' },
};

let spy: ReturnType<typeof mockFetch>;
let answers: Record<string, PublicationScreenshot>;

beforeEach(() => {
  answers = { '7': TAKEN, '8': REFUSED };
  spy = mockFetch(({ url }) => {
    if (url.pathname !== PATH) return envelope(null, { status: 404, code: 404 });
    const id = url.searchParams.get('id') ?? '';
    const answer = answers[id];
    if (!answer) return envelope(null, { status: 404, code: 404, msg: 'Not found' });
    if (url.searchParams.get('again') === 'true' && id === '8')
      return envelope({
        ...REFUSED,
        error: null,
        screenshot: {
          url: '/prod-api/material/file/40/original?exp=1&uid=1&sig=b',
          takenAt: '2026-06-01T09:00:00Z',
        },
      });
    return envelope(answer);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useUserStore.getState().reset();
});

function renderPage(entry: string) {
  useUserStore.getState().setSession({ ...USER_INFO, permissions: ['publish:list'] }, []);
  const router = createMemoryRouter([{ path: '/screenShort', Component: ScreenshotPage }], {
    initialEntries: [entry],
  });
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return userEvent.setup();
}

describe('/screenShort', () => {
  it('shows the screenshot of the publication named in the address, with the post’s link', async () => {
    renderPage('/screenShort?id=7');
    const image = await screen.findByRole('img', { name: 'Screenshot of the post’s public page' });
    expect(image.getAttribute('src')).toBe(TAKEN.screenshot?.url);
    expect(screen.getByRole('link', { name: 'Open the post' }).getAttribute('href')).toBe(POST);
    expect(calls(spy, PATH)[0]?.[0]).toContain('id=7');
  });

  it('says in words why there is no picture, and "Take again" asks for a new one and shows it', async () => {
    const user = renderPage('/screenShort?id=8');
    expect(await screen.findByText(/is not a public one/)).toBeTruthy();
    expect(screen.getByText(/10\.0\.0\.5 is private/)).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Screenshot of the post’s public page' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Take again' }));
    const image = await screen.findByRole('img', { name: 'Screenshot of the post’s public page' });
    expect(image.getAttribute('src')).toContain('/material/file/40/');
    await waitFor(() => expect(screen.queryByText(/is not a public one/)).toBeNull());
    expect(calls(spy, PATH).some(([input]) => String(input).includes('again=true'))).toBe(true);
  });

  it('says when the publication is unknown or out of reach', async () => {
    renderPage('/screenShort?id=99');
    expect(await screen.findByText(/does not exist, or is outside your departments/)).toBeTruthy();
  });

  it('needs an id', async () => {
    renderPage('/screenShort');
    expect(await screen.findByText(/No publication was named/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Take again' })).toBeNull();
  });
});
