import type { MenuItem } from '@postdeck/contract/menu';
import type { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { type DataRouter, createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../app/providers';
import { changeLanguage } from '../i18n/i18n';
import { NO_SSO_CONFIG, USER_INFO } from '../test/fetch-mock';
import { createQueryClient } from '../api/query-client';
import { publicConfigQuery } from '../api/public-config';
import { useAppStore } from '../stores/app-store';
import { useEditionStore } from '../stores/edition-store';
import { DEFAULT_SETTINGS, useSettingsStore } from '../stores/settings-store';
import { useUserStore } from '../stores/user-store';
import { AppLayout } from './app-layout';
import { MenuRedirectPage, RedirectPage } from './redirect-page';
import { ACTIVE_MENU_KEY } from './sidebar/sidebar';
import { useTagsStore } from './tags-view/tags-store';

const DEP = '/api/content/contentList/deplist';
const NEW = '/api/content/publish/pubContent';
const HISTORY = '/api/content/publish/pubHistory';

let id = 1;
const entry = (name: string, url: string, children: MenuItem[] = []): MenuItem => ({
  menu_id: id++,
  menu_name: name,
  titles: {},
  url,
  icon: '',
  hidden: false,
  alwaysShow: false,
  sort: id,
  children,
});
const MENU = [
  entry('contentManagement', '#', [entry('departmentContent', DEP), entry('addContent', NEW)]),
  entry('publishList', HISTORY),
];

let mounts = 0;
function Page({ name }: { name: string }) {
  mounts++;
  return <p data-testid="page">{name}</p>;
}

function renderLayout(path = NEW, queryClient?: QueryClient): DataRouter {
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout onLogout={async () => {}} />,
        children: [
          { path: DEP, element: <Page name="dep" />, handle: { title: 'departmentContent' } },
          { path: NEW, element: <Page name="new" />, handle: { title: 'addContent' } },
          { path: HISTORY, element: <Page name="history" />, handle: { title: 'publishList' } },
          { path: '/redirect/*', Component: RedirectPage },
          { path: '/menuRedirect', Component: MenuRedirectPage },
          { path: '/', element: <Page name="home" /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers {...(queryClient ? { queryClient } : {})}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const setBodyWidth = (width: number) =>
  vi.spyOn(document.body, 'getBoundingClientRect').mockReturnValue({ width } as DOMRect);

const tagTitles = () => screen.queryAllByTestId('tags-view-item').map((tag) => tag.textContent);

beforeEach(() => {
  mounts = 0;
  Cookies.remove('sidebarStatus', { path: '/' });
  localStorage.clear();
  sessionStorage.clear();
  useAppStore.setState({ sidebarOpened: true, device: 'desktop', withoutAnimation: false, size: 'medium' });
  useSettingsStore.setState({ ...DEFAULT_SETTINGS });
  useEditionStore.setState({ edition: 'complex' });
  useTagsStore.getState().reset();
  useUserStore.getState().setSession(USER_INFO as never, MENU);
  setBodyWidth(1200);
});
afterEach(() => vi.restoreAllMocks());

describe('layout and device (LY-1..LY-6)', () => {
  it('the hamburger toggles the sidebar and writes cookie sidebarStatus', async () => {
    renderLayout();
    const layout = await screen.findByTestId('app-layout');
    expect(layout).toHaveClass('complex', 'openSidebar');
    await userEvent.click(screen.getByTestId('sidebar-toggle'));
    expect(Cookies.get('sidebarStatus')).toBe('0');
    expect(layout).toHaveClass('hideSidebar');
    await userEvent.click(screen.getByTestId('sidebar-toggle'));
    expect(Cookies.get('sidebarStatus')).toBe('1');
  });

  it('on mobile the sidebar starts closed; the overlay and a navigation close it', async () => {
    setBodyWidth(800);
    const router = renderLayout();
    const layout = await screen.findByTestId('app-layout');
    await waitFor(() => expect(layout).toHaveClass('mobile', 'hideSidebar', 'withoutAnimation'));
    expect(screen.queryByTestId('screenfull')).toBeNull();
    await userEvent.click(screen.getByTestId('sidebar-toggle'));
    await userEvent.click(screen.getByTestId('drawer-bg'));
    expect(layout).toHaveClass('hideSidebar');
    expect(layout).not.toHaveClass('withoutAnimation');
    await userEvent.click(screen.getByTestId('sidebar-toggle'));
    await act(() => router.navigate(DEP));
    expect(useAppStore.getState().sidebarOpened).toBe(false);
  });

  it('switches to desktop on resize, but not while the tab is hidden', async () => {
    setBodyWidth(800);
    renderLayout();
    await waitFor(() => expect(useAppStore.getState().device).toBe('mobile'));
    setBodyWidth(1200);
    vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('resize')));
    expect(useAppStore.getState().device).toBe('mobile');
    vi.spyOn(document, 'hidden', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('resize')));
    expect(useAppStore.getState().device).toBe('desktop');
  });

  it('the fixed header setting fixes navbar and tags view', async () => {
    useSettingsStore.setState({ fixedHeader: true });
    renderLayout();
    const header = await screen.findByTestId('layout-header');
    expect(header.style.width).toBe('calc(100% - 210px)');
  });
});

describe('side menu (SB-1, SB-8, spec §2)', () => {
  it('shows the logo when the setting is on', async () => {
    useSettingsStore.setState({ sidebarLogo: true });
    renderLayout();
    expect(await screen.findByTestId('sidebar-logo')).toHaveTextContent('Postdeck');
  });

  it('keeps the active path in session storage and reloads the active item via /menuRedirect', async () => {
    const router = renderLayout(NEW);
    const menu = await screen.findByTestId('side-menu');
    await waitFor(() => expect(sessionStorage.getItem(ACTIVE_MENU_KEY)).toBe(NEW));
    const before = mounts;
    await userEvent.click(within(menu).getByText('New content'));
    await waitFor(() => expect(mounts).toBeGreaterThan(before));
    expect(router.state.location.pathname).toBe(NEW);
    await userEvent.click(within(menu).getByText('Publish list'));
    expect(router.state.location.pathname).toBe(HISTORY);
    expect(sessionStorage.getItem(ACTIVE_MENU_KEY)).toBe(HISTORY);
  });
});

describe('breadcrumb (BC-*)', () => {
  it('shows the dashboard link, then the page as plain text', async () => {
    renderLayout(NEW);
    const crumb = await screen.findByTestId('breadcrumb');
    await waitFor(() => expect(crumb).toHaveTextContent('Dashboard/New content'));
    expect(within(crumb).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
    expect(within(crumb).queryByRole('link', { name: 'New content' })).toBeNull();
  });
});

describe('tags view (TV-8..TV-17)', () => {
  it('pins the landing page, adds visited pages, and closing the active tag goes to the last one', async () => {
    const router = renderLayout(NEW);
    await waitFor(() => expect(tagTitles()).toEqual(['Department content', 'New content']));
    await act(() => router.navigate(HISTORY));
    await waitFor(() => expect(tagTitles()).toEqual(['Department content', 'New content', 'Publish list']));
    // The affix tag has no close button.
    expect(screen.getAllByTestId('tags-view-close')).toHaveLength(2);
    const active = screen.getAllByTestId('tags-view-item')[2];
    await userEvent.click(within(active as HTMLElement).getByTestId('tags-view-close'));
    await waitFor(() => expect(router.state.location.pathname).toBe(NEW));
    expect(tagTitles()).toEqual(['Department content', 'New content']);
  });

  it('a click navigates and a middle click closes a non-affix tag', async () => {
    const router = renderLayout(NEW);
    await waitFor(() => expect(tagTitles()).toHaveLength(2));
    await userEvent.click(
      screen.getByText('Department content', { selector: '[data-testid=tags-view-item]' }),
    );
    expect(router.state.location.pathname).toBe(DEP);
    const newTag = screen.getAllByTestId('tags-view-item')[1] as HTMLElement;
    fireEvent(newTag, new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    expect(tagTitles()).toEqual(['Department content']);
    expect(router.state.location.pathname).toBe(DEP);
  });

  it('the context menu offers Refresh, Close, Close Others, Close All', async () => {
    const router = renderLayout(NEW);
    await waitFor(() => expect(tagTitles()).toHaveLength(2));
    await act(() => router.navigate(HISTORY));
    await waitFor(() => expect(tagTitles()).toHaveLength(3));
    fireEvent.contextMenu(screen.getAllByTestId('tags-view-item')[1] as HTMLElement);
    expect(await screen.findByText('Refresh')).toBeTruthy();
    expect(screen.getByText('Close Others')).toBeTruthy();
    await userEvent.click(screen.getByText('Close Others'));
    await waitFor(() => expect(router.state.location.pathname).toBe(NEW));
    expect(tagTitles()).toEqual(['Department content', 'New content']);

    fireEvent.contextMenu(screen.getAllByTestId('tags-view-item')[1] as HTMLElement);
    const before = mounts;
    await userEvent.click((await screen.findAllByText('Refresh')).at(-1) as HTMLElement);
    await waitFor(() => expect(mounts).toBeGreaterThan(before));
    expect(router.state.location.pathname).toBe(NEW);

    // A scroll of the tag bar closes an open context menu.
    const openMenus = () =>
      document.querySelectorAll('.ant-dropdown:not(.ant-dropdown-hidden):not(.ant-slide-up-leave)').length;
    fireEvent.contextMenu(screen.getAllByTestId('tags-view-item')[1] as HTMLElement);
    await waitFor(() => expect(openMenus()).toBe(1));
    fireEvent.scroll(screen.getByTestId('tags-view-scroll'));
    await waitFor(() => expect(openMenus()).toBe(0));

    // Close All from the affix tag: the current page loses its tag, so we go to the last view.
    fireEvent.contextMenu(screen.getAllByTestId('tags-view-item')[0] as HTMLElement);
    // Each tag has its own menu; the one opened last is the last in the document.
    await userEvent.click((await screen.findAllByText('Close All')).at(-1) as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe(DEP));
    expect(tagTitles()).toEqual(['Department content']);
  });

  it('is hidden when the Tags-View setting is off', async () => {
    useSettingsStore.setState({ tagsView: false });
    renderLayout();
    await screen.findByTestId('app-layout');
    expect(screen.queryByTestId('tags-view')).toBeNull();
  });
});

describe('navbar (NB-*)', () => {
  it('warns when full screen is not supported', async () => {
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: false });
    renderLayout();
    await userEvent.click(await screen.findByTestId('screenfull'));
    expect(await screen.findByText('you browser can not work')).toBeTruthy();
  });

  it('the size select sets cookie size and reloads the page', async () => {
    const router = renderLayout(NEW);
    await screen.findByTestId('page');
    const before = mounts;
    await userEvent.click(screen.getByTestId('size-select'));
    await userEvent.click(await screen.findByText('Mini'));
    expect(Cookies.get('size')).toBe('mini');
    expect(await screen.findByText('Switch Size Success')).toBeTruthy();
    await waitFor(() => expect(mounts).toBeGreaterThan(before));
    expect(router.state.location.pathname).toBe(NEW);
    Cookies.remove('size', { path: '/' });
  });

  it("the avatar menu has the spec's four items after Profile", async () => {
    renderLayout();
    await userEvent.click(await screen.findByTestId('navbar-user'));
    for (const text of ['Profile', 'Operation manual', 'Change password', 'Dashboard', 'Log Out']) {
      expect(await screen.findByRole('menuitem', { name: text })).toBeTruthy();
    }
  });

  it('says "Sandbox" when the channel platforms run on the local sandbox servers', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(publicConfigQuery().queryKey, { ...NO_SSO_CONFIG, sandbox: true });
    renderLayout(NEW, queryClient);
    expect(await screen.findByTestId('sandbox-tag')).toHaveTextContent('Sandbox');
  });

  it('shows no Sandbox tag with the real platforms', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(publicConfigQuery().queryKey, NO_SSO_CONFIG);
    renderLayout(NEW, queryClient);
    await screen.findByTestId('page');
    expect(screen.queryByTestId('sandbox-tag')).not.toBeInTheDocument();
  });

  describe('Operation manual', () => {
    const openManual = async (name: string) => {
      const open = vi.spyOn(window, 'open').mockReturnValue(null);
      await userEvent.click(await screen.findByTestId('navbar-user'));
      await userEvent.click(await screen.findByRole('menuitem', { name }));
      return open;
    };
    afterEach(() => changeLanguage('en'));

    it("opens the manual's PDF in the reader's language (spec §2)", async () => {
      await changeLanguage('ja');
      renderLayout();
      const open = await openManual('操作マニュアル');
      expect(open).toHaveBeenCalledWith('/manual/ja.pdf', '_blank', 'noopener');
    });

    it('opens OPERATION_MANUAL_URL instead when the server names one', async () => {
      const configured = {
        ...NO_SSO_CONFIG,
        operationManualUrl: 'https://intranet.example/manual-{lang}.pdf',
      };
      const queryClient = createQueryClient();
      queryClient.setQueryData(publicConfigQuery().queryKey, configured);
      await changeLanguage('es');
      renderLayout(NEW, queryClient);
      const open = await openManual('Manual de uso');
      expect(open).toHaveBeenCalledWith('https://intranet.example/manual-es.pdf', '_blank', 'noopener');
    });
  });
});

