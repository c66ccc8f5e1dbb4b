import { randomBytes } from 'node:crypto';
import type { Clock } from '../../lib/clock.ts';
import type { AuthorizationRequest, CodeExchange, Grant } from '../adapter.ts';
import { PlatformError, isPlatformError } from '../errors.ts';
import type { PlatformHttp } from '../http.ts';

/**
 * VK ID (platforms.md §5 OAuth): OAuth 2.1 with mandatory PKCE and no client secret. The redirect
 * back carries a `device_id` next to the code; the code exchange and every refresh must send it,
 * so it travels in the exchange's context (as the redirect named it) and then in the grant's.
 */
export interface VkOAuthHosts {
  authorize: string;
  token: string;
}

export function authorizationUrl(
  hosts: VkOAuthHosts,
  clientId: string,
  request: AuthorizationRequest,
  scopes: readonly string[],
): string {
  if (!request.codeChallenge) throw new TypeError('VK ID requires PKCE: a code challenge is missing');
  const url = new URL('/authorize', hosts.authorize);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', request.redirectUri);
  url.searchParams.set('state', request.state);
  url.searchParams.set('code_challenge', request.codeChallenge);
  url.searchParams.set('code_challenge_method', 's256');
  url.searchParams.set('scope', scopes.join(' '));
  return url.toString();
}

interface VkTokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  user_id?: number;
  scope?: string;
}

function grantFrom(body: unknown, clock: Clock, deviceId: string, previous?: Grant): Grant {
  const token = body as VkTokenAnswer;
  if (!token.access_token)
    throw new PlatformError('rejected', {
      platform: 'vk',
      platformMessage: 'no access token in the answer',
      raw: body,
    });
  const scopes = token.scope?.split(/\s+/).filter(Boolean) ?? previous?.scopes ?? [];
  return {
    accessToken: token.access_token,
    // Refresh tokens rotate (postiz keeps the new one): the old one is kept only if none came.
    refreshToken: token.refresh_token ?? previous?.refreshToken,
    expiresAt:
      token.expires_in === undefined
        ? undefined
        : new Date(clock.now().getTime() + token.expires_in * 1000).toISOString(),
    // VK ID does not say when the refresh token ends (180 days is unverified, platforms.md §5).
    refreshExpiresAt: undefined,
    scopes,
    context: {
      deviceId,
      userId: token.user_id === undefined ? (previous?.context?.['userId'] ?? '') : String(token.user_id),
    },
  };
}

/** VK ID wants a state on its token calls too; it only echoes it. */
const tokenState = () => randomBytes(16).toString('base64url');

export async function exchangeCode(
  http: PlatformHttp,
  hosts: VkOAuthHosts,
  clientId: string,
  exchange: CodeExchange,
  clock: Clock,
): Promise<Grant> {
  const deviceId = exchange.context?.['device_id'] ?? exchange.context?.['deviceId'];
  if (!deviceId) throw new TypeError("A VK code exchange needs the redirect's device_id (context.device_id)");
  const { body } = await http.request({
    method: 'POST',
    url: new URL('/oauth2/auth', hosts.token),
    form: {
      grant_type: 'authorization_code',
      code: exchange.code,
      code_verifier: exchange.codeVerifier,
      client_id: clientId,
      device_id: deviceId,
      redirect_uri: exchange.redirectUri,
      state: exchange.context?.['state'] ?? tokenState(),
    },
    // A code is single use: a second try after a lost answer fails, so it is not repeated blindly.
    idempotent: false,
  });
  return grantFrom(body, clock, deviceId);
}

export async function refresh(
  http: PlatformHttp,
  hosts: VkOAuthHosts,
  clientId: string,
  grant: Grant,
  clock: Clock,
): Promise<Grant> {
  const deviceId = grant.context?.['deviceId'];
  if (!grant.refreshToken || !deviceId)
    throw new PlatformError('reauthorize', {
      platform: 'vk',
      platformMessage: 'the grant has no refresh token',
    });
  try {
    const { body } = await http.request({
      method: 'POST',
      url: new URL('/oauth2/auth', hosts.token),
      form: {
        grant_type: 'refresh_token',
        refresh_token: grant.refreshToken,
        client_id: clientId,
        device_id: deviceId,
        state: tokenState(),
      },
      // A rotated refresh token works once: repeating a lost refresh would spend a dead token.
      idempotent: false,
    });
    return grantFrom(body, clock, deviceId, grant);
  } catch (error) {
    // VK ID refused the refresh token (expired, rotated away, withdrawn): only a new consent helps.
    if (
      isPlatformError(error) &&
      error.detail.status !== undefined &&
      error.detail.status >= 400 &&
      error.detail.status < 500
    )
      throw new PlatformError('reauthorize', error.detail, { cause: error });
    throw error;
  }
}
