import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FakeContext } from '../fake-server.ts';
import { consentDecision, requestedScopes } from '../oauth/consent-decision.ts';
import { consentPage } from '../oauth/consent-page.ts';
import type { AccessToken } from '../oauth/store.ts';
import { Params } from '../params.ts';
import { parseFields, pick } from './fields.ts';
import { authenticate } from './guard.ts';
import { graphError, invalidToken } from './replies.ts';
import { type GraphPage, type GraphState, LONG_LIVED_S } from './state.ts';

/** The version prefix every Graph path has (platforms.md §1 Base: "Keep the version in settings"). */
export const VERSION = /^v\d+\.\d+$/;

/** What Facebook adds to the redirect when the user presses Cancel. */
const DENIAL = {
  error: 'access_denied',
  error_code: '200',
  error_description: 'Permissions error',
  error_reason: 'user_denied',
};

type Versioned = { Params: { version: string } };

/**
 * Facebook Login (platforms.md §1 OAuth): the dialog, with the user's pages to tick; the code
 * exchange (a short-lived token) and fb_exchange_token (a long-lived one); /me/permissions;
 * /me/accounts with each page's token and its linked Instagram account.
 */
export function oauthRoutes(app: FastifyInstance, ctx: FakeContext, state: GraphState): void {
  const store = state.oauth;

  app.get<Versioned>('/:version/dialog/oauth', async (request, reply) => {
    const params = new Params(request);
    if (!VERSION.test(request.params.version)) return reply.code(404).send('Not found');
    const client = store.client(params.get('client_id'), params.get('redirect_uri'));
    if (!client)
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send(
          "<p>Invalid App ID, or URL blocked: this redirect failed because the redirect URI is not whitelisted in the app's Client OAuth Settings.</p>",
        );
    const pages = [...state.pages.values()];
    return reply.type('text/html; charset=utf-8').send(
      consentPage({
        platform: 'Facebook',
        appName: client.name,
        action: `/${request.params.version}/dialog/oauth`,
        params: request.query as Record<string, string>,
        users: [...store.users.values()],
        scopes: requestedScopes(params, ','),
        choices: [
          {
            name: 'pages',
            label: 'Pages Postdeck may use',
            options: pages.map((page) => ({ value: page.id, label: pageLabel(state, page) })),
          },
        ],
      }),
    );
  });

  app.post<Versioned>('/:version/dialog/oauth', async (request, reply) => {
    const outcome = consentDecision(store, new Params(request), { scopeSeparator: ',', denial: DENIAL });
    if (!outcome.ok) return reply.code(400).type('text/plain').send(outcome.reason);
    return reply.redirect(outcome.redirect, 302);
  });

  app.route<Versioned>({
    method: ['GET', 'POST'],
    url: '/:version/oauth/access_token',
    handler: async (request, reply) => {
      const params = new Params(request);
      const fault = ctx.faults.take('GET /oauth/access_token', undefined);
      if (fault?.kind === 'serverError')
        return graphError(reply, 500, {
          code: 2,
          message: 'An unexpected error has occurred. Please retry your request later.',
          isTransient: true,
        });
      const clientId = params.get('client_id') ?? '';
      const client = store.clients.get(clientId);
      if (!client)
        return graphError(reply, 400, {
          code: 101,
          message: 'Error validating application. Invalid application ID.',
        });
      if (params.get('client_secret') !== client.clientSecret)
        return graphError(reply, 400, { code: 1, message: 'Error validating client secret.' });
      if (params.get('grant_type') === 'fb_exchange_token') {
        const checked = store.check(params.get('fb_exchange_token'));
        if (!checked.ok || checked.token.clientId !== clientId)
          return invalidToken(reply, checked.ok ? 'invalid' : checked.reason, ctx.now());
        const { access } = store.issue(
          clientId,
          checked.token.userId,
          checked.token.scopes,
          checked.token.choices,
        );
        access.expiresAt = new Date(ctx.now().getTime() + LONG_LIVED_S * 1000);
        state.longLived.add(access.token);
        return tokenAnswer(access, LONG_LIVED_S);
      }
      const code = params.get('code') ?? '';
      const known = store.codes.get(code);
      const result = store.exchange({
        clientId,
        clientSecret: params.get('client_secret'),
        code,
        redirectUri: params.get('redirect_uri') ?? '',
      });
      if (!result.ok) return codeRefused(reply, known, ctx.now(), params.get('redirect_uri'));
      return tokenAnswer(result.tokens.access, store.expiresIn(result.tokens.access));
    },
  });

  app.get<Versioned>('/:version/me/permissions', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'GET /me/permissions');
    if (!authed) return reply;
    return {
      data: authed.token.scopes.map((permission) => ({ permission, status: 'granted' })),
    };
  });

  app.get<Versioned>('/:version/me/accounts', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'GET /me/accounts');
    if (!authed) return reply;
    if (authed.pageId !== undefined)
      return graphError(reply, 400, {
        code: 100,
        type: 'GraphMethodException',
        message: '(#100) Tried accessing nonexisting field (accounts) on node type (Page)',
      });
    const fields = parseFields(authed.params.get('fields'));
    const limit = Math.min(100, Number(authed.params.get('limit') ?? 25) || 25);
    const from = Number(Buffer.from(authed.params.get('after') ?? '', 'base64url').toString() || '0');
    const pages = grantedPages(state, authed.token);
    const slice = pages.slice(from, from + limit);
    const data = slice.map((page) =>
      pick(pageJson(ctx.url, state, page, pageToken(state, authed.token, page)), fields),
    );
    const cursor = (n: number) => Buffer.from(String(n)).toString('base64url');
    const next = new URL(request.url, ctx.url);
    next.searchParams.set('after', cursor(from + limit));
    return {
      data,
      paging: {
        cursors: { before: cursor(from), after: cursor(from + slice.length) },
        ...(from + limit < pages.length ? { next: next.toString() } : {}),
      },
    };
  });
}

