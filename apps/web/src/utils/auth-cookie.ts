import type { TokenPair } from '@postdeck/contract/auth';
import { COOKIE } from '@postdeck/contract/constants';
import Cookies from 'js-cookie';

/**
 * What cookie HY-JWT holds (spec §3): the two tokens and the access token's absolute expiry
 * time in milliseconds, so the client can refresh before sending an expired token.
 */
export type StoredAuth = Pick<TokenPair, 'accessToken' | 'refreshToken'> & { expireIn: number };

const isStoredAuth = (value: unknown): value is StoredAuth =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as StoredAuth).accessToken === 'string' &&
  typeof (value as StoredAuth).refreshToken === 'string' &&
  typeof (value as StoredAuth).expireIn === 'number';

export function readAuth(): StoredAuth | undefined {
  const raw = Cookies.get(COOKIE.jwt);
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isStoredAuth(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Stores a fresh token pair. The cookie lives as long as the refresh token, not the access
 * token, so an expired access token can still be refreshed.
 */
export function saveAuth(pair: TokenPair, now: number = Date.now()): StoredAuth {
  const stored: StoredAuth = {
    accessToken: pair.accessToken,
    refreshToken: pair.refreshToken,
    expireIn: now + pair.expireIn * 1000,
  };
  Cookies.set(COOKIE.jwt, JSON.stringify(stored), {
    expires: new Date(now + pair.refreshExpireIn * 1000),
    path: '/',
    sameSite: 'lax',
    secure: typeof location !== 'undefined' && location.protocol === 'https:',
  });
  return stored;
}

export function clearAuth(): void {
  Cookies.remove(COOKIE.jwt, { path: '/' });
}

export const hasAuth = (): boolean => readAuth() !== undefined;

export const isAccessExpired = (auth: StoredAuth, now: number = Date.now()): boolean => now >= auth.expireIn;
