import { DEFAULT_LANDING } from '@postdeck/contract/constants';
import type { MenuItem } from '@postdeck/contract/menu';
import { PAGES } from '@postdeck/contract/pages';
import { type DataRouter, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../api/client';
import { useUserStore } from '../stores/user-store';
import { NO_SSO_CONFIG, USER_INFO, envelope, mockFetch, tokenPair } from '../test/fetch-mock';
import { clearAuth, readAuth, saveAuth } from '../utils/auth-cookie';
import { decideNavigation } from './guard';
import { createAppRouter } from './router';

const page = (menu_id: number, menu_name: string, url: string): MenuItem => ({
  menu_id,
  menu_name,
  titles: {},
  url,
  icon: '',
  hidden: false,
  alwaysShow: false,
  sort: menu_id,
  children: [],
});

const MENU: MenuItem[] = [
  {
    ...page(1, 'contentManagement', '#'),
    children: [
      page(2, 'departmentContent', PAGES.departmentContent),
      page(3, 'publishList', PAGES.publishList),
    ],
  },
];

describe('decideNavigation', () => {
  const fullPath = '/api/content/publish/pubHistory?pageSize=10&queryType=1';
  const pathname = '/api/content/publish/pubHistory';

  it('sends visitors without a session to login with the whole path and query', () => {
    expect(decideNavigation({ pathname, fullPath, signedIn: false, loaded: false })).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fapi%2Fcontent%2Fpublish%2FpubHistory%3FpageSize%3D10%26queryType%3D1',
    });
  });

  it('lets visitors without a session reach login and auth-redirect', () => {
    for (const open of ['/login', '/auth-redirect']) {
      expect(decideNavigation({ pathname: open, fullPath: open, signedIn: false, loaded: false })).toEqual({
        kind: 'allow',
      });
    }
  });

  it('sends signed-in users away from login, loads their session once, then lets them pass', () => {
    expect(
      decideNavigation({ pathname: '/login', fullPath: '/login?redirect=/x', signedIn: true, loaded: true }),
    ).toEqual({
      kind: 'redirect',
      to: '/',
    });
    expect(decideNavigation({ pathname, fullPath, signedIn: true, loaded: false })).toEqual({ kind: 'load' });
    expect(decideNavigation({ pathname, fullPath, signedIn: true, loaded: true })).toEqual({ kind: 'allow' });
  });

  it('keeps a user whose password an administrator set on the password page until they change it', () => {
    const state = { signedIn: true, loaded: true, mustChangePassword: true };
    expect(decideNavigation({ pathname, fullPath, ...state })).toEqual({
      kind: 'redirect',
      to: '/api/me/changePass',
    });
    const own = '/api/me/changePass';
    expect(decideNavigation({ pathname: own, fullPath: own, ...state })).toEqual({ kind: 'allow' });
  });
});

