import { describe, expect, it } from 'vitest';
import { NO_SSO, loginRedirect, ssoLoginAddress, ssoLogoutAddress } from './sign-on';

const SSO = {
  ssoLoginUrl: 'https://sso.example.com/cas/login',
  ssoLogoutUrl: 'https://sso.example.com/cas/logout',
  systemId: 'postdeck',
  version: '1.0.0',
};
const ORIGIN = 'https://console.example.com';
const SERVICE = encodeURIComponent('https://console.example.com/login');

describe('sign-on addresses', () => {
  it('use the local login page when single sign-on is not configured', () => {
    expect(ssoLogoutAddress(NO_SSO, ORIGIN)).toBe('/login');
    expect(ssoLoginAddress(NO_SSO, ORIGIN, '/api/x?a=1&b=2')).toBe(
      '/login?redirect=%2Fapi%2Fx%3Fa%3D1%26b%3D2',
    );
  });

  it('point at the SSO server with the return address and system id', () => {
    expect(ssoLogoutAddress(SSO, ORIGIN)).toBe(
      `https://sso.example.com/cas/logout?service=${SERVICE}&systemId=postdeck`,
    );
    expect(ssoLoginAddress(SSO, ORIGIN, '/api/x')).toBe(
      `https://sso.example.com/cas/login?service=${SERVICE}&systemId=postdeck`,
    );
  });

  it('keeps the whole path and query in the login redirect', () => {
    expect(loginRedirect('/api/content/publish/pubHistory?pageSize=10&queryType=1')).toBe(
      '/login?redirect=%2Fapi%2Fcontent%2Fpublish%2FpubHistory%3FpageSize%3D10%26queryType%3D1',
    );
  });
});
