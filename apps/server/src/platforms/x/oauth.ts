import type { AuthorizationRequest, CodeExchange, Grant } from '../adapter.ts';
import { PlatformError, isPlatformError } from '../errors.ts';
import type { PlatformHttp } from '../http.ts';
import type { XHosts } from './api.ts';

/**
 * X's OAuth 2.0 Authorization Code with PKCE (platforms.md §4 OAuth). Postdeck is a confidential
 * client: it authenticates with Basic at the token and revoke endpoints. Access tokens last two
 * hours; the refresh token (offline.access) is single use: each refresh returns the next one.
 */
export interface XClient {
  clientId: string;
  clientSecret: string;
}

export function authorizationUrl(
  hosts: XHosts,
  client: XClient,
  request: AuthorizationRequest,
  scopes: readonly string[],
): string {
  if (!request.codeChallenge) throw new TypeError('X needs a PKCE code challenge');
  const url = new URL('/i/oauth2/authorize', hosts.authorize);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', client.clientId);
  url.searchParams.set('redirect_uri', request.redirectUri);
  url.searchParams.set('scope', scopes.join(' '));
  url.searchParams.set('state', request.state);
  url.searchParams.set('code_challenge', request.codeChallenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

const basic = (client: XClient) =>
  `Basic ${Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`).toString('base64')}`;

interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  scope?: string;
}

function grantOf(body: unknown, now: Date): Grant {
  const token = body as TokenAnswer;
  if (!token.access_token)
    throw new PlatformError('rejected', {
      platform: 'x',
      platformMessage: 'no access token in the answer',
      raw: body,
    });
  return {
    accessToken: token.access_token,
    refreshToken: token.refresh_token,
    expiresAt:
      token.expires_in === undefined
        ? undefined
        : new Date(now.getTime() + token.expires_in * 1000).toISOString(),
    // X's refresh tokens have no stated end: they last until used or revoked.
    refreshExpiresAt: undefined,
    scopes: (token.scope ?? '').split(/\s+/).filter(Boolean),
  };
}

export async function exchangeCode(
  http: PlatformHttp,
  hosts: XHosts,
  client: XClient,
  exchange: CodeExchange,
  now: () => Date,
): Promise<Grant> {
  const { body } = await http.request({
    method: 'POST',
    url: new URL('/2/oauth2/token', hosts.token),
    headers: { authorization: basic(client) },
    form: {
      grant_type: 'authorization_code',
      code: exchange.code,
      redirect_uri: exchange.redirectUri,
      code_verifier: exchange.codeVerifier,
    },
    // A code is single use (and lives 30 seconds): a lost answer is not retried blindly.
    idempotent: false,
  });
  return grantOf(body, now());
}

export async function refresh(
  http: PlatformHttp,
  hosts: XHosts,
  client: XClient,
  grant: Grant,
  now: () => Date,
): Promise<Grant> {
  if (!grant.refreshToken)
    throw new PlatformError('reauthorize', {
      platform: 'x',
      platformMessage: 'no refresh token (offline.access was not granted)',
    });
  try {
    const { body } = await http.request({
      method: 'POST',
      url: new URL('/2/oauth2/token', hosts.token),
      headers: { authorization: basic(client) },
      form: { grant_type: 'refresh_token', refresh_token: grant.refreshToken },
      // The refresh token is spent by the call: if its answer is lost, so is the grant.
      idempotent: false,
    });
    return { ...grantOf(body, now()), context: grant.context };
  } catch (error) {
    // A refused refresh token (used, revoked, unknown) can only be replaced by connecting again.
    if (isPlatformError(error) && (error.detail.status === 400 || error.detail.status === 401))
      throw new PlatformError('reauthorize', error.detail, { cause: error });
    throw error;
  }
}

/** Revokes the refresh token where there is one (it takes its access tokens with it), else the access token. */
export async function revoke(
  http: PlatformHttp,
  hosts: XHosts,
  client: XClient,
  grant: Grant,
): Promise<void> {
  const token = grant.refreshToken ?? grant.accessToken;
  await http.request({
    method: 'POST',
    url: new URL('/2/oauth2/revoke', hosts.token),
    headers: { authorization: basic(client) },
    form: {
      token,
      token_type_hint: grant.refreshToken ? 'refresh_token' : 'access_token',
    },
    idempotent: true,
  });
}
