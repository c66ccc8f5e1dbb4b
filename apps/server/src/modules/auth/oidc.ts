import { randomBytes } from 'node:crypto';
import type { TokenPair } from '@postdeck/contract/auth';
import { OIDC_QUERY } from '@postdeck/contract/constants';
import { ERRORS, type ErrorKey } from '@postdeck/contract/errors';
import { USER_LIMITS } from '@postdeck/contract/users';
import { isValidEmail, isValidUsername } from '@postdeck/contract/validators';
import { eq, sql } from 'drizzle-orm';
import { EncryptJWT, jwtDecrypt } from 'jose';
import * as client from 'openid-client';
import { isLoopbackHttp, type OidcConfig } from '../../config-oidc.ts';
import type { Db } from '../../db/client.ts';
import { departments, roles, userRoles, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { AUTH_ACTIONS, type RequestMeta, writeAudit } from '../audit/audit.ts';
import { rootDepartment } from '../departments/department-repo.ts';
import { USER_ACTIONS } from '../users/admin-service.ts';
import { hashPassword } from './passwords.ts';
import type { AuthService } from './service.ts';

/**
 * OpenID Connect single sign-on (issue 5, item 7), with openid-client: authorisation code with
 * PKCE (S256), state and nonce. What the browser must bring back (verifier, state, nonce, the
 * page to return to) travels in a short-lived encrypted cookie, so any API process can finish
 * a sign-on another one started. The signed-in user is found by account or provisioned, and the
 * session is started as password sign-in starts it; the browser gets it through a one-time
 * code on the login page, never a long-lived token in an address.
 */

/** How long a sign-on started at the provider may take to come back. */
export const STATE_TTL_SECONDS = 10 * 60;
/**
 * Life of the one-time code on `/login?sso=`. The code is the first refresh token of the new
 * session with a short life: trading it rotates it (one row lock, so one process wins), and
 * presenting it again is refresh-token reuse, which ends that session.
 */
export const SSO_CODE_TTL_SECONDS = 60;
/** One cookie per sign-on in progress (named by its state), so two tabs do not collide. */
export const STATE_COOKIE_PREFIX = 'postdeck-oidc-';
const STATE_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/** Refresh failures that, at the exchange, all mean: this code cannot be traded (again). */
const CODE_REFUSALS = new Set<ErrorKey>([
  'refreshInvalid',
  'refreshReused',
  'refreshExpired',
  'sessionRevoked',
  'sessionDisabled',
]);

interface PendingSignOn {
  state: string;
  nonce: string;
  verifier: string;
  /** A path of this site to return to after signing in. */
  redirect?: string | undefined;
}

/** A same-site path (`/…`, not `//host` or `/\host`), or nothing. */
export function safeRedirect(value: string | null | undefined): string | undefined {
  if (!value || value.length > 2048) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // Control characters (CR, LF, tab: browsers drop some of them) make no honest path.
  if ([...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return undefined;
  return value;
}

/** The login page with `params` (and the page to return to, kept for a second try). */
export function loginPage(params: Record<string, string>, redirect: string | undefined): string {
  const query = new URLSearchParams(params);
  if (redirect) query.set('redirect', redirect);
  return `/login?${query.toString()}`;
}

/** A sign-on refused for a reason the user is told about (by catalogue code). */
class Refusal extends Error {
  readonly key: ErrorKey;
  constructor(key: ErrorKey, reason: string) {
    super(reason);
    this.key = key;
  }
}

export interface OidcDeps {
  db: Db;
  clock: Clock;
  settings: OidcConfig;
  /** Encrypts the sign-on cookie (derived from the master secret). */
  key: Uint8Array;
  auth: Pick<AuthService, 'startSession' | 'refresh'>;
  log: (message: string, err?: unknown) => void;
}

export interface StartedSignOn {
  /** The provider's authorisation address. */
  location: string;
  cookie: { name: string; value: string; maxAge: number };
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

export function createOidc(deps: OidcDeps) {
  const { db, clock, settings } = deps;
  const issuer = new URL(settings.issuer);

  let discovered: Promise<client.Configuration> | undefined;
  /** The provider's metadata, discovered on first use; a failure is retried on the next call. */
  function configuration(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(
        issuer,
        settings.clientId,
        { client_secret: settings.clientSecret },
        // The method RFC 6749 §2.3.1 makes every provider support, and most register by default.
        client.ClientSecretBasic(),
        {
          timeout: 10,
          // openid-client speaks https only; a provider on loopback (tests) may use http.
          execute: isLoopbackHttp(issuer) ? [client.allowInsecureRequests] : [],
        },
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  }

  async function seal(pending: PendingSignOn): Promise<string> {
    const issuedAt = Math.floor(clock.now().getTime() / 1000);
    return new EncryptJWT({ ...pending })
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + STATE_TTL_SECONDS)
      .encrypt(deps.key);
  }

  async function unseal(value: string | undefined): Promise<PendingSignOn | undefined> {
    if (!value) return undefined;
    try {
      const { payload } = await jwtDecrypt(value, deps.key, {
        currentDate: clock.now(),
        keyManagementAlgorithms: ['dir'],
        contentEncryptionAlgorithms: ['A256GCM'],
      });
      const { state, nonce, verifier, redirect } = payload;
      if (typeof state !== 'string' || typeof nonce !== 'string' || typeof verifier !== 'string') {
        return undefined;
      }
      return { state, nonce, verifier, redirect: typeof redirect === 'string' ? redirect : undefined };
    } catch {
      return undefined;
    }
  }

  /** GET /auth/oidc/login: the provider's address and the cookie that remembers this attempt. */
  async function start(redirect: string | undefined): Promise<StartedSignOn> {
    const config = await configuration();
    const pending: PendingSignOn = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
      redirect: safeRedirect(redirect),
    };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: settings.redirectUri,
      scope: settings.scopes,
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: 'S256',
    });
    return {
      location: url.href,
      cookie: {
        name: `${STATE_COOKIE_PREFIX}${pending.state}`,
        value: await seal(pending),
        maxAge: STATE_TTL_SECONDS,
      },
    };
  }

  /** The user's claims: the ID token's, completed from the UserInfo endpoint when some are missing. */
  async function identity(config: client.Configuration, pending: PendingSignOn, search: string) {
    const currentUrl = new URL(settings.redirectUri);
    currentUrl.search = search;
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new Error('the provider returned no ID token');
    let claims: Record<string, unknown> = { ...idToken };
    const wanted = [settings.accountClaim, 'name', 'email'];
    if (wanted.some((claim) => claims[claim] === undefined) && config.serverMetadata().userinfo_endpoint) {
      // Providers commonly put profile claims in UserInfo only (the ID token keeps precedence).
      const info = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
      claims = { ...info, ...claims };
    }
    return { subject: idToken.sub, claims };
  }

  async function defaultDepartment(): Promise<number> {
    const wanted = settings.defaultDepartment;
    if (!wanted) return rootDepartment(db);
    if (/^\d+$/.test(wanted) && Number(wanted) <= 2_147_483_647) {
      const [byId] = await db
        .select({ id: departments.id })
        .from(departments)
        .where(eq(departments.id, Number(wanted)));
      if (byId) return byId.id;
    }
    const byName = await db
      .select({ id: departments.id })
      .from(departments)
      .where(eq(departments.name, wanted))
      .limit(2);
    if (byName.length !== 1 || !byName[0]) {
      throw new Error(
        `OIDC_DEFAULT_DEPARTMENT: ${byName.length === 0 ? 'no' : 'more than one'} department '${wanted}'`,
      );
    }
    return byName[0].id;
  }

  /** Creates the user with the default department and role; undefined if the account was taken meanwhile. */
  async function provision(
    account: string,
    subject: string,
    claims: Record<string, unknown>,
    meta: RequestMeta,
  ): Promise<number | undefined> {
    const departmentId = await defaultDepartment();
    const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, settings.defaultRole));
    if (!role) throw new Error(`OIDC_DEFAULT_ROLE: no role '${settings.defaultRole}'`);
    const joined = [text(claims['given_name']), text(claims['family_name'])].filter(Boolean).join(' ');
    const name = (text(claims['name']) ?? (joined || account)).slice(0, USER_LIMITS.name);
    const email = text(claims['email']);
    // No local password: a hash of a secret nobody is told (an administrator may set one later).
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    const now = clock.now();
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          account,
          name,
          email: email && email.length <= USER_LIMITS.email && isValidEmail(email) ? email : '',
          departmentId,
          passwordHash,
          passwordChangedAt: now,
          mustChangePassword: false,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!row) return undefined;
      await tx.insert(userRoles).values({ userId: row.id, roleId: role.id });
      await writeAudit(tx, {
        ...meta,
        at: now,
        action: USER_ACTIONS.create,
        actorId: row.id,
        actorAccount: account.toLowerCase(),
        target: `user:${row.id}`,
        detail: {
          via: 'oidc',
          issuer: settings.issuer,
          subject,
          departmentId,
          roleCodes: [settings.defaultRole],
        },
      });
      return row.id;
    });
  }

  async function findUser(account: string) {
    const [user] = await db
      .select({ id: users.id, account: users.account, status: users.status, deletedAt: users.deletedAt })
      .from(users)
      .where(sql`lower(${users.account}) = ${account.toLowerCase()}`);
    return user;
  }

  async function refuse(
    key: ErrorKey,
    reason: string,
    meta: RequestMeta,
    who: { id?: number; account?: string },
  ): Promise<never> {
    await writeAudit(db, {
      ...meta,
      at: clock.now(),
      action: AUTH_ACTIONS.loginFailure,
      actorId: who.id ?? null,
      actorAccount: who.account?.toLowerCase().slice(0, 64) ?? '',
      detail: { reason, method: 'oidc' },
    });
    throw new Refusal(key, reason);
  }

  /** The Postdeck user for the provider's claims: matched by account, else provisioned. */
  async function userFor(subject: string, claims: Record<string, unknown>, meta: RequestMeta) {
    const account = claims[settings.accountClaim];
    if (typeof account !== 'string' || !isValidUsername(account)) {
      const shown = typeof account === 'string' ? account : '';
      return refuse('ssoAccountInvalid', `claim ${settings.accountClaim} is not a valid account`, meta, {
        account: shown,
      });
    }
    let user = await findUser(account);
    if (!user) {
      if (!settings.provision) return refuse('ssoNoAccount', 'unknown account', meta, { account });
      const created = await provision(account, subject, claims, meta);
      // Another sign-on of the same person may have created it first.
      user = await findUser(account);
      if (!user) throw new Error(`user ${account} neither created nor found (${String(created)})`);
    }
    // As password sign-in: a deleted account is unknown (and its name stays taken), a disabled one
    // is named to the person who proved who they are.
    if (user.deletedAt) return refuse('ssoNoAccount', 'deleted', meta, { id: user.id, account });
    if (user.status !== 'active')
      return refuse('accountDisabled', 'disabled', meta, { id: user.id, account });
    return user;
  }

  /**
   * GET /auth/oidc/callback: checks the provider's answer against the cookie, finds or creates
   * the user, starts the session; answers where the browser goes next (the login page with the
   * one-time code, or with the error's catalogue code).
   */
  async function finish(input: {
    search: string;
    cookie: (name: string) => string | undefined;
    meta: RequestMeta;
  }): Promise<string> {
    const params = new URLSearchParams(input.search);
    const state = params.get('state') ?? '';
    const pending = STATE_PATTERN.test(state)
      ? await unseal(input.cookie(`${STATE_COOKIE_PREFIX}${state}`))
      : undefined;
    const redirect = pending?.redirect;
    try {
      // No cookie for this state: not started here, started too long ago, or already finished.
      if (!pending || pending.state !== state) throw new Refusal('ssoFailed', 'unknown or expired state');
      const error = params.get('error');
      if (error) {
        throw new Refusal(
          'ssoFailed',
          `provider answered ${error}: ${params.get('error_description') ?? ''}`,
        );
      }
      let config: client.Configuration;
      try {
        config = await configuration();
      } catch (cause) {
        deps.log('OIDC discovery failed', cause);
        throw new Refusal('ssoUnavailable', 'discovery failed');
      }
      const { subject, claims } = await identity(config, pending, input.search);
      const user = await userFor(subject, claims, input.meta);
      const issued = await deps.auth.startSession(user, input.meta, {
        refreshTtlSeconds: SSO_CODE_TTL_SECONDS,
        detail: { method: 'oidc', issuer: settings.issuer, subject },
      });
      return loginPage({ [OIDC_QUERY.code]: issued.token }, redirect);
    } catch (error) {
      const refusal = error instanceof Refusal ? error : undefined;
      if (refusal) deps.log(`OIDC sign-on refused: ${refusal.message}`);
      else deps.log('OIDC sign-on failed', error);
      const code = ERRORS[refusal?.key ?? 'ssoFailed'].code;
      return loginPage({ [OIDC_QUERY.error]: String(code) }, redirect);
    }
  }

  /** POST /auth/oidc/exchange: the one-time code for the session's tokens, once. */
  async function exchange(code: string, meta: RequestMeta): Promise<TokenPair> {
    try {
      return await deps.auth.refresh(code, meta);
    } catch (error) {
      if (error instanceof AppError && CODE_REFUSALS.has(error.key)) throw new AppError('ssoCodeInvalid');
      throw error;
    }
  }

  /** GET /auth/oidc/logout: the provider's end-session address, or the login page without one. */
  async function logoutLocation(): Promise<string> {
    try {
      const config = await configuration();
      if (!config.serverMetadata().end_session_endpoint) return '/login';
      return client.buildEndSessionUrl(config, {
        post_logout_redirect_uri: settings.postLogoutRedirectUri,
      }).href;
    } catch (error) {
      deps.log('OIDC discovery failed', error);
      return '/login';
    }
  }

  return { start, finish, exchange, logoutLocation, secureCookies: settings.secureCookies };
}

export type Oidc = ReturnType<typeof createOidc>;
