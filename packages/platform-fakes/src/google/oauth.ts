import type { FastifyInstance } from 'fastify';
import type { FakeContext } from '../fake-server.ts';
import { escapeHtml } from '../html.ts';
import { consentDecision, requestedScopes } from '../oauth/consent-decision.ts';
import { consentPage } from '../oauth/consent-page.ts';
import { Params } from '../params.ts';
import { oauthError } from './replies.ts';
import type { GoogleState } from './state.ts';

export const AUTHORIZE_PATH = '/o/oauth2/v2/auth';

/**
 * Google's OAuth (platforms.md §3 OAuth, §11 OAuth): the consent page at accounts.google.com's
 * path, the token and revoke endpoints at oauth2.googleapis.com's. Where YouTube scopes are asked
 * for, the page asks which channel, as Google's account chooser does: one, since a grant
 * reaches one channel.
 */
export function oauthRoutes(app: FastifyInstance, ctx: FakeContext, state: GoogleState): void {
  const store = state.oauth;
  const errorPage = (status: number, text: string) =>
    `<!doctype html><title>Error ${status}</title><h1>Error ${status}: ${escapeHtml(text)}</h1>`;

  app.get(AUTHORIZE_PATH, async (request, reply) => {
    const params = new Params(request);
    if (!store.client(params.get('client_id')))
      return reply
        .code(401)
        .type('text/html')
        .send(errorPage(401, 'invalid_client The OAuth client was not found.'));
    if (!store.client(params.get('client_id'), params.get('redirect_uri')))
      return reply.code(400).type('text/html').send(errorPage(400, 'redirect_uri_mismatch'));
    if (params.get('response_type') !== 'code')
      return reply.code(400).type('text/html').send(errorPage(400, 'invalid_request Invalid response_type'));
    const scopes = requestedScopes(params);
    if (scopes.length === 0)
      return reply
        .code(400)
        .type('text/html')
        .send(errorPage(400, 'invalid_request Missing required parameter: scope'));
    const users = [...store.users.values()];
    const wantsYoutube = scopes.some((scope) => scope.includes('/auth/youtube'));
    const channels = [...state.channels.values()];
    return reply.type('text/html; charset=utf-8').send(
      consentPage({
        platform: 'Google',
        appName: store.client(params.get('client_id'))?.name ?? 'Postdeck',
        action: AUTHORIZE_PATH,
        params: request.query as Record<string, string>,
        users,
        scopes,
        choices:
          wantsYoutube && channels.length > 0
            ? [
                {
                  name: 'channel',
                  label: 'Choose a channel',
                  single: true,
                  options: channels.map((c) => ({
                    value: c.id,
                    label: `${c.title} (${store.users.get(c.userId)?.name ?? c.userId})`,
                  })),
                },
              ]
            : [],
      }),
    );
  });

  app.post(AUTHORIZE_PATH, async (request, reply) => {
    const params = new Params(request);
    // Google sends only error=access_denied back on a denial.
    const outcome = consentDecision(store, params, { denial: { error: 'access_denied' } });
    if (!outcome.ok) return reply.code(400).type('text/html').send(errorPage(400, outcome.reason));
    const back = new URL(outcome.redirect);
    const code = outcome.code === undefined ? undefined : store.codes.get(outcome.code);
    if (outcome.code && code) {
      // Only the signed-in user's channels can be chosen.
      const chosen = (code.choices['channel'] ?? []).filter(
        (id) => state.channels.get(id)?.userId === code.userId,
      );
      code.choices = { channel: chosen.slice(0, 1) };
      if (params.get('access_type') === 'offline') state.offlineCodes.add(outcome.code);
      back.searchParams.set('scope', code.scopes.join(' '));
      back.searchParams.set('authuser', '0');
      back.searchParams.set('prompt', 'consent');
    }
    return reply.redirect(back.toString(), 302);
  });

  app.post('/token', async (request, reply) => {
    const params = new Params(request);
    const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const [basicId, basicSecret] = basic ? Buffer.from(basic, 'base64').toString().split(':') : [];
    const clientId = params.get('client_id') ?? basicId ?? '';
    const clientSecret = params.get('client_secret') ?? basicSecret;
    if (!store.client(clientId))
      return oauthError(reply, 401, 'invalid_client', 'The OAuth client was not found.');
    if (clientSecret === undefined)
      return oauthError(reply, 400, 'invalid_request', 'client_secret is missing.');
    const grantType = params.get('grant_type');
    if (grantType === 'authorization_code') {
      const code = params.get('code') ?? '';
      const redeemed = store.codes.get(code)?.used === true;
      const result = store.exchange({
        clientId,
        clientSecret,
        code,
        redirectUri: params.get('redirect_uri') ?? '',
        codeVerifier: params.get('code_verifier'),
      });
      if (!result.ok)
        return result.error === 'invalid_client'
          ? oauthError(reply, 401, 'invalid_client', 'Unauthorized')
          : oauthError(reply, 400, 'invalid_grant', redeemed ? 'Code was already redeemed.' : 'Bad Request');
      const { access, refresh } = result.tokens;
      // §3 OAuth: a refresh token only with access_type=offline.
      const offline = state.offlineCodes.delete(code);
      if (!offline && refresh) {
        store.refreshTokens.delete(refresh.token);
        access.refreshToken = undefined;
      }
      return {
        access_token: access.token,
        expires_in: store.expiresIn(access),
        ...(offline && refresh ? { refresh_token: refresh.token } : {}),
        scope: access.scopes.join(' '),
        token_type: 'Bearer',
      };
    }
    if (grantType === 'refresh_token') {
      // The user withdrew the app's access (or Google expired the grant): the refresh is refused as Google does.
      const fault = ctx.faults.take(
        'POST /token',
        store.refreshTokens.get(params.get('refresh_token') ?? '')?.userId,
      );
      if (fault?.kind === 'revokedGrant' || fault?.kind === 'expiredToken')
        return oauthError(reply, 400, 'invalid_grant', 'Token has been expired or revoked.');
      if (fault?.kind === 'serverError') return oauthError(reply, 500, 'internal_failure', 'Backend Error');
      const result = store.refresh({
        clientId,
        clientSecret,
        refreshToken: params.get('refresh_token') ?? '',
      });
      if (!result.ok)
        return result.error === 'invalid_client'
          ? oauthError(reply, 401, 'invalid_client', 'Unauthorized')
          : oauthError(reply, 400, 'invalid_grant', 'Token has been expired or revoked.');
      // §11 OAuth: Google sends no new refresh token on a refresh.
      const { access } = result.tokens;
      return {
        access_token: access.token,
        expires_in: store.expiresIn(access),
        scope: access.scopes.join(' '),
        token_type: 'Bearer',
      };
    }
    return oauthError(reply, 400, 'unsupported_grant_type', `Invalid grant_type: ${grantType ?? ''}`);
  });

  // §11 OAuth: the token in the query (the Node library) or the body; an already dead one is 400.
  app.post('/revoke', async (request, reply) => {
    const token = new Params(request).get('token') ?? '';
    const access = store.tokens.get(token);
    const refresh = store.refreshTokens.get(token);
    const alive = access ? store.check(token).ok : refresh ? !refresh.revoked : false;
    if (!alive || !store.revoke(token))
      return oauthError(reply, 400, 'invalid_token', 'Token expired or revoked');
    return reply.code(200).type('application/json; charset=utf-8').send('');
  });
}