describe('simple edition (spec §2)', () => {
  it('switches to the simple edition on the matching tab and back', async () => {
    const router = renderLayout(HISTORY);
    await userEvent.click(await screen.findByTestId('edition-switch'));
    const layout = await screen.findByTestId('app-layout');
    expect(layout).toHaveClass('simple');
    expect(localStorage.getItem('postdeck-edition')).toBe('simple');
    expect(router.state.location.pathname).toBe(HISTORY);
    expect(screen.getByTestId('simple-header')).toHaveTextContent('Scheduled publishing');
    expect(screen.getByRole('menuitem', { name: 'Publish list' })).toHaveClass('ant-menu-item-selected');
    await userEvent.click(screen.getByText('switch to full edition'));
    expect(await screen.findByTestId('app-layout')).toHaveClass('complex');
  });

  it('reloads the page of the tab already open, as the side menu does', async () => {
    const router = renderLayout(HISTORY);
    await userEvent.click(await screen.findByTestId('edition-switch'));
    const before = mounts;
    await userEvent.click(screen.getByRole('menuitem', { name: 'Publish list' }));
    await waitFor(() => expect(mounts).toBeGreaterThan(before));
    expect(router.state.location.pathname).toBe(HISTORY);
  });

  it('lands on department content when the page is not one of the tabs', async () => {
    const router = renderLayout('/');
    await userEvent.click(await screen.findByTestId('edition-switch'));
    await waitFor(() => expect(router.state.location.pathname).toBe(DEP));
  });
});
