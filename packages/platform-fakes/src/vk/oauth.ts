import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { avatarUrl } from '../avatar.ts';
import type { FakeContext } from '../fake-server.ts';
import { consentDecision, requestedScopes } from '../oauth/consent-decision.ts';
import { consentPage } from '../oauth/consent-page.ts';
import type { IssuedTokens, OAuthFailure } from '../oauth/store.ts';
import { Params } from '../params.ts';
import type { VkState } from './state.ts';

/**
 * VK ID (platforms.md §5 OAuth): OAuth 2.1 with mandatory PKCE, no client secret. The consent
 * sends back `code`, `state` and a `device_id` the token calls must repeat; `/oauth2/auth` takes
 * the code (grant_type=authorization_code) and the refresh token (grant_type=refresh_token), and
 * each refresh rotates the refresh token.
 */
export function oauthRoutes(app: FastifyInstance, ctx: FakeContext, state: VkState): void {
  const store = state.oauth;

  app.get('/authorize', async (request, reply) => {
    const params = new Params(request);
    if (!store.client(params.get('client_id'), params.get('redirect_uri')))
      return reply.code(400).type('text/plain').send('invalid client_id or redirect_uri');
    if (params.get('response_type') !== 'code' || !params.get('code_challenge'))
      return reply.code(400).type('text/plain').send('response_type=code and code_challenge are required');
    return reply.type('text/html; charset=utf-8').send(
      consentPage({
        platform: 'VK ID',
        appName: store.client(params.get('client_id'))?.name ?? 'App',
        action: '/authorize',
        params: request.query as Record<string, string>,
        users: [...store.users.values()],
        scopes: requestedScopes(params),
      }),
    );
  });

  app.post('/authorize', async (request, reply) => {
    const outcome = consentDecision(store, new Params(request));
    if (!outcome.ok) return reply.code(400).type('text/plain').send(outcome.reason);
    if (!outcome.code) return reply.redirect(outcome.redirect, 302);
    const deviceId = randomBytes(16).toString('base64url');
    state.deviceIds.set(outcome.code, deviceId);
    const back = new URL(outcome.redirect);
    back.searchParams.set('device_id', deviceId);
    back.searchParams.set('type', 'code_v2');
    back.searchParams.set('expires_in', '600');
    return reply.redirect(back.toString(), 302);
  });

  app.post('/oauth2/auth', async (request, reply) => {
    const params = new Params(request);
    const clientId = params.get('client_id') ?? '';
    const deviceId = params.get('device_id');
    const stateParam = params.get('state');
    const fail = (error: OAuthFailure | string, description: string) =>
      reply
        .code(400)
        .send({ error, error_description: description, ...(stateParam ? { state: stateParam } : {}) });
    if (!deviceId) return fail('invalid_request', 'device_id is missing');
    const grantType = params.get('grant_type');
    if (grantType === 'authorization_code') {
      const code = params.get('code') ?? '';
      if (!params.get('code_verifier')) return fail('invalid_request', 'code_verifier is missing');
      if (state.deviceIds.get(code) !== deviceId) return fail('invalid_grant', 'invalid device_id');
      const result = store.exchange({
        clientId,
        code,
        redirectUri: params.get('redirect_uri') ?? '',
        codeVerifier: params.get('code_verifier'),
      });
      if (!result.ok) return fail(result.error, 'code is invalid or expired');
      return answer(reply, state, result.tokens, deviceId, stateParam);
    }
    if (grantType === 'refresh_token') {
      const refreshToken = params.get('refresh_token') ?? '';
      if (state.deviceIds.get(refreshToken) !== deviceId) return fail('invalid_grant', 'invalid device_id');
      const result = store.refresh({ clientId, refreshToken });
      if (!result.ok) return fail(result.error, 'refresh token is invalid or expired');
      return answer(reply, state, result.tokens, deviceId, stateParam);
    }
    return fail('unsupported_grant_type', 'grant_type is not supported');
  });

  app.post('/oauth2/user_info', async (request, reply) => {
    const params = new Params(request);
    const check = store.check(params.get('access_token'));
    if (!check.ok)
      return reply.code(401).send({ error: 'invalid_token', error_description: 'access_token is invalid' });
    const user = state.users.get(Number(check.token.userId));
    return {
      user: {
        user_id: check.token.userId,
        first_name: user?.firstName ?? '',
        last_name: user?.lastName ?? '',
        avatar: avatarUrl(ctx.url, `id${check.token.userId}`),
      },
    };
  });
}

function answer(
  reply: FastifyReply,
  state: VkState,
  tokens: IssuedTokens,
  deviceId: string,
  stateParam: string | undefined,
): FastifyReply {
  const { access, refresh } = tokens;
  if (refresh) state.deviceIds.set(refresh.token, deviceId);
  return reply.code(200).send({
    refresh_token: refresh?.token,
    access_token: access.token,
    id_token: `${access.token}.id`,
    token_type: 'Bearer',
    expires_in: state.oauth.expiresIn(access),
    user_id: Number(access.userId),
    state: stateParam,
    scope: access.scopes.join(' '),
  });
}