/** The pages a user token reaches: those ticked on the consent page that the user still administers. */
export function grantedPages(state: GraphState, token: AccessToken): GraphPage[] {
  const ticked = token.choices['pages'] ?? [];
  return ticked.flatMap((id) => {
    const page = state.pages.get(id);
    return page && page.admins.includes(token.userId) ? [page] : [];
  });
}

/**
 * The page's token for this user token: the same one each time, as Graph answers. Taken from a
 * long-lived user token it does not end; from a short-lived one it ends with it (platforms.md §1).
 */
function pageToken(state: GraphState, user: AccessToken, page: GraphPage): string {
  const key = `${user.token} ${page.id}`;
  const known = state.pageTokens.get(key);
  if (known !== undefined && state.oauth.check(known).ok) return known;
  const { access } = state.oauth.issue(user.clientId, user.userId, user.scopes, { page: [page.id] });
  access.expiresAt = state.longLived.has(user.token) ? undefined : user.expiresAt;
  state.pageTokens.set(key, access.token);
  return access.token;
}

export function pageJson(base: string, state: GraphState, page: GraphPage, accessToken?: string) {
  const instagram = page.instagramId === undefined ? undefined : state.instagram.get(page.instagramId);
  return {
    id: page.id,
    name: page.name,
    username: page.username,
    category: page.category,
    category_list: [{ id: '2233', name: page.category }],
    link: `${base}/${page.username}`,
    followers_count: page.followers,
    fan_count: page.fans,
    tasks: ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MESSAGING', 'MODERATE', 'MANAGE'],
    ...(accessToken === undefined ? {} : { access_token: accessToken }),
    picture: {
      data: { height: 50, width: 50, is_silhouette: false, url: `${base}/avatars/${page.id}.png` },
    },
    ...(instagram
      ? {
          instagram_business_account: {
            id: instagram.id,
            username: instagram.username,
            name: instagram.name,
            profile_picture_url: `${base}/avatars/${instagram.id}.png`,
          },
        }
      : {}),
  };
}

function pageLabel(state: GraphState, page: GraphPage): string {
  const instagram = page.instagramId === undefined ? undefined : state.instagram.get(page.instagramId);
  return instagram ? `${page.name} (with Instagram @${instagram.username})` : page.name;
}

function tokenAnswer(access: AccessToken, expiresIn: number | undefined) {
  return {
    access_token: access.token,
    token_type: 'bearer',
    ...(expiresIn === undefined ? {} : { expires_in: expiresIn }),
  };
}

/** Graph's words for a code it will not take: used, expired, another redirect, or unknown. */
function codeRefused(
  reply: FastifyReply,
  code: { used: boolean; expiresAt: Date; redirectUri: string } | undefined,
  now: Date,
  redirectUri: string | undefined,
) {
  if (code?.used)
    return graphError(reply, 400, {
      code: 100,
      subcode: 36009,
      message: 'This authorization code has been used.',
    });
  if (code && code.expiresAt <= now)
    return graphError(reply, 400, {
      code: 100,
      subcode: 36007,
      message: 'This authorization code has expired.',
    });
  if (code && code.redirectUri !== redirectUri)
    return graphError(reply, 400, {
      code: 100,
      subcode: 36008,
      message:
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
    });
  return graphError(reply, 400, { code: 100, message: 'Invalid verification code format.' });
}
