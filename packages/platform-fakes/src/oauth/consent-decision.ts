import type { Params } from '../params.ts';
import type { OAuthStore } from './store.ts';

export interface ConsentDecisionOptions {
  /** How the platform joins scopes in `scope` (space by RFC 6749; comma for Facebook, VK, TikTok). */
  scopeSeparator?: string | undefined;
  /** What the platform adds to the redirect when the user denies (RFC 6749 §4.1.2.1 by default). */
  denial?: Record<string, string> | undefined;
  /** The parameter names, where the platform differs (TikTok's client_key). */
  clientIdParam?: string | undefined;
}

export type ConsentOutcome =
  | { ok: true; redirect: string; code?: string | undefined }
  | { ok: false; reason: 'invalid_client' | 'invalid_redirect_uri' };

const DENIAL = {
  error: 'access_denied',
  error_description: 'The user denied the request.',
};

/**
 * What the consent page posted (consent-page.ts): Deny sends the user back with the platform's
 * denial; Allow stores a code for the scopes still ticked and the choices made, and sends it back.
 * The state goes back unchanged either way, as every platform does.
 */
export function consentDecision(
  store: OAuthStore,
  params: Params,
  options: ConsentDecisionOptions = {},
): ConsentOutcome {
  const clientId = params.get(options.clientIdParam ?? 'client_id');
  const redirectUri = params.get('redirect_uri') ?? '';
  const client = store.client(clientId);
  if (!client) return { ok: false, reason: 'invalid_client' };
  if (!store.client(clientId, redirectUri) || !URL.canParse(redirectUri))
    return { ok: false, reason: 'invalid_redirect_uri' };
  const back = new URL(redirectUri);
  let code: string | undefined;
  if (params.get('decision') !== 'approve') {
    for (const [name, value] of Object.entries(options.denial ?? DENIAL)) back.searchParams.set(name, value);
  } else {
    const choices: Record<string, string[]> = {};
    for (const name of params.names())
      if (name.startsWith('choice:')) choices[name.slice('choice:'.length)] = params.all(name);
    code = store.authorize({
      clientId: client.clientId,
      redirectUri,
      scopes: params.all('granted_scope'),
      userId: params.get('user_id') ?? [...store.users.keys()][0] ?? '',
      codeChallenge: params.get('code_challenge'),
      codeChallengeMethod: params.get('code_challenge_method'),
      choices,
    });
    back.searchParams.set('code', code);
  }
  const state = params.get('state');
  if (state !== undefined) back.searchParams.set('state', state);
  return { ok: true, redirect: back.toString(), code };
}

/** The scopes a request asked for, split as the platform joins them. */
export function requestedScopes(params: Params, separator = ' '): string[] {
  return (params.get('scope') ?? '')
    .split(separator === ' ' ? /\s+/ : separator)
    .map((s) => s.trim())
    .filter(Boolean);
}
