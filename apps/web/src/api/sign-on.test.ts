import { describe, expect, it } from 'vitest';
import { NO_SSO, loginRedirect, oidcLoginAddress, ssoLoginAddress, ssoLogoutAddress } from './sign-on';

const SSO = {
  ssoLoginUrl: 'https://sso.example.com/cas/login',
  ssoLogoutUrl: 'https://sso.example.com/cas/logout',
  oidc: false,
  systemId: 'postdeck',
  version: '1.0.0',
  sandbox: false,
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

  it('add the return address to an SSO address that already has a query (or a fragment)', () => {
    const config = {
      ...SSO,
      ssoLoginUrl: 'https://sso.example.com/cas/login?tenant=media',
      ssoLogoutUrl: 'https://sso.example.com/cas/logout?#/bye',
    };
    expect(ssoLoginAddress(config, ORIGIN, '/api/x')).toBe(
      `https://sso.example.com/cas/login?tenant=media&service=${SERVICE}&systemId=postdeck`,
    );
    expect(ssoLogoutAddress(config, ORIGIN)).toBe(
      `https://sso.example.com/cas/logout?service=${SERVICE}&systemId=postdeck#/bye`,
    );
  });

  it("with OpenID Connect, use Postdeck's own routes: login comes back to the page, logout as given", () => {
    const OIDC = {
      ...SSO,
      oidc: true,
      ssoLoginUrl: 'https://console.example.com/prod-api/auth/oidc/login',
      ssoLogoutUrl: 'https://console.example.com/prod-api/auth/oidc/logout',
    };
    expect(ssoLoginAddress(OIDC, ORIGIN, '/api/x?a=1&b=2')).toBe(
      'https://console.example.com/prod-api/auth/oidc/login?redirect=%2Fapi%2Fx%3Fa%3D1%26b%3D2',
    );
    expect(ssoLoginAddress(OIDC, ORIGIN, '/')).toBe('https://console.example.com/prod-api/auth/oidc/login');
    expect(ssoLogoutAddress(OIDC, ORIGIN)).toBe('https://console.example.com/prod-api/auth/oidc/logout');
    expect(oidcLoginAddress('/sso?x=1', '/p')).toBe('/sso?x=1&redirect=%2Fp');
  });

  it('keeps the whole path and query in the login redirect', () => {
    expect(loginRedirect('/api/content/publish/pubHistory?pageSize=10&queryType=1')).toBe(
      '/login?redirect=%2Fapi%2Fcontent%2Fpublish%2FpubHistory%3FpageSize%3D10%26queryType%3D1',
    );
  });
});
