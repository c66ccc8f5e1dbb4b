import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { Providers } from '../../../app/providers';
import { SETTINGS, material, pageOf, video } from '../../../components/material-picker/test-fixtures';
import { useUserStore } from '../../../stores/user-store';
import { USER_INFO, calls, envelope, mockFetch } from '../../../test/fetch-mock';
import { MaterialsPage } from './materials-page';

const ITEMS = [
  material(1, 'Cover.png', { tags: ['launch'] }),
  video(2, 'Clip.mp4'),
  material(3, 'Broken.png', { status: 'failed', note: 'unreadableImage' }),
];

let spy: ReturnType<typeof mockFetch>;

beforeEach(() => {
  spy = mockFetch(({ url, body }) => {
    const path = url.pathname;
    if (path.endsWith('/material/list')) {
      return envelope(pageOf(url.searchParams.get('name') === 'none' ? [] : ITEMS));
    }
    if (path.endsWith('/material/detail')) {
      return envelope(ITEMS.find((m) => m.id === Number(url.searchParams.get('id'))));
    }
    if (path.endsWith('/material/delete')) {
      if ((body as { force: boolean }).force) return envelope(null);
      return envelope(
        { contents: [{ id: 5, title: 'Spring launch' }] },
        { status: 409, code: 100501, msg: 'This material is used by 1 content(s)' },
      );
    }
    if (path.endsWith('/material/zipLink')) return envelope({ url: '/prod-api/material/zip?sig=abc' });
    if (path.endsWith('/material/settings')) return envelope(SETTINGS);
    if (path.endsWith('/control/dept/list')) return envelope({ items: [] });
    return envelope(null, { status: 404, code: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useUserStore.getState().reset();
});

function renderPage(entry = '/api/material/list', permissions = ['material:list', 'material:manage']) {
  useUserStore.getState().setSession({ ...USER_INFO, permissions }, []);
  const router = createMemoryRouter([{ path: '/api/material/list', Component: MaterialsPage }], {
    initialEntries: [entry],
  });
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, user: userEvent.setup() };
}

const lastListQuery = () =>
  new URL(String(calls(spy, '/prod-api/material/list').at(-1)?.[0]), 'http://x').searchParams.toString();

/** antd names its dialogs by an id that is the same 'test-id' for every component under test. */
const dialogTitled = async (title: string) =>
  (await screen.findByText(title)).closest('[role="dialog"]') as HTMLElement;

const bodyOf = (path: string, index = -1) => JSON.parse(String(calls(spy, path).at(index)?.[1]?.body));

describe('the media library', () => {
  it('lists the materials of the address and writes new filters back', async () => {
    const { router, user } = renderPage('/api/material/list?kind=image&page=2');
    expect(await screen.findByRole('checkbox', { name: 'Cover.png' })).toBeInTheDocument();
    expect(lastListQuery()).toBe('page=2&kind=image');
    expect(screen.getByText('Processing failed')).toBeInTheDocument();
    expect(
      screen.getByText('The file could not be read as an image; it is kept as uploaded.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('switch'));
    await waitFor(() => expect(router.state.location.search).toBe('?kind=image&uploaderId=1'));
    await user.type(screen.getByLabelText('Name'), 'none{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?kind=image&uploaderId=1&name=none'));
    expect(await screen.findByText('No materials match these filters')).toBeInTheDocument();
  });

  it('keeps the grid or list view in the address', async () => {
    const { router, user } = renderPage();
    await screen.findByRole('checkbox', { name: 'Cover.png' });
    await user.click(screen.getByText('List'));
    await waitFor(() => expect(router.state.location.search).toBe('?view=list'));
    expect(await screen.findByRole('columnheader', { name: /Size/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clip.mp4' })).toBeInTheDocument();
    await user.click(screen.getByText('Grid'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('lists the contents that use a material, and deletes anyway with force', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Preview Cover.png' }));
    const drawer = await dialogTitled('Preview Cover.png');
    await user.click(within(drawer).getByRole('button', { name: /Delete/ }));
    const dialog = await dialogTitled('Delete "Cover.png"?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    const link = await within(dialog).findByRole('link', { name: 'Spring launch' });
    expect(link).toHaveAttribute('href', '/api/content/publish/pubContent?id=5');
    expect(bodyOf('/prod-api/material/delete')).toEqual({ id: 1, force: false });
    await user.click(within(dialog).getByRole('button', { name: 'Delete anyway' }));
    await waitFor(() => expect(bodyOf('/prod-api/material/delete')).toEqual({ id: 1, force: true }));
  });

  it('downloads the selected materials as one zip', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('checkbox', { name: 'Cover.png' }));
    screen.getByRole('checkbox', { name: 'Clip.mp4' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await user.click(screen.getByRole('button', { name: /Download as zip/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/prod-api/material/zip?sig=abc'));
    expect(bodyOf('/prod-api/material/zipLink')).toEqual({ ids: [1, 2] });
  });

  it('plays a video in the preview, with its details', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Preview Clip.mp4' }));
    const drawer = await dialogTitled('Preview Clip.mp4');
    const player = drawer.querySelector('video');
    expect(player).toHaveAttribute('src', '/files/2/original');
    expect(player).toHaveAttribute('controls');
    expect(within(drawer).getByText('h264')).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: /Download original/ })).toHaveAttribute(
      'href',
      '/files/2/download',
    );
    await waitFor(() => expect(calls(spy, '/prod-api/material/detail')).toHaveLength(1));
  });

  it('offers the first upload on an empty library, and no writing actions without material:manage', async () => {
    spy.mockImplementation(async (input) =>
      String(input).includes('/material/list') ? envelope(pageOf([])) : envelope({ items: [] }),
    );
    renderPage('/api/material/list', ['material:list']);
    expect(await screen.findByText('The library is empty')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Upload/ })).not.toBeInTheDocument();
  });
});
