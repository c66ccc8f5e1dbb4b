import type { ChannelPlatform } from '@postdeck/contract/platforms';
import type { Clock } from '../../lib/clock.ts';
import type { AuthorizationRequest, CodeExchange, Grant } from '../adapter.ts';
import { PlatformError, isPlatformError } from '../errors.ts';
import type { PlatformHttp } from '../http.ts';

/**
 * Google's OAuth, shared by YouTube and GA4 (platforms.md §3 OAuth, §11 OAuth): the consent page
 * on accounts.google.com, code exchange, refresh and revoke on oauth2.googleapis.com, each host a
 * setting of the adapter that uses it.
 */
export const DEFAULT_GOOGLE_OAUTH_HOSTS = {
  /** The consent page. */
  accounts: 'https://accounts.google.com',
  /** The token and revoke endpoints. */
  oauth2: 'https://oauth2.googleapis.com',
};
export type GoogleOAuthHosts = typeof DEFAULT_GOOGLE_OAUTH_HOSTS;

export interface GoogleOAuthSettings {
  platform: ChannelPlatform;
  hosts: GoogleOAuthHosts;
  clientId: string;
  clientSecret: string;
  scopes: readonly string[];
  http: PlatformHttp;
  clock: Clock;
}

interface TokenAnswer {
  access_token?: string;
  expires_in?: number;
  refresh_token?: string;
  scope?: string;
}

export function googleOAuth(settings: GoogleOAuthSettings) {
  const { hosts, http, clock } = settings;
  const tokenUrl = new URL('/token', hosts.oauth2);

  function grantOf(body: unknown, previous?: Grant): Grant {
    const token = body as TokenAnswer | null;
    if (!token?.access_token)
      throw new PlatformError('rejected', {
        platform: settings.platform,
        platformMessage: 'no access token in the answer',
        raw: body,
      });
    return {
      accessToken: token.access_token,
      // Google sends a refresh token at the first consent only, none on a refresh (§11 OAuth).
      refreshToken: token.refresh_token ?? previous?.refreshToken,
      expiresAt:
        token.expires_in === undefined
          ? undefined
          : new Date(clock.now().getTime() + token.expires_in * 1000).toISOString(),
      // Refresh tokens do not end on a date; they die when revoked or unused for six months.
      refreshExpiresAt: undefined,
      // The scopes granted, which the user may have unticked some of (granular consent).
      scopes: token.scope ? token.scope.split(/\s+/).filter(Boolean) : (previous?.scopes ?? []),
      context: previous?.context,
    };
  }

  return {
    authorizationUrl(request: AuthorizationRequest): string {
      const url = new URL('/o/oauth2/v2/auth', hosts.accounts);
      url.searchParams.set('client_id', settings.clientId);
      url.searchParams.set('redirect_uri', request.redirectUri);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', settings.scopes.join(' '));
      // offline: a refresh token; consent: asked every time, so the refresh token comes every time.
      // No include_granted_scopes: a YouTube grant should not carry GA4's scopes, nor the reverse.
      url.searchParams.set('access_type', 'offline');
      url.searchParams.set('prompt', 'consent');
      url.searchParams.set('state', request.state);
      if (request.codeChallenge) {
        url.searchParams.set('code_challenge', request.codeChallenge);
        url.searchParams.set('code_challenge_method', 'S256');
      }
      return url.toString();
    },

    async exchangeCode(exchange: CodeExchange): Promise<Grant> {
      const { body } = await http.request({
        method: 'POST',
        url: tokenUrl,
        form: {
          grant_type: 'authorization_code',
          code: exchange.code,
          client_id: settings.clientId,
          client_secret: settings.clientSecret,
          redirect_uri: exchange.redirectUri,
          code_verifier: exchange.codeVerifier,
        },
        // A code is single use: a second try after a lost answer fails anyway.
        idempotent: false,
      });
      return grantOf(body);
    },

    async refresh(grant: Grant): Promise<Grant> {
      if (!grant.refreshToken)
        throw new PlatformError('reauthorize', {
          platform: settings.platform,
          platformMessage: 'the grant has no refresh token',
        });
      try {
        const { body } = await http.request({
          method: 'POST',
          url: tokenUrl,
          form: {
            grant_type: 'refresh_token',
            refresh_token: grant.refreshToken,
            client_id: settings.clientId,
            client_secret: settings.clientSecret,
          },
          // Google keeps the refresh token, so asking twice only makes two access tokens.
          idempotent: true,
        });
        return grantOf(body, grant);
      } catch (error) {
        // Any invalid_grant on a refresh means the refresh token is dead: only a new consent helps.
        if (isPlatformError(error) && error.detail.platformCode === 'invalid_grant')
          throw new PlatformError('reauthorize', error.detail, { cause: error });
        throw error;
      }
    },

    /** Revoking the refresh token ends the whole grant; a token already dead is revoked enough. */
    async revoke(grant: Grant): Promise<void> {
      try {
        await http.request({
          method: 'POST',
          url: new URL('/revoke', hosts.oauth2),
          query: { token: grant.refreshToken ?? grant.accessToken },
          idempotent: true,
        });
      } catch (error) {
        if (isPlatformError(error) && error.detail.platformCode === 'invalid_token') return;
        throw error;
      }
    },
  };
}
