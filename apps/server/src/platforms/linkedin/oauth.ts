import type { AuthorizationRequest, CodeExchange, Grant } from '../adapter.ts';
import { PlatformError, isPlatformError } from '../errors.ts';
import type { PlatformHttp } from '../http.ts';
import type { LinkedInHosts } from './api.ts';

/**
 * LinkedIn's OAuth (platforms.md §7 OAuth): a web client's code flow (no PKCE), the secret in the
 * token form. Access tokens last 60 days; approved partners also get a 365-day refresh token,
 * which refreshing returns unchanged with its remaining life.
 */
export interface LinkedInClient {
  clientId: string;
  clientSecret: string;
}

export function authorizationUrl(
  hosts: LinkedInHosts,
  client: LinkedInClient,
  request: AuthorizationRequest,
  scopes: readonly string[],
): string {
  const url = new URL('/oauth/v2/authorization', hosts.authorize);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', client.clientId);
  url.searchParams.set('redirect_uri', request.redirectUri);
  url.searchParams.set('state', request.state);
  url.searchParams.set('scope', scopes.join(' '));
  return url.toString();
}

interface TokenAnswer {
  access_token?: string;
  expires_in?: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
  scope?: string;
}

const after = (now: Date, seconds: number | undefined) =>
  seconds === undefined ? undefined : new Date(now.getTime() + seconds * 1000).toISOString();

function grantOf(body: unknown, now: Date): Grant {
  const token = body as TokenAnswer;
  if (!token.access_token)
    throw new PlatformError('rejected', {
      platform: 'linkedin',
      platformMessage: 'no access token in the answer',
      raw: body,
    });
  return {
    accessToken: token.access_token,
    refreshToken: token.refresh_token,
    expiresAt: after(now, token.expires_in),
    refreshExpiresAt: after(now, token.refresh_token_expires_in),
    // LinkedIn joins them with commas here, with spaces in the consent request.
    scopes: (token.scope ?? '').split(/[\s,]+/).filter(Boolean),
  };
}

export async function exchangeCode(
  http: PlatformHttp,
  hosts: LinkedInHosts,
  client: LinkedInClient,
  exchange: CodeExchange,
  now: () => Date,
): Promise<Grant> {
  const { body } = await http.request({
    method: 'POST',
    url: new URL('/oauth/v2/accessToken', hosts.token),
    form: {
      grant_type: 'authorization_code',
      code: exchange.code,
      redirect_uri: exchange.redirectUri,
      client_id: client.clientId,
      client_secret: client.clientSecret,
    },
    // A code is single use: a lost answer is not retried blindly.
    idempotent: false,
  });
  return grantOf(body, now());
}

export async function refresh(
  http: PlatformHttp,
  hosts: LinkedInHosts,
  client: LinkedInClient,
  grant: Grant,
  now: () => Date,
): Promise<Grant> {
  if (!grant.refreshToken)
    throw new PlatformError('reauthorize', {
      platform: 'linkedin',
      platformMessage: 'no refresh token (the app is not an approved partner)',
    });
  try {
    const { body } = await http.request({
      method: 'POST',
      url: new URL('/oauth/v2/accessToken', hosts.token),
      form: {
        grant_type: 'refresh_token',
        refresh_token: grant.refreshToken,
        client_id: client.clientId,
        client_secret: client.clientSecret,
      },
      // The refresh token is not spent by refreshing: repeating after a lost answer is harmless.
      idempotent: true,
    });
    const renewed = grantOf(body, now());
    return {
      ...renewed,
      refreshToken: renewed.refreshToken ?? grant.refreshToken,
      refreshExpiresAt: renewed.refreshExpiresAt ?? grant.refreshExpiresAt,
      context: grant.context,
    };
  } catch (error) {
    // A refused refresh token (expired, revoked) can only be replaced by connecting again.
    if (isPlatformError(error) && (error.detail.status === 400 || error.detail.status === 401))
      throw new PlatformError('reauthorize', error.detail, { cause: error });
    throw error;
  }
}
