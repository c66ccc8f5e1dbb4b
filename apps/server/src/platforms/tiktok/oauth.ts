import type { Clock } from '../../lib/clock.ts';
import type { AuthorizationRequest, CodeExchange, Grant } from '../adapter.ts';
import { PlatformError, isPlatformError } from '../errors.ts';
import type { PlatformHttp } from '../http.ts';

/**
 * TikTok Login Kit v2 (platforms.md §10 OAuth): the app is named by its `client_key`, scopes are
 * comma-separated, the web flow takes no PKCE, and the token endpoint gives both lifetimes
 * (`expires_in`, `refresh_expires_in`: the docs disagree on them, so only the answer counts).
 * Refresh tokens rotate: the grant always keeps the newest.
 */
export interface TikTokOAuthHosts {
  authorize: string;
  token: string;
}

export interface TikTokClient {
  clientKey: string;
  clientSecret: string;
}

export function authorizationUrl(
  hosts: TikTokOAuthHosts,
  client: TikTokClient,
  request: AuthorizationRequest,
  scopes: readonly string[],
): string {
  const url = new URL('/v2/auth/authorize/', hosts.authorize);
  url.searchParams.set('client_key', client.clientKey);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', scopes.join(','));
  url.searchParams.set('redirect_uri', request.redirectUri);
  url.searchParams.set('state', request.state);
  return url.toString();
}

interface TikTokTokenAnswer {
  open_id?: string;
  scope?: string;
  access_token?: string;
  expires_in?: number;
  refresh_token?: string;
  refresh_expires_in?: number;
}

function grantFrom(body: unknown, clock: Clock): Grant {
  const token = body as TikTokTokenAnswer;
  if (!token.access_token || !token.open_id)
    throw new PlatformError('rejected', {
      platform: 'tiktok',
      platformMessage: 'no access token in the answer',
      raw: body,
    });
  const at = (seconds: number | undefined) =>
    seconds === undefined ? undefined : new Date(clock.now().getTime() + seconds * 1000).toISOString();
  return {
    accessToken: token.access_token,
    refreshToken: token.refresh_token,
    expiresAt: at(token.expires_in),
    refreshExpiresAt: at(token.refresh_expires_in),
    scopes: (token.scope ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    context: { openId: token.open_id },
  };
}

async function tokenCall(
  http: PlatformHttp,
  hosts: TikTokOAuthHosts,
  form: Record<string, string | undefined>,
) {
  const { body } = await http.request({
    method: 'POST',
    url: new URL('/v2/oauth/token/', hosts.token),
    form,
    // A code is single use and a rotated refresh token works once: a lost answer is not repeated blindly.
    idempotent: false,
  });
  return body;
}

export async function exchangeCode(
  http: PlatformHttp,
  hosts: TikTokOAuthHosts,
  client: TikTokClient,
  exchange: CodeExchange,
  clock: Clock,
): Promise<Grant> {
  const body = await tokenCall(http, hosts, {
    client_key: client.clientKey,
    client_secret: client.clientSecret,
    code: exchange.code,
    grant_type: 'authorization_code',
    redirect_uri: exchange.redirectUri,
    code_verifier: exchange.codeVerifier,
  });
  return grantFrom(body, clock);
}

export async function refresh(
  http: PlatformHttp,
  hosts: TikTokOAuthHosts,
  client: TikTokClient,
  grant: Grant,
  clock: Clock,
): Promise<Grant> {
  if (!grant.refreshToken)
    throw new PlatformError('reauthorize', {
      platform: 'tiktok',
      platformMessage: 'the grant has no refresh token',
    });
  try {
    const body = await tokenCall(http, hosts, {
      client_key: client.clientKey,
      client_secret: client.clientSecret,
      grant_type: 'refresh_token',
      refresh_token: grant.refreshToken,
    });
    return grantFrom(body, clock);
  } catch (error) {
    // The refresh token was refused (expired, rotated away, withdrawn): only a new consent helps.
    if (isPlatformError(error) && error.kind === 'rejected')
      throw new PlatformError('reauthorize', error.detail, { cause: error });
    throw error;
  }
}
