import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FakeContext } from '../fake-server.ts';
import { Params } from '../params.ts';
import { consentPage } from './consent-page.ts';
import { INVALID_CLIENT, INVALID_GRANT, oauthError, validationFailed } from './replies.ts';
import type { MastodonState } from './state.ts';

/** App registration and OAuth (platforms.md §8 OAuth): apps, the consent page, token and revoke. */
export function oauthRoutes(app: FastifyInstance, ctx: FakeContext, state: MastodonState): void {
  app.post('/api/v1/apps', async (request, reply) => {
    const params = new Params(request);
    const name = params.get('client_name') ?? '';
    if (!name) return validationFailed(reply, "Application name can't be blank");
    const redirectUris = params
      .all('redirect_uris')
      .flatMap((uri) => uri.split(/\s+/))
      .filter(Boolean);
    if (redirectUris.length === 0) return validationFailed(reply, "Redirect URI can't be blank");
    const scopes = (params.get('scopes') ?? 'read').split(/\s+/).filter(Boolean);
    const registered = {
      clientId: state.secret('cid'),
      clientSecret: state.secret('csec'),
      name,
      website: params.get('website'),
      redirectUris,
      scopes,
    };
    state.apps.set(registered.clientId, registered);
    return {
      id: String(state.apps.size),
      name,
      website: registered.website ?? null,
      scopes,
      redirect_uris: redirectUris,
      redirect_uri: redirectUris.join('\n'),
      client_id: registered.clientId,
      client_secret: registered.clientSecret,
      client_secret_expires_at: 0,
    };
  });

  app.get('/oauth/authorize', async (request, reply) => {
    const query = request.query as Record<string, string>;
    const client = state.apps.get(query['client_id'] ?? '');
    if (!client)
      return reply
        .code(401)
        .type('text/html')
        .send('<p>invalid_client: ' + INVALID_CLIENT + '</p>');
    if (!client.redirectUris.includes(query['redirect_uri'] ?? ''))
      return reply.code(400).type('text/html').send('<p>invalid_redirect_uri</p>');
    return reply.type('text/html; charset=utf-8').send(consentPage(client, [...state.users.values()], query));
  });

  app.post('/oauth/authorize', async (request, reply) => {
    const params = new Params(request);
    const client = state.apps.get(params.get('client_id') ?? '');
    const redirectUri = params.get('redirect_uri') ?? '';
    if (!client || !client.redirectUris.includes(redirectUri)) return reply.code(400).send('invalid request');
    const back = new URL(redirectUri);
    const stateParam = params.get('state');
    if (params.get('decision') !== 'approve') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set(
        'error_description',
        'The resource owner or authorization server denied the request.',
      );
    } else {
      const code = state.secret('code');
      const challenge = params.get('code_challenge');
      state.codes.set(code, {
        clientId: client.clientId,
        redirectUri,
        scopes: (params.get('scope') ?? 'read').split(/\s+/).filter(Boolean),
        userId: params.get('user_id') ?? [...state.users.keys()][0] ?? '',
        ...(challenge ? { codeChallenge: challenge } : {}),
        used: false,
      });
      back.searchParams.set('code', code);
    }
    if (stateParam) back.searchParams.set('state', stateParam);
    return reply.redirect(back.toString(), 302);
  });

  app.post('/oauth/token', async (request, reply) => {
    const params = new Params(request);
    const client = state.apps.get(params.get('client_id') ?? '');
    if (!client || client.clientSecret !== params.get('client_secret'))
      return oauthError(reply, 401, 'invalid_client', INVALID_CLIENT);
    if (params.get('grant_type') !== 'authorization_code')
      return oauthError(
        reply,
        400,
        'unsupported_grant_type',
        'The authorization grant type is not supported by the authorization server.',
      );
    const code = state.codes.get(params.get('code') ?? '');
    const verifier = params.get('code_verifier');
    const pkceOk =
      !code?.codeChallenge ||
      (verifier !== undefined &&
        createHash('sha256').update(verifier).digest('base64url') === code.codeChallenge);
    if (
      !code ||
      code.used ||
      code.clientId !== client.clientId ||
      code.redirectUri !== params.get('redirect_uri') ||
      !pkceOk
    )
      return oauthError(reply, 400, 'invalid_grant', INVALID_GRANT);
    code.used = true;
    const token = state.secret('tok');
    const createdAt = ctx.now();
    state.tokens.set(token, {
      clientId: client.clientId,
      userId: code.userId,
      scopes: code.scopes,
      revoked: false,
      createdAt,
    });
    return {
      access_token: token,
      token_type: 'Bearer',
      scope: code.scopes.join(' '),
      created_at: Math.floor(createdAt.getTime() / 1000),
    };
  });

  app.post('/oauth/revoke', async (request, reply) => {
    const params = new Params(request);
    const client = state.apps.get(params.get('client_id') ?? '');
    if (!client || client.clientSecret !== params.get('client_secret'))
      return oauthError(reply, 403, 'unauthorized_client', 'You are not authorized to revoke this token');
    const token = state.tokens.get(params.get('token') ?? '');
    if (token && token.clientId === client.clientId) token.revoked = true;
    return {};
  });
}
