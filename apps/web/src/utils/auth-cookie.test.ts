import { COOKIE } from '@postdeck/contract/constants';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAuth, isAccessExpired, readAuth, saveAuth } from './auth-cookie';

afterEach(() => {
  clearAuth();
  vi.restoreAllMocks();
});

describe('auth cookie', () => {
  const pair = { accessToken: 'a', refreshToken: 'r', expireIn: 7200, refreshExpireIn: 604800 };

  it('stores the absolute access expiry and lives as long as the refresh token', () => {
    const set = vi.spyOn(Cookies, 'set');
    const now = 1_800_000_000_000;

    const stored = saveAuth(pair, now);

    expect(stored).toEqual({ accessToken: 'a', refreshToken: 'r', expireIn: now + 7_200_000 });
    expect(readAuth()).toEqual(stored);
    expect(set).toHaveBeenCalledWith(COOKIE.jwt, JSON.stringify(stored), {
      expires: new Date(now + 604_800_000),
      path: '/',
      sameSite: 'lax',
      secure: false,
    });
    expect(isAccessExpired(stored, now + 7_199_999)).toBe(false);
    expect(isAccessExpired(stored, now + 7_200_000)).toBe(true);
  });

  it('reads nothing from a missing or damaged cookie', () => {
    expect(readAuth()).toBeUndefined();
    Cookies.set(COOKIE.jwt, '{not json', { path: '/' });
    expect(readAuth()).toBeUndefined();
    Cookies.set(COOKIE.jwt, JSON.stringify({ accessToken: 'a' }), { path: '/' });
    expect(readAuth()).toBeUndefined();
  });
});
