import type { FastifyInstance, FastifyRequest } from 'fastify';
import { consentDecision, requestedScopes } from '../oauth/consent-decision.ts';
import { consentPage } from '../oauth/consent-page.ts';
import type { IssuedTokens, OAuthFailure } from '../oauth/store.ts';
import { exchangeCode, refreshToken } from '../oauth/token-grant.ts';
import { Params } from '../params.ts';
import { oauthError } from './replies.ts';
import type { XState } from './state.ts';

/**
 * X's OAuth 2.0 with PKCE (platforms.md §4 OAuth): the consent page at /i/oauth2/authorize, the
 * token endpoint at /2/oauth2/token (a confidential client's Basic header, or a public client's
 * client_id in the form), rotating refresh tokens only with offline.access, and /2/oauth2/revoke.
 */
export function oauthRoutes(app: FastifyInstance, state: XState): void {
  app.get('/i/oauth2/authorize', async (request, reply) => {
    const params = new Params(request);
    const problem = authorizeProblem(state, params);
    if (problem) return reply.code(400).type('text/plain').send(problem);
    return reply.type('text/html; charset=utf-8').send(
      consentPage({
        platform: 'X',
        appName: state.oauth.client(params.get('client_id'))?.name ?? 'App',
        action: '/i/oauth2/authorize',
        params: request.query as Record<string, string>,
        users: [...state.oauth.users.values()],
        scopes: requestedScopes(params),
      }),
    );
  });

  app.post('/i/oauth2/authorize', async (request, reply) => {
    const params = new Params(request);
    const problem = authorizeProblem(state, params);
    if (problem) return reply.code(400).type('text/plain').send(problem);
    const outcome = consentDecision(state.oauth, params);
    if (!outcome.ok) return reply.code(400).type('text/plain').send(outcome.reason);
    return reply.redirect(outcome.redirect, 302);
  });

  app.post('/2/oauth2/token', async (request, reply) => {
    const params = new Params(request);
    const client = clientOf(request, params);
    const grantType = params.get('grant_type');
    if (grantType === 'authorization_code') {
      const result = exchangeCode(state.oauth, params, { clientId: client.id, clientSecret: client.secret });
      if (!result.ok) return failed(reply, result.error, 'authorization code');
      return tokenJson(state, result.tokens);
    }
    if (grantType === 'refresh_token') {
      const result = refreshToken(state.oauth, params, { clientId: client.id, clientSecret: client.secret });
      if (!result.ok) return failed(reply, result.error, 'token');
      return tokenJson(state, result.tokens);
    }
    return oauthError(reply, 400, 'unsupported_grant_type', 'Missing required parameter [grant_type].');
  });

  app.post('/2/oauth2/revoke', async (request, reply) => {
    const params = new Params(request);
    const client = clientOf(request, params);
    if (!state.oauth.client(client.id))
      return oauthError(reply, 401, 'invalid_client', 'Missing valid authorization header');
    // X answers revoked:true for a token it no longer knows, as RFC 7009 §2.2 asks.
    state.oauth.revoke(params.get('token') ?? '');
    return { revoked: true };
  });
}

/** What X checks before showing its consent page: a known client, its redirect URI, and PKCE, which X requires. */
function authorizeProblem(state: XState, params: Params): string | undefined {
  if (params.get('response_type') !== 'code') return 'response_type must be code';
  if (!state.oauth.client(params.get('client_id'), params.get('redirect_uri')))
    return 'Something went wrong: the client id or redirect URI is not valid';
  if (!params.get('code_challenge')) return 'code_challenge is required';
  const method = params.get('code_challenge_method') ?? 'plain';
  if (method !== 'S256' && method !== 'plain') return 'code_challenge_method must be S256 or plain';
  if ((params.get('state') ?? '').length > 500) return 'state may be at most 500 characters';
  return undefined;
}

/** A confidential client authenticates with Basic (platforms.md §4); a public one names itself in the form. */
function clientOf(request: FastifyRequest, params: Params): { id: string; secret?: string | undefined } {
  const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (basic) {
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return {
      id: decodeURIComponent(decoded.slice(0, colon)),
      secret: decodeURIComponent(decoded.slice(colon + 1)),
    };
  }
  return { id: params.get('client_id') ?? '' };
}

/** X words a bad code or refresh token as invalid_request, "Value passed for the ... was invalid." */
function failed(reply: Parameters<typeof oauthError>[0], error: OAuthFailure, what: string) {
  if (error === 'invalid_client')
    return oauthError(reply, 401, 'unauthorized_client', 'Missing valid authorization header');
  return oauthError(reply, 400, 'invalid_request', `Value passed for the ${what} was invalid.`);
}

/** The refresh token only with offline.access: without it the grant cannot be renewed. */
function tokenJson(state: XState, tokens: IssuedTokens) {
  const offline = tokens.access.scopes.includes('offline.access');
  if (!offline && tokens.refresh) {
    state.oauth.refreshTokens.delete(tokens.refresh.token);
    tokens.access.refreshToken = undefined;
  }
  return {
    token_type: 'bearer',
    expires_in: state.oauth.expiresIn(tokens.access),
    access_token: tokens.access.token,
    scope: tokens.access.scopes.join(' '),
    ...(offline && tokens.refresh ? { refresh_token: tokens.refresh.token } : {}),
  };
}
