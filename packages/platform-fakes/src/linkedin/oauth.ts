import type { FastifyInstance } from 'fastify';
import type { FakeContext } from '../fake-server.ts';
import { consentDecision, requestedScopes } from '../oauth/consent-decision.ts';
import { consentPage } from '../oauth/consent-page.ts';
import type { IssuedTokens } from '../oauth/store.ts';
import { exchangeCode, refreshToken } from '../oauth/token-grant.ts';
import { Params } from '../params.ts';
import { authenticate, hasScope } from './guard.ts';
import { oauthError } from './replies.ts';
import type { LinkedInState } from './state.ts';

/**
 * LinkedIn's OAuth (platforms.md §7 OAuth): the consent page at /oauth/v2/authorization, the
 * token endpoint /oauth/v2/accessToken (client id and secret in the form), 60-day access tokens,
 * 365-day refresh tokens that refreshing does not renew, and OIDC's /v2/userinfo. A member who
 * cancels comes back with error=user_cancelled_authorize, as LinkedIn's docs name it.
 */
export function oauthRoutes(app: FastifyInstance, ctx: FakeContext, state: LinkedInState): void {
  app.get('/oauth/v2/authorization', async (request, reply) => {
    const params = new Params(request);
    if (
      params.get('response_type') !== 'code' ||
      !state.oauth.client(params.get('client_id'), params.get('redirect_uri'))
    )
      return reply.code(400).type('text/plain').send('The redirect_uri does not match the registered value');
    return reply.type('text/html; charset=utf-8').send(
      consentPage({
        platform: 'LinkedIn',
        appName: state.oauth.client(params.get('client_id'))?.name ?? 'App',
        action: '/oauth/v2/authorization',
        params: request.query as Record<string, string>,
        users: [...state.oauth.users.values()],
        scopes: requestedScopes(params),
      }),
    );
  });

  app.post('/oauth/v2/authorization', async (request, reply) => {
    const outcome = consentDecision(state.oauth, new Params(request), {
      denial: {
        error: 'user_cancelled_authorize',
        error_description: 'The user cancelled the authorization',
      },
    });
    if (!outcome.ok) return reply.code(400).type('text/plain').send(outcome.reason);
    return reply.redirect(outcome.redirect, 302);
  });

  app.post('/oauth/v2/accessToken', async (request, reply) => {
    const params = new Params(request);
    const clientId = params.get('client_id') ?? '';
    const clientSecret = params.get('client_secret');
    if (!state.oauth.client(clientId) || clientSecret !== state.oauth.client(clientId)?.clientSecret)
      return oauthError(reply, 401, 'invalid_client', 'Client authentication failed');
    const grantType = params.get('grant_type');
    if (grantType === 'authorization_code') {
      const result = exchangeCode(state.oauth, params, { clientId, clientSecret });
      if (!result.ok)
        return oauthError(
          reply,
          400,
          'invalid_request',
          'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired. Or external member binding exists',
        );
      return tokenJson(state, result.tokens);
    }
    if (grantType === 'refresh_token') {
      const result = refreshToken(state.oauth, params, { clientId, clientSecret });
      if (!result.ok)
        return oauthError(reply, 400, 'invalid_request', 'The provided refresh token is invalid or expired');
      return tokenJson(state, result.tokens);
    }
    return oauthError(reply, 400, 'unsupported_grant_type', 'A required parameter "grant_type" is missing');
  });

  app.get('/v2/userinfo', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'GET /v2/userinfo', { versioned: false });
    if (!authed || !hasScope(authed, reply, 'openid')) return reply;
    const { id, givenName, familyName } = authed.member;
    return {
      sub: id,
      name: `${givenName} ${familyName}`,
      given_name: givenName,
      family_name: familyName,
      picture: `${ctx.url}/dms/image/member-${id}.jpg`,
      locale: { country: 'US', language: 'en' },
    };
  });
}

/** LinkedIn joins the granted scopes with commas in its token answer. */
function tokenJson(state: LinkedInState, tokens: IssuedTokens) {
  return {
    access_token: tokens.access.token,
    expires_in: state.oauth.expiresIn(tokens.access),
    ...(tokens.refresh
      ? {
          refresh_token: tokens.refresh.token,
          refresh_token_expires_in: state.oauth.expiresIn(tokens.refresh),
        }
      : {}),
    scope: tokens.access.scopes.join(','),
    token_type: 'Bearer',
  };
}
