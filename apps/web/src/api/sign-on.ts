import type { PublicConfig } from '@postdeck/contract/auth';

/** Used until (or when) GET /public/config cannot be read: no single sign-on, local login. */
export const NO_SSO: PublicConfig = { ssoLoginUrl: null, ssoLogoutUrl: null, systemId: '', version: '' };

const service = (origin: string) => encodeURIComponent(`${origin}/login`);

/** Where 'sign-on logout' goes: the SSO logout page with a way back, or the local login page. */
export function ssoLogoutAddress(config: PublicConfig, origin: string): string {
  if (!config.ssoLogoutUrl) return '/login';
  return `${config.ssoLogoutUrl}?service=${service(origin)}&systemId=${encodeURIComponent(config.systemId)}`;
}

/** Where 'sign-on login' goes: the SSO login page, or the local login page coming back here. */
export function ssoLoginAddress(config: PublicConfig, origin: string, fullPath: string): string {
  if (!config.ssoLoginUrl) return loginRedirect(fullPath);
  return `${config.ssoLoginUrl}?service=${service(origin)}&systemId=${encodeURIComponent(config.systemId)}`;
}

/** The login page that returns to `fullPath` (path and query) after signing in (checklist PG-3). */
export const loginRedirect = (fullPath: string): string => `/login?redirect=${encodeURIComponent(fullPath)}`;
