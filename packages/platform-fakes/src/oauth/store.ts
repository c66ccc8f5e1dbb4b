import { createHash, randomBytes } from 'node:crypto';

/**
 * What every OAuth platform's fake keeps (RFC 6749 with PKCE, RFC 7636): registered clients, the
 * platform's users, single-use codes, access tokens that end and refresh tokens that renew them.
 * Each platform's fake wraps it in its own paths and answer bodies; this holds only the rules.
 */

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  name: string;
  /** Exact redirect URIs the client registered; empty: any (the sandbox's own clients). */
  redirectUris: string[];
}

export interface OAuthUser {
  id: string;
  name: string;
}

export interface AuthCode {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  userId: string;
  codeChallenge?: string | undefined;
  codeChallengeMethod?: string | undefined;
  expiresAt: Date;
  used: boolean;
  /** What the consent chose besides scopes (the pages a Facebook user ticked). */
  choices: Record<string, string[]>;
}

export interface AccessToken {
  token: string;
  clientId: string;
  userId: string;
  scopes: string[];
  issuedAt: Date;
  expiresAt?: Date | undefined;
  revoked: boolean;
  choices: Record<string, string[]>;
  /** The refresh token issued with it, if any. */
  refreshToken?: string | undefined;
}

export interface RefreshToken {
  token: string;
  clientId: string;
  userId: string;
  scopes: string[];
  expiresAt?: Date | undefined;
  revoked: boolean;
  choices: Record<string, string[]>;
}

export interface IssuedTokens {
  access: AccessToken;
  refresh?: RefreshToken | undefined;
}

/** Why a call failed, as RFC 6749 §5.2 names it; each fake words it in its platform's body. */
export type OAuthFailure = 'invalid_client' | 'invalid_grant' | 'invalid_request' | 'unsupported_grant_type';

export type OAuthResult = { ok: true; tokens: IssuedTokens } | { ok: false; error: OAuthFailure };

export type TokenCheck =
  { ok: true; token: AccessToken } | { ok: false; reason: 'invalid' | 'expired' | 'revoked' };

export interface OAuthStoreOptions {
  now: () => Date;
  /** Seconds an access token lives; null: it does not end. */
  accessTtlS: number | null;
  /** Seconds a refresh token lives; null: no refresh tokens; undefined: they do not end. */
  refreshTtlS?: number | null | undefined;
  /** Refreshing replaces the refresh token (X, TikTok rotate theirs). */
  rotateRefresh?: boolean | undefined;
  /** RFC 6749 §4.1.2 recommends at most 10 minutes. */
  codeTtlS?: number | undefined;
  /** Tokens start with it, so a test can tell whose token it holds. */
  prefix: string;
}

export interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  userId: string;
  codeChallenge?: string | undefined;
  codeChallengeMethod?: string | undefined;
  choices?: Record<string, string[]> | undefined;
}

export interface ExchangeRequest {
  clientId: string;
  /** Undefined where the platform lets a public client send none (PKCE instead). */
  clientSecret?: string | undefined;
  code: string;
  redirectUri: string;
  codeVerifier?: string | undefined;
}

export class OAuthStore {
  readonly clients = new Map<string, OAuthClient>();
  readonly users = new Map<string, OAuthUser>();
  readonly codes = new Map<string, AuthCode>();
  readonly tokens = new Map<string, AccessToken>();
  readonly refreshTokens = new Map<string, RefreshToken>();
  readonly #options: OAuthStoreOptions;

  constructor(options: OAuthStoreOptions) {
    this.#options = options;
  }

  addClient(client: Partial<OAuthClient> & { clientId: string; clientSecret: string }): OAuthClient {
    const added = { name: 'Postdeck', redirectUris: [], ...client };
    this.clients.set(added.clientId, added);
    return added;
  }

  addUser(user: OAuthUser): OAuthUser {
    this.users.set(user.id, user);
    return user;
  }

  /** The client, when the id is known and the redirect URI one it registered. */
  client(clientId: string | undefined, redirectUri?: string | undefined): OAuthClient | undefined {
    const client = this.clients.get(clientId ?? '');
    if (!client) return undefined;
    if (
      redirectUri !== undefined &&
      client.redirectUris.length > 0 &&
      !client.redirectUris.includes(redirectUri)
    )
      return undefined;
    return client;
  }

  /** The consent was given: a code for it. */
  authorize(request: AuthorizeRequest): string {
    const code = this.secret('code');
    this.codes.set(code, {
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      scopes: request.scopes,
      userId: request.userId,
      codeChallenge: request.codeChallenge,
      codeChallengeMethod: request.codeChallengeMethod,
      expiresAt: this.#after(this.#options.codeTtlS ?? 600) ?? this.#options.now(),
      used: false,
      choices: request.choices ?? {},
    });
    return code;
  }

