import { API_BASE } from '@postdeck/contract/constants';
import { endpoints } from '@postdeck/contract/endpoints';
import { z } from 'zod';

/**
 * The settings of OpenID Connect single sign-on (issue 5, item 7), read with the rest of the
 * environment by config.ts; kept here because they are checked together. README: 'Single
 * sign-on'.
 */

/** Empty counts as unset. */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema);

export const oidcEnvFields = {
  /**
   * The console's own address as browsers reach it (origin only), e.g.
   * https://console.example.com. Required with OIDC: the provider's redirect addresses are built
   * from it, never from a request's Host header (which a client chooses).
   */
  PUBLIC_URL: unsetIfEmpty(z.string().url().optional()),
  OIDC_ISSUER: unsetIfEmpty(z.string().url().optional()),
  OIDC_CLIENT_ID: unsetIfEmpty(z.string().max(256).optional()),
  OIDC_CLIENT_SECRET: unsetIfEmpty(z.string().max(1024).optional()),
  /** Default PUBLIC_URL + /prod-api/auth/oidc/callback; must be registered at the provider. */
  OIDC_REDIRECT_URI: unsetIfEmpty(z.string().url().optional()),
  OIDC_SCOPES: unsetIfEmpty(z.string().default('openid profile email')),
  /** The claim holding the Postdeck account (spec §5: 4-20 letters, digits, _ or -). */
  OIDC_ACCOUNT_CLAIM: unsetIfEmpty(z.string().default('preferred_username')),
  /** Where provisioned users go: a department id or name; the root department when unset. */
  OIDC_DEFAULT_DEPARTMENT: unsetIfEmpty(z.string().optional()),
  /** The role code provisioned users get. */
  OIDC_DEFAULT_ROLE: unsetIfEmpty(z.string().default('viewer')),
  /** Whether an unknown account is created on its first sign-on (else refused). */
  OIDC_PROVISION: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
};

type OidcEnv = z.output<z.ZodObject<typeof oidcEnvFields>> & {
  SSO_LOGIN_URL?: string | undefined;
  SSO_LOGOUT_URL?: string | undefined;
};

export interface OidcConfig {
  /** PUBLIC_URL: the console's origin, e.g. https://console.example.com. */
  publicUrl: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Where the provider sends the browser back (registered at the provider). */
  redirectUri: string;
  /** Where the provider's end-session page returns to: the console's login page. */
  postLogoutRedirectUri: string;
  scopes: string;
  accountClaim: string;
  /** A department id or name; undefined: the root department. */
  defaultDepartment: string | undefined;
  defaultRole: string;
  provision: boolean;
  /** PUBLIC_URL is https: the sign-on cookie is Secure. */
  secureCookies: boolean;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** An http issuer is accepted on loopback only (tests, a provider on the same machine). */
export const isLoopbackHttp = (url: URL) => url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);

const isHttp = (url: URL) => url.protocol === 'http:' || url.protocol === 'https:';

/** The OIDC settings, or the lines saying what is wrong with them. */
export function readOidcConfig(e: OidcEnv): { config: OidcConfig | undefined; issues: string[] } {
  const issues: string[] = [];
  const trio = {
    OIDC_ISSUER: e.OIDC_ISSUER,
    OIDC_CLIENT_ID: e.OIDC_CLIENT_ID,
    OIDC_CLIENT_SECRET: e.OIDC_CLIENT_SECRET,
  };
  const given = Object.entries(trio).filter(([, value]) => value !== undefined);
  if (given.length === 0) return { config: undefined, issues };
  if (given.length < 3) {
    for (const [name, value] of Object.entries(trio)) {
      if (value === undefined) {
        issues.push(
          `${name}: required with ${given.map(([n]) => n).join(' and ')} (OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together)`,
        );
      }
    }
    return { config: undefined, issues };
  }

  const issuer = new URL(e.OIDC_ISSUER as string);
  if (issuer.protocol !== 'https:' && !isLoopbackHttp(issuer)) {
    issues.push('OIDC_ISSUER: must be an https address (http only on 127.0.0.1, [::1] or localhost)');
  }
  for (const name of ['SSO_LOGIN_URL', 'SSO_LOGOUT_URL'] as const) {
    if (e[name]) issues.push(`${name}: not used with OIDC_ISSUER; configure one kind of single sign-on`);
  }
  if (!e.OIDC_SCOPES.split(/\s+/).includes('openid')) {
    issues.push("OIDC_SCOPES: must include 'openid'");
  }

  let publicOrigin: string | undefined;
  if (!e.PUBLIC_URL) {
    issues.push(
      "PUBLIC_URL: required with OIDC_ISSUER: the console's address as browsers reach it (like https://console.example.com)",
    );
  } else {
    const url = new URL(e.PUBLIC_URL);
    if (!isHttp(url) || url.pathname !== '/' || url.search || url.hash || url.username) {
      issues.push('PUBLIC_URL: must be an http(s) origin without a path, like https://console.example.com');
    } else {
      publicOrigin = url.origin;
    }
  }
  if (e.OIDC_REDIRECT_URI && !isHttp(new URL(e.OIDC_REDIRECT_URI))) {
    issues.push('OIDC_REDIRECT_URI: must be an http(s) address');
  }
  if (issues.length > 0 || !publicOrigin) return { config: undefined, issues };

  return {
    config: {
      publicUrl: publicOrigin,
      issuer: e.OIDC_ISSUER as string,
      clientId: e.OIDC_CLIENT_ID as string,
      clientSecret: e.OIDC_CLIENT_SECRET as string,
      redirectUri: e.OIDC_REDIRECT_URI ?? `${publicOrigin}${API_BASE}${endpoints.oidcCallback.path}`,
      postLogoutRedirectUri: `${publicOrigin}/login`,
      scopes: e.OIDC_SCOPES.split(/\s+/).filter(Boolean).join(' '),
      accountClaim: e.OIDC_ACCOUNT_CLAIM,
      defaultDepartment: e.OIDC_DEFAULT_DEPARTMENT,
      defaultRole: e.OIDC_DEFAULT_ROLE,
      provision: e.OIDC_PROVISION,
      secureCookies: publicOrigin.startsWith('https:'),
    },
    issues,
  };
}