describe('navigation guard in the router', () => {
  const effects = { error: vi.fn(), confirm: vi.fn(), signOut: vi.fn() };
  let router: DataRouter | undefined;

  const start = async (path: string) => {
    router = createAppRouter((routes) => createMemoryRouter(routes, { initialEntries: [path] }));
    await vi.waitFor(
      () => {
        expect(router?.state.initialized).toBe(true);
        expect(router?.state.navigation.state).toBe('idle');
      },
      { timeout: 10_000 },
    ); // the first lazy page import transforms antd
    return router;
  };
  const here = (r: DataRouter) => r.state.location.pathname + r.state.location.search;

  beforeEach(() => {
    clearAuth();
    useUserStore.getState().reset();
    vi.clearAllMocks();
    apiClient.setEffects(effects);
  });

  afterEach(() => {
    router?.dispose();
    vi.unstubAllGlobals();
  });

  const serve = (answers: { info?: Response; dashboard?: Response } = {}) =>
    mockFetch(({ url }) => {
      if (url.pathname.endsWith('/control/user/info')) return answers.info ?? envelope(USER_INFO);
      if (url.pathname.endsWith('/control/user/dashboard')) {
        return answers.dashboard ?? envelope({ menuList: MENU });
      }
      if (url.pathname.endsWith('/public/config')) return envelope(NO_SSO_CONFIG);
      throw new Error(`unexpected ${url.pathname}`);
    });

  it('keeps the query when it sends a visitor to login', async () => {
    const r = await start('/api/content/publish/pubHistory?pageSize=10&time=5');
    expect(here(r)).toBe(
      `/login?redirect=${encodeURIComponent('/api/content/publish/pubHistory?pageSize=10&time=5')}`,
    );
  });

  it('adds the routes of a menu reloaded mid-session (the menu editor saved)', async () => {
    saveAuth(tokenPair('a'));
    serve();
    const r = await start(PAGES.publishList);
    const { info, menu, setSession } = useUserStore.getState();
    setSession(info as NonNullable<typeof info>, [...menu, page(99, 'roles', PAGES.roles)]);
    await r.navigate(PAGES.roles);
    await vi.waitFor(() => expect(r.state.matches.at(-1)?.route.id).toBe(`menu:${PAGES.roles}`), {
      timeout: 10_000,
    });
  });

  it('loads info and menu, adds the menu routes and lands on the requested page', async () => {
    saveAuth(tokenPair('a'));
    serve();
    const r = await start(`${PAGES.publishList}?pageSize=10`);

    expect(here(r)).toBe(`${PAGES.publishList}?pageSize=10`);
    expect(r.state.matches.at(-1)?.route.id).toBe(`menu:${PAGES.publishList}`);
    expect(useUserStore.getState()).toMatchObject({ loaded: true, info: USER_INFO, menu: MENU });
  });

  it('sends / to the default landing page and unknown paths to /404 once signed in', async () => {
    saveAuth(tokenPair('a'));
    serve();
    const r = await start('/login');
    expect(here(r)).toBe(DEFAULT_LANDING);

    await r.navigate('/no/such/page');
    expect(here(r)).toBe('/404');
  });

  it('refuses a user without roles and goes back to login', async () => {
    saveAuth(tokenPair('a'));
    serve({ info: envelope({ ...USER_INFO, roles: [] }) });
    const r = await start(PAGES.publishList);

    expect(here(r)).toBe(`/login?redirect=${encodeURIComponent(PAGES.publishList)}`);
    expect(effects.error).toHaveBeenCalledWith('getInfo: roles must be a non-null array!');
    expect(readAuth()).toBeUndefined();
    expect(useUserStore.getState().loaded).toBe(false);
  });

  it('reports a failed menu load', async () => {
    saveAuth(tokenPair('a'));
    serve({ dashboard: envelope(null, { status: 500, code: 500, msg: 'Internal error' }) });
    const r = await start(PAGES.departmentContent);

    expect(here(r)).toBe(`/login?redirect=${encodeURIComponent(PAGES.departmentContent)}`);
    expect(effects.error).toHaveBeenCalledTimes(1);
    expect(effects.error).toHaveBeenCalledWith('menu data loading error');
    expect(effects.signOut).not.toHaveBeenCalled();
  });

  it('shows the server message when user info fails', async () => {
    saveAuth(tokenPair('a'));
    serve({ info: envelope(null, { status: 500, code: 500, msg: 'Internal error (request r9)' }) });
    const r = await start(PAGES.departmentContent);

    expect(here(r)).toBe(`/login?redirect=${encodeURIComponent(PAGES.departmentContent)}`);
    expect(effects.error).toHaveBeenCalledTimes(1);
    expect(effects.error).toHaveBeenCalledWith('Internal error (request r9)');
    expect(effects.signOut).not.toHaveBeenCalled();
  });

  it('leaves a refused refresh to the re-login box and goes to login', async () => {
    saveAuth(tokenPair('a'), Date.now() - 7_300_000);
    mockFetch(({ url }) => {
      if (url.pathname.endsWith('/refreshToken')) {
        return envelope(null, { status: 401, code: 101202, msg: 'This session was used elsewhere' });
      }
      if (url.pathname.endsWith('/public/config')) return envelope(NO_SSO_CONFIG);
      throw new Error(`unexpected ${url.pathname}`);
    });
    const r = await start(PAGES.departmentContent);

    expect(here(r)).toBe(`/login?redirect=${encodeURIComponent(PAGES.departmentContent)}`);
    expect(effects.confirm).toHaveBeenCalledTimes(1);
    expect(effects.confirm.mock.calls[0]?.[0]).toMatchObject({ title: 'confirm logout', okText: 're-login' });
    expect(effects.error).not.toHaveBeenCalled();
  });
});