  /** A code for tokens: once, by its client, to its redirect URI, with the PKCE verifier if it had a challenge. */
  exchange(request: ExchangeRequest): OAuthResult {
    const client = this.clients.get(request.clientId);
    if (!client || (request.clientSecret !== undefined && request.clientSecret !== client.clientSecret))
      return { ok: false, error: 'invalid_client' };
    const code = this.codes.get(request.code);
    if (
      !code ||
      code.used ||
      code.expiresAt <= this.#options.now() ||
      code.clientId !== client.clientId ||
      code.redirectUri !== request.redirectUri
    )
      return { ok: false, error: 'invalid_grant' };
    if (code.codeChallenge !== undefined && !verifies(code, request.codeVerifier))
      return { ok: false, error: 'invalid_grant' };
    if (code.codeChallenge === undefined && request.clientSecret === undefined)
      return { ok: false, error: 'invalid_client' };
    code.used = true;
    return { ok: true, tokens: this.issue(code.clientId, code.userId, code.scopes, code.choices) };
  }

  /** A refresh token for a new access token (and a new refresh token where the platform rotates them). */
  refresh(request: {
    clientId: string;
    clientSecret?: string | undefined;
    refreshToken: string;
  }): OAuthResult {
    const client = this.clients.get(request.clientId);
    if (!client || (request.clientSecret !== undefined && request.clientSecret !== client.clientSecret))
      return { ok: false, error: 'invalid_client' };
    const refresh = this.refreshTokens.get(request.refreshToken);
    if (
      !refresh ||
      refresh.revoked ||
      refresh.clientId !== client.clientId ||
      (refresh.expiresAt !== undefined && refresh.expiresAt <= this.#options.now())
    )
      return { ok: false, error: 'invalid_grant' };
    if (this.#options.rotateRefresh) {
      refresh.revoked = true;
      return {
        ok: true,
        tokens: this.issue(refresh.clientId, refresh.userId, refresh.scopes, refresh.choices),
      };
    }
    const access = this.#access(refresh.clientId, refresh.userId, refresh.scopes, refresh.choices);
    access.refreshToken = refresh.token;
    return { ok: true, tokens: { access, refresh } };
  }

  /** New tokens straight away (a fake's own shortcut, or a long-lived token exchange). */
  issue(
    clientId: string,
    userId: string,
    scopes: string[],
    choices: Record<string, string[]> = {},
  ): IssuedTokens {
    const access = this.#access(clientId, userId, scopes, choices);
    if (this.#options.refreshTtlS === null) return { access };
    const refresh: RefreshToken = {
      token: this.secret('rt'),
      clientId,
      userId,
      scopes,
      expiresAt: this.#after(this.#options.refreshTtlS),
      revoked: false,
      choices,
    };
    this.refreshTokens.set(refresh.token, refresh);
    access.refreshToken = refresh.token;
    return { access, refresh };
  }

  /** Whether a bearer token works now. */
  check(bearer: string | undefined): TokenCheck {
    const token = bearer === undefined ? undefined : this.tokens.get(bearer);
    if (!token) return { ok: false, reason: 'invalid' };
    if (token.revoked) return { ok: false, reason: 'revoked' };
    if (token.expiresAt !== undefined && token.expiresAt <= this.#options.now())
      return { ok: false, reason: 'expired' };
    return { ok: true, token };
  }

  /** Revokes a token, access or refresh, and everything issued with it (the whole grant). */
  revoke(token: string): boolean {
    const access = this.tokens.get(token);
    const refresh = this.refreshTokens.get(token) ?? this.refreshTokens.get(access?.refreshToken ?? '');
    if (!access && !refresh) return false;
    const grantRefresh = refresh?.token;
    for (const t of this.tokens.values())
      if (t === access || (grantRefresh !== undefined && t.refreshToken === grantRefresh)) t.revoked = true;
    if (refresh) refresh.revoked = true;
    return true;
  }

  /** A user withdraws the app's access at the platform: every token of theirs stops working. */
  revokeUser(userId: string): void {
    for (const t of this.tokens.values()) if (t.userId === userId) t.revoked = true;
    for (const t of this.refreshTokens.values()) if (t.userId === userId) t.revoked = true;
  }

  /** Seconds until the token ends, for `expires_in`; undefined when it does not. */
  expiresIn(token: { expiresAt?: Date | undefined }): number | undefined {
    if (token.expiresAt === undefined) return undefined;
    return Math.max(0, Math.round((token.expiresAt.getTime() - this.#options.now().getTime()) / 1000));
  }

  secret(prefix: string): string {
    return `${this.#options.prefix}${prefix}-${randomBytes(18).toString('base64url')}`;
  }

  #access(
    clientId: string,
    userId: string,
    scopes: string[],
    choices: Record<string, string[]>,
  ): AccessToken {
    const access: AccessToken = {
      token: this.secret('at'),
      clientId,
      userId,
      scopes,
      issuedAt: this.#options.now(),
      expiresAt: this.#after(this.#options.accessTtlS),
      revoked: false,
      choices,
    };
    this.tokens.set(access.token, access);
    return access;
  }

  #after(seconds: number | null | undefined): Date | undefined {
    if (seconds === null || seconds === undefined) return undefined;
    return new Date(this.#options.now().getTime() + seconds * 1000);
  }
}

function verifies(code: AuthCode, verifier: string | undefined): boolean {
  if (verifier === undefined) return false;
  if (code.codeChallengeMethod === 'plain') return verifier === code.codeChallenge;
  return createHash('sha256').update(verifier).digest('base64url') === code.codeChallenge;
}
