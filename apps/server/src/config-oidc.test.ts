import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const BASE = { DATA_DIR: '/nonexistent-postdeck-test' };
const OIDC = {
  PUBLIC_URL: 'https://console.example.com',
  OIDC_ISSUER: 'https://id.example.com/realms/staff',
  OIDC_CLIENT_ID: 'postdeck',
  OIDC_CLIENT_SECRET: 'client-secret',
};
const load = (env: Record<string, string>) => loadConfig({ ...BASE, ...env });

describe('OpenID Connect settings', () => {
  it('are off unless OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set; empty counts as unset', () => {
    expect(load({}).oidc).toBeUndefined();
    expect(
      load({ OIDC_ISSUER: '', OIDC_CLIENT_ID: '', OIDC_CLIENT_SECRET: '', PUBLIC_URL: '' }).oidc,
    ).toBeUndefined();
  });

  it('build the redirect addresses from PUBLIC_URL and default the rest', () => {
    expect(load({ ...OIDC, PUBLIC_URL: 'https://console.example.com/' }).oidc).toEqual({
      publicUrl: 'https://console.example.com',
      issuer: 'https://id.example.com/realms/staff',
      clientId: 'postdeck',
      clientSecret: 'client-secret',
      redirectUri: 'https://console.example.com/prod-api/auth/oidc/callback',
      postLogoutRedirectUri: 'https://console.example.com/login',
      scopes: 'openid profile email',
      accountClaim: 'preferred_username',
      defaultDepartment: undefined,
      defaultRole: 'viewer',
      provision: true,
      secureCookies: true,
    });
  });

  it('take the optional settings', () => {
    const oidc = load({
      ...OIDC,
      PUBLIC_URL: 'http://127.0.0.1:8080',
      OIDC_ISSUER: 'http://localhost:9000',
      OIDC_REDIRECT_URI: 'https://edge.example.com/prod-api/auth/oidc/callback',
      OIDC_SCOPES: ' openid   profile ',
      OIDC_ACCOUNT_CLAIM: 'sAMAccountName',
      OIDC_DEFAULT_DEPARTMENT: 'Newsroom',
      OIDC_DEFAULT_ROLE: 'editor',
      OIDC_PROVISION: 'false',
    }).oidc;
    expect(oidc).toMatchObject({
      issuer: 'http://localhost:9000',
      redirectUri: 'https://edge.example.com/prod-api/auth/oidc/callback',
      postLogoutRedirectUri: 'http://127.0.0.1:8080/login',
      scopes: 'openid profile',
      accountClaim: 'sAMAccountName',
      defaultDepartment: 'Newsroom',
      defaultRole: 'editor',
      provision: false,
      secureCookies: false,
    });
  });

  it.each([
    [
      { OIDC_ISSUER: OIDC.OIDC_ISSUER },
      /OIDC_CLIENT_ID: required with OIDC_ISSUER[^\n]*\n\s+OIDC_CLIENT_SECRET/,
    ],
    [
      { OIDC_CLIENT_ID: 'x', OIDC_CLIENT_SECRET: 'y' },
      /OIDC_ISSUER: required with OIDC_CLIENT_ID and OIDC_CLIENT_SECRET/,
    ],
    [{ ...OIDC, PUBLIC_URL: '' }, /PUBLIC_URL: required with OIDC_ISSUER/],
    [{ ...OIDC, PUBLIC_URL: 'https://example.com/console' }, /PUBLIC_URL: must be an http\(s\) origin/],
    [{ ...OIDC, OIDC_ISSUER: 'http://id.example.com' }, /OIDC_ISSUER: must be an https address/],
    [{ ...OIDC, OIDC_SCOPES: 'profile email' }, /OIDC_SCOPES: must include 'openid'/],
    [{ ...OIDC, SSO_LOGIN_URL: 'https://cas.example.com/login' }, /SSO_LOGIN_URL: not used with OIDC_ISSUER/],
    [
      { ...OIDC, OIDC_REDIRECT_URI: 'ftp://example.com/cb' },
      /OIDC_REDIRECT_URI: must be an http\(s\) address/,
    ],
    [{ ...OIDC, OIDC_ISSUER: 'not a url' }, /OIDC_ISSUER: /],
    [{ ...OIDC, OIDC_PROVISION: 'maybe' }, /OIDC_PROVISION: /],
  ])('refuse an incomplete or unsafe setting (%o)', (env, message) => {
    expect(() => load(env)).toThrow(/^Invalid configuration:/);
    expect(() => load(env)).toThrow(message);
  });
});
