import type { TokenPair } from '@postdeck/contract/auth';
import { OIDC_QUERY } from '@postdeck/contract/constants';
import { request } from '../../api/client';

/**
 * OpenID Connect sign-on on the login page: the server's callback sends the browser back to
 * `/login?sso=<one-time code>` (or `?ssoError=<catalogue code>`), keeping `redirect`.
 */
export interface SsoQuery {
  /** The one-time code to trade for the session, if any. */
  code: string | null;
  /** Why single sign-on failed: a code of the error catalogue. */
  errorCode: number | null;
  /** The login page's query without the two, for the usual redirect handling. */
  search: string;
}

export function readSsoQuery(search: string): SsoQuery {
  const params = new URLSearchParams(search);
  const code = params.get(OIDC_QUERY.code) || null;
  const error = params.get(OIDC_QUERY.error);
  const errorCode = error && /^\d{1,9}$/.test(error) ? Number(error) : error ? 0 : null;
  // Kept as written (not re-encoded), like loginTarget keeps the rest of the query.
  const rest = search
    .replace(/^\?/, '')
    .split('&')
    .filter((pair) => {
      const key = pair.split('=', 1)[0];
      return pair !== '' && key !== OIDC_QUERY.code && key !== OIDC_QUERY.error;
    });
  return { code, errorCode, search: rest.length > 0 ? `?${rest.join('&')}` : '' };
}

const redemptions = new Map<string, Promise<TokenPair>>();

/**
 * Trades the one-time code, once per page load whoever asks: a second trade of the same code
 * is refused by the server and ends the session (React's development double effects, a
 * remount), so every caller shares the first answer.
 */
export function redeemSsoCode(code: string): Promise<TokenPair> {
  let redemption = redemptions.get(code);
  if (!redemption) {
    redemption = request('oidcExchange', { body: { code }, inlineErrors: true });
    redemptions.set(code, redemption);
  }
  return redemption;
}
