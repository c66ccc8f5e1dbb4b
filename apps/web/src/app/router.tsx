import { DEFAULT_LANDING } from '@postdeck/contract/constants';
import type { MenuItem } from '@postdeck/contract/menu';
import { type DataRouter, type RouteObject, createBrowserRouter, redirect } from 'react-router';
import { TopProgressBar } from '../components/top-progress-bar';
import { currentLanguage, loadLanguage } from '../i18n/i18n';
import { prepareUiLocales } from '../i18n/ui-locales';
import { MenuRedirectPage, RedirectPage } from '../layout/redirect-page';
import { useUserStore } from '../stores/user-store';
import { createGuard } from './guard';
import { menuRoutes } from './menu-routes';
import { RootShell } from './root-shell';
import { RouteError } from './route-error';
import { FIXED_PAGES, pageDataPrefetch, pageLoader } from './page-registry';
import type { RouteHandle } from './route-handle';

/** The pathless layout route the menu routes are patched into. */
export const LAYOUT_ROUTE_ID = 'layout';
/** The pathless route that brings antd's providers to the pages under it. */
const ANTD_ROUTE_ID = 'antd';

const title = (key: string): RouteHandle => ({ title: key });

/** antd's route: its providers with the language's other texts and antd's and dayjs's locales. */
async function loadAntdRoute() {
  const [{ AntdOutlet }] = await Promise.all([
    import('./antd-outlet'),
    prepareUiLocales(currentLanguage()),
    loadLanguage(currentLanguage()),
  ]);
  return { Component: AntdOutlet };
}

const loadLayoutRoute = () =>
  import('./layout-with-messages').then((m) => ({ element: <m.LayoutWithMessages /> }));

/**
 * With a session, the shell and the page at `path` come next: their chunks and the page's first
 * data load while the guard checks the session and loads the menu, instead of after.
 */
export const prefetchShell = (path: string, search = ''): Promise<unknown> => {
  const page = path === '/' ? DEFAULT_LANDING : path;
  // The data's few modules first: the browser fetches in the order asked, six at a time.
  return Promise.all([
    pageDataPrefetch(page)?.(new URLSearchParams(search)),
    loadAntdRoute(),
    loadLayoutRoute(),
    pageLoader(page)?.(),
  ]);
};

/**
 * How routes are built (checklist AM-3, PG-2):
 * - The router starts with the static routes only. Its root route runs the navigation guard
 *   as middleware, which runs on every navigation before any loader.
 * - Once signed in, the guard loads user info and the menu, then patches one lazy route per
 *   menu page into the layout route (router.patchRoutes) and navigates to the same address
 *   again so it matches the new routes.
 * - The root `*` route exists from the start: an address of a menu page the guard has not
 *   loaded yet must still match something, or no middleware would run. Route ranking makes it
 *   the last resort once the menu routes exist; it then sends unknown paths to /404.
 * - Ending the session replaces the whole router (router-host.ts), so the next user starts
 *   again from these static routes.
 */
export function appRoutes(installMenu: (menu: MenuItem[]) => void): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootShell,
      HydrateFallback: TopProgressBar,
      ErrorBoundary: RouteError,
      middleware: [createGuard(installMenu)],
      children: [
        {
          path: '/login',
          lazy: () => import('../features/auth/pages/login-page').then((m) => ({ Component: m.LoginPage })),
          handle: title('login'),
        },
        {
          // Every other page uses antd; /login paints without it (issue 11).
          id: ANTD_ROUTE_ID,
          lazy: loadAntdRoute,
          children: [
            {
              path: '/auth-redirect',
              lazy: () =>
                import('../features/auth/pages/auth-redirect-page').then((m) => ({
                  Component: m.AuthRedirectPage,
                })),
              handle: title('authRedirect'),
            },
            {
              path: '/404',
              lazy: () => import('../pages/error-page').then((m) => ({ Component: m.NotFoundPage })),
              handle: title('page404'),
            },
            {
              path: '/401',
              lazy: () => import('../pages/error-page').then((m) => ({ Component: m.UnauthorizedPage })),
              handle: title('page401'),
            },
            {
              id: LAYOUT_ROUTE_ID,
              lazy: loadLayoutRoute,
              ErrorBoundary: RouteError,
              children: [
                { index: true, loader: () => redirect(DEFAULT_LANDING), handle: title('dashboard') },
                { path: '/redirect/*', Component: RedirectPage },
                { path: '/menuRedirect', Component: MenuRedirectPage },
                ...FIXED_PAGES.map(({ url, title: key }) => ({
                  path: url,
                  lazy: pageLoader(url),
                  handle: title(key),
                })),
              ],
            },
          ],
        },
        { path: '*', loader: () => redirect('/404') },
      ],
    },
  ];
}

export type RouterFactory = (routes: RouteObject[]) => DataRouter;

export function createAppRouter(create: RouterFactory = createBrowserRouter): DataRouter {
  const install = (menu: readonly MenuItem[]) => router.patchRoutes(LAYOUT_ROUTE_ID, menuRoutes(menu));
  const router: DataRouter = create(appRoutes(install));
  // A menu reloaded mid-session (the menu editor saved) may bring pages at new addresses;
  // patchRoutes leaves the routes already there alone.
  const unsubscribe = useUserStore.subscribe((state, previous) => {
    if (state.loaded && state.menu !== previous.menu) install(state.menu);
  });
  const dispose = router.dispose.bind(router);
  router.dispose = () => {
    unsubscribe();
    dispose();
  };
  return router;
}
