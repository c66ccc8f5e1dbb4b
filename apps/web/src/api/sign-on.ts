import type { PublicConfig } from '@postdeck/contract/auth';

/** Used until (or when) GET /public/config cannot be read: no single sign-on, local login. */
export const NO_SSO: PublicConfig = {
  ssoLoginUrl: null,
  ssoLogoutUrl: null,
  oidc: false,
  systemId: '',
  version: '',
  sandbox: false,
};

/** `address` with `query` added, after `?` or, when it already has a query, `&`. */
const withQuery = (address: string, query: string) => {
  const [base = '', hash] = address.split(/#(.*)/s);
  const joined = `${base}${base.includes('?') ? (/[?&]$/.test(base) ? '' : '&') : '?'}${query}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
};

/** The sign-on service's return address and system identifier (spec §7 Logout). */
const serviceQuery = (config: PublicConfig, origin: string) =>
  `service=${encodeURIComponent(`${origin}/login`)}&systemId=${encodeURIComponent(config.systemId)}`;

/**
 * Where 'sign-on logout' goes: the SSO logout page with a way back, or the local login page.
 * With OpenID Connect it is Postdeck's own route, which knows the provider's end-session address.
 */
export function ssoLogoutAddress(config: PublicConfig, origin: string): string {
  if (!config.ssoLogoutUrl) return '/login';
  if (config.oidc) return config.ssoLogoutUrl;
  return withQuery(config.ssoLogoutUrl, serviceQuery(config, origin));
}

/**
 * Where 'sign-on login' goes: the SSO login page, or the local login page coming back here.
 * With OpenID Connect, Postdeck's own route, which comes back to this page after signing in.
 */
export function ssoLoginAddress(config: PublicConfig, origin: string, fullPath: string): string {
  if (!config.ssoLoginUrl) return loginRedirect(fullPath);
  if (config.oidc) return oidcLoginAddress(config.ssoLoginUrl, fullPath);
  return withQuery(config.ssoLoginUrl, serviceQuery(config, origin));
}

/** The OIDC login route returning to `fullPath` ('/' needs no mention). */
export const oidcLoginAddress = (loginUrl: string, fullPath: string): string =>
  fullPath && fullPath !== '/' ? withQuery(loginUrl, `redirect=${encodeURIComponent(fullPath)}`) : loginUrl;

/** The login page that returns to `fullPath` (path and query) after signing in (checklist PG-3). */
export const loginRedirect = (fullPath: string): string => `/login?redirect=${encodeURIComponent(fullPath)}`;
