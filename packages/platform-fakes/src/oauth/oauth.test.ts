import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeServer, startFakeServer } from '../fake-server.ts';
import { Params } from '../params.ts';
import { submitConsent } from './consent-client.ts';
import { consentDecision, requestedScopes } from './consent-decision.ts';
import { consentPage } from './consent-page.ts';
import { OAuthStore } from './store.ts';

const REDIRECT = 'https://postdeck.test/callback';
let now = new Date('2026-03-01T10:00:00Z');
const store = new OAuthStore({ now: () => now, accessTtlS: 3600, rotateRefresh: true, prefix: 'kit-' });
let server: FakeServer;

beforeAll(async () => {
  store.addClient({ clientId: 'app', clientSecret: 'secret', redirectUris: [REDIRECT] });
  store.addUser({ id: 'u1', name: 'Ada' });
  store.addUser({ id: 'u2', name: 'Grace' });
  server = await startFakeServer({
    platform: 'kit',
    routes(app) {
      app.get('/authorize', async (request, reply) => {
        const params = new Params(request);
        if (!store.client(params.get('client_id'), params.get('redirect_uri')))
          return reply.code(400).send('bad client');
        return reply.type('text/html').send(
          consentPage({
            platform: 'Kit',
            appName: 'Postdeck',
            action: '/authorize',
            params: request.query as Record<string, string>,
            users: [...store.users.values()],
            scopes: requestedScopes(params),
            choices: [
              {
                name: 'pages',
                label: 'Pages',
                options: [
                  { value: 'p1', label: 'Page one' },
                  { value: 'p2', label: 'Page two' },
                ],
              },
            ],
          }),
        );
      });
      app.post('/authorize', async (request, reply) => {
        const outcome = consentDecision(store, new Params(request));
        if (!outcome.ok) return reply.code(400).send(outcome.reason);
        return reply.redirect(outcome.redirect, 302);
      });
    },
  });
});
afterAll(() => server.stop());

const authorizeUrl = (extra: Record<string, string> = {}) =>
  `${server.url}/authorize?${new URLSearchParams({ client_id: 'app', redirect_uri: REDIRECT, scope: 'read write', state: 's1', ...extra })}`;

describe('the OAuth kit', () => {
  it('approves with the ticked scopes, choices and user, and exchanges the code once with PKCE', async () => {
    const verifier = 'v'.repeat(43);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const back = await submitConsent(
      authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256' }),
      {
        decision: 'approve',
        userId: 'u2',
        untick: ['write', 'p2'],
      },
    );
    expect(back.searchParams.get('state')).toBe('s1');
    const code = back.searchParams.get('code') ?? '';
    expect(
      store.exchange({
        clientId: 'app',
        clientSecret: 'secret',
        code,
        redirectUri: REDIRECT,
        codeVerifier: 'wrong',
      }),
    ).toEqual({ ok: false, error: 'invalid_grant' });
    const result = store.exchange({ clientId: 'app', code, redirectUri: REDIRECT, codeVerifier: verifier });
    if (!result.ok) throw new Error(result.error);
    expect(result.tokens.access).toMatchObject({
      userId: 'u2',
      scopes: ['read'],
      choices: { pages: ['p1'] },
    });
    expect(store.exchange({ clientId: 'app', code, redirectUri: REDIRECT, codeVerifier: verifier })).toEqual({
      ok: false,
      error: 'invalid_grant',
    });
  });

  it('sends a denial back with the state', async () => {
    const back = await submitConsent(authorizeUrl(), { decision: 'deny' });
    expect(Object.fromEntries(back.searchParams)).toEqual({
      error: 'access_denied',
      error_description: 'The user denied the request.',
      state: 's1',
    });
  });

  it('refuses a public client without PKCE, a wrong secret and an old code', async () => {
    const code =
      (await submitConsent(authorizeUrl(), { decision: 'approve' })).searchParams.get('code') ?? '';
    expect(store.exchange({ clientId: 'app', code, redirectUri: REDIRECT })).toEqual({
      ok: false,
      error: 'invalid_client',
    });
    expect(store.exchange({ clientId: 'app', clientSecret: 'nope', code, redirectUri: REDIRECT })).toEqual({
      ok: false,
      error: 'invalid_client',
    });
    now = new Date(now.getTime() + 601_000);
    expect(store.exchange({ clientId: 'app', clientSecret: 'secret', code, redirectUri: REDIRECT })).toEqual({
      ok: false,
      error: 'invalid_grant',
    });
  });

  it('expires access tokens, rotates refresh tokens, and revokes the whole grant', () => {
    const { access, refresh } = store.issue('app', 'u1', ['read']);
    expect(store.expiresIn(access)).toBe(3600);
    now = new Date(now.getTime() + 3600_000);
    expect(store.check(access.token)).toEqual({ ok: false, reason: 'expired' });
    const renewed = store.refresh({
      clientId: 'app',
      clientSecret: 'secret',
      refreshToken: refresh?.token ?? '',
    });
    if (!renewed.ok) throw new Error(renewed.error);
    expect(store.check(renewed.tokens.access.token).ok).toBe(true);
    expect(store.refresh({ clientId: 'app', refreshToken: refresh?.token ?? '' })).toEqual({
      ok: false,
      error: 'invalid_grant',
    });
    store.revoke(renewed.tokens.refresh?.token ?? '');
    expect(store.check(renewed.tokens.access.token)).toEqual({ ok: false, reason: 'revoked' });
  });
});
