import type { UserInfo } from '@postdeck/contract/auth';
import type { MenuItem } from '@postdeck/contract/menu';
import { PAGES } from '@postdeck/contract/pages';
import { type MiddlewareFunction, redirect, replace } from 'react-router';
import { isApiError } from '../api/api-error';
import { apiClient, request } from '../api/client';
import { loginRedirect } from '../api/sign-on';
import { i18n } from '../i18n/i18n';
import { useUserStore } from '../stores/user-store';
import { hasAuth } from '../utils/auth-cookie';
import { resetToken } from './session';

/** Paths open without a session (checklist PG-3). */
const OPEN_PATHS = new Set(['/login', '/auth-redirect']);

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Signed in but info and menu not loaded yet: load them, add the routes, navigate again. */
  | { kind: 'load' };

export interface GuardInput {
  pathname: string;
  /** Path and query of the target, kept whole in the login redirect. */
  fullPath: string;
  signedIn: boolean;
  loaded: boolean;
  /** The password was set by an administrator; only the password page is open until changed. */
  mustChangePassword?: boolean;
}

/** Checklist PG-2 and PG-3, without side effects. */
export function decideNavigation({
  pathname,
  fullPath,
  signedIn,
  loaded,
  mustChangePassword = false,
}: GuardInput): GuardDecision {
  if (!signedIn) {
    return OPEN_PATHS.has(pathname) ? { kind: 'allow' } : { kind: 'redirect', to: loginRedirect(fullPath) };
  }
  if (pathname === '/login') return { kind: 'redirect', to: '/' };
  if (loaded && mustChangePassword && pathname !== PAGES.changePassword) {
    return { kind: 'redirect', to: PAGES.changePassword };
  }
  // The sign-on return only passes the browser on; the page it leads to loads the session.
  if (pathname === '/auth-redirect' || loaded) return { kind: 'allow' };
  return { kind: 'load' };
}

// Both at once; an expired token is refreshed once for the two of them. The client still
// takes session actions (the re-login box, sign-on redirects); the guard shows the rest.
const sessionRequests = () =>
  Promise.allSettled([request('info', { inlineErrors: true }), request('dashboard', { inlineErrors: true })]);

let early: ReturnType<typeof sessionRequests> | undefined;

/**
 * Sends the session's two requests as the app starts, before the page's chunks queue for the
 * browser's few connections (issue 11); the guard's first loadSession takes their answers.
 */
export function requestSessionEarly(): void {
  early ??= sessionRequests();
}

/** Checklist PG-4 plus the menu: user info and the menu tree, or an Error with the text to show. */
export async function loadSession(): Promise<{ info: UserInfo; menu: MenuItem[] }> {
  const pending = early ?? sessionRequests();
  early = undefined;
  const [info, dashboard] = await pending;
  if (info.status === 'rejected') throw info.reason;
  if (!info.value) throw new Error(i18n.t('guard.verificationFailed'));
  if (!Array.isArray(info.value.roles) || info.value.roles.length === 0) {
    throw new Error(i18n.t('guard.rolesRequired'));
  }
  if (dashboard.status === 'rejected' || !Array.isArray(dashboard.value?.menuList)) {
    throw new Error(i18n.t('guard.menuLoadError'));
  }
  return { info: info.value, menu: dashboard.value.menuList };
}

const messageOf = (error: unknown): string =>
  (error instanceof Error && error.message) || i18n.t('guard.unknownError');

/** The client already acted on it (re-login box, sign-on redirect): showing it again is noise. */
const alreadyShown = (error: unknown) => isApiError(error) && error.handled;

/**
 * The navigation guard, as middleware of the root route: unlike a loader it runs on every
 * navigation, and before any child loader, so a redirect here always wins.
 */
export function createGuard(installMenu: (menu: MenuItem[]) => void): MiddlewareFunction {
  return async ({ request: navigation }) => {
    const url = new URL(navigation.url);
    const fullPath = url.pathname + url.search;
    const decision = decideNavigation({
      pathname: url.pathname,
      fullPath,
      signedIn: hasAuth(),
      loaded: useUserStore.getState().loaded,
      mustChangePassword: useUserStore.getState().info?.mustChangePassword ?? false,
    });
    if (decision.kind === 'allow') return;
    if (decision.kind === 'redirect') throw redirect(decision.to);

    try {
      const { info, menu } = await loadSession();
      useUserStore.getState().setSession(info, menu);
      installMenu(menu);
    } catch (error) {
      resetToken();
      if (!alreadyShown(error)) apiClient.notify(messageOf(error));
      throw redirect(loginRedirect(fullPath));
    }
    // Match the same address again, now against the menu routes (the template's next({...to})).
    throw replace(fullPath);
  };
}
