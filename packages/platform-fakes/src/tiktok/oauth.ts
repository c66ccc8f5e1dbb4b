import type { FastifyInstance, FastifyReply } from 'fastify';
import { consentDecision, requestedScopes } from '../oauth/consent-decision.ts';
import { consentPage } from '../oauth/consent-page.ts';
import type { IssuedTokens } from '../oauth/store.ts';
import { exchangeCode, refreshToken } from '../oauth/token-grant.ts';
import { Params } from '../params.ts';
import type { TikTokState } from './state.ts';

/**
 * TikTok Login Kit v2 (platforms.md §10 OAuth): the consent at /v2/auth/authorize/ takes
 * `client_key` and comma-separated scopes; /v2/oauth/token/ takes the code or a refresh token
 * with the client key and secret, answers `{open_id, scope, access_token, expires_in,
 * refresh_token, refresh_expires_in, token_type}`, and rotates the refresh token.
 */
const AUTHORIZE = '/v2/auth/authorize/';

export function oauthRoutes(app: FastifyInstance, state: TikTokState): void {
  const store = state.oauth;

  app.get(AUTHORIZE, async (request, reply) => {
    const params = new Params(request);
    if (!store.client(params.get('client_key'), params.get('redirect_uri')))
      return reply.code(400).type('text/plain').send('client_key or redirect_uri is invalid');
    return reply.type('text/html; charset=utf-8').send(
      consentPage({
        platform: 'TikTok',
        appName: store.client(params.get('client_key'))?.name ?? 'App',
        action: AUTHORIZE,
        params: request.query as Record<string, string>,
        users: [...store.users.values()],
        scopes: requestedScopes(params, ','),
      }),
    );
  });

  app.post(AUTHORIZE, async (request, reply) => {
    const outcome = consentDecision(store, new Params(request), {
      clientIdParam: 'client_key',
      denial: { error: 'access_denied', error_description: 'The user denied the request.' },
    });
    if (!outcome.ok) return reply.code(400).type('text/plain').send(outcome.reason);
    return reply.redirect(outcome.redirect, 302);
  });

  app.post('/v2/oauth/token/', async (request, reply) => {
    const params = new Params(request);
    const clientId = params.get('client_key') ?? '';
    const clientSecret = params.get('client_secret') ?? '';
    const grantType = params.get('grant_type');
    if (grantType === 'authorization_code') {
      const result = exchangeCode(store, params, { clientId, clientSecret });
      if (!result.ok)
        return oauthError(
          reply,
          result.error,
          result.error === 'invalid_client'
            ? 'Client key or secret is incorrect.'
            : 'Authorization code is expired.',
        );
      return tokens(reply, state, result.tokens);
    }
    if (grantType === 'refresh_token') {
      const result = refreshToken(store, params, { clientId, clientSecret });
      if (!result.ok)
        return oauthError(
          reply,
          result.error,
          result.error === 'invalid_client'
            ? 'Client key or secret is incorrect.'
            : 'Refresh token is invalid or expired.',
        );
      return tokens(reply, state, result.tokens);
    }
    return oauthError(reply, 'unsupported_grant_type', 'The grant type is not supported.');
  });
}

function oauthError(reply: FastifyReply, error: string, description: string): FastifyReply {
  return reply.code(400).send({ error, error_description: description, log_id: `2026${Date.now()}` });
}

function tokens(reply: FastifyReply, state: TikTokState, issued: IssuedTokens): FastifyReply {
  const { access, refresh } = issued;
  return reply.code(200).send({
    open_id: access.userId,
    scope: access.scopes.join(','),
    access_token: access.token,
    expires_in: state.oauth.expiresIn(access),
    refresh_token: refresh?.token,
    refresh_expires_in: refresh ? state.oauth.expiresIn(refresh) : undefined,
    token_type: 'Bearer',
  });
}
