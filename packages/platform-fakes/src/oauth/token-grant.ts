import type { Params } from '../params.ts';
import type { OAuthResult, OAuthStore } from './store.ts';

/** The client a token request names, as each platform's endpoint reads it (client_id, client_key, Basic auth). */
export interface TokenClient {
  clientId: string;
  clientSecret?: string | undefined;
}

/** The code grant as a token endpoint's form gives it: the code, its redirect URI and the PKCE verifier. */
export function exchangeCode(store: OAuthStore, params: Params, client: TokenClient): OAuthResult {
  return store.exchange({
    ...client,
    code: params.get('code') ?? '',
    redirectUri: params.get('redirect_uri') ?? '',
    codeVerifier: params.get('code_verifier'),
  });
}

/** The refresh grant as a token endpoint's form gives it. */
export function refreshToken(store: OAuthStore, params: Params, client: TokenClient): OAuthResult {
  return store.refresh({ ...client, refreshToken: params.get('refresh_token') ?? '' });
}
