import { API_BASE, OIDC_QUERY } from '@postdeck/contract/constants';
import { type EndpointName, endpoints } from '@postdeck/contract/endpoints';
import { ERRORS } from '@postdeck/contract/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import { requestMeta } from '../audit/audit.ts';
import { loginPage, type Oidc, safeRedirect, STATE_COOKIE_PREFIX } from './oidc.ts';

/** The sign-on cookie is sent back to these routes only. */
const COOKIE_PATH = `${API_BASE}/auth/oidc`;

/**
 * The single sign-on routes of the contract table. Three answer with a redirect rather than
 * the JSON envelope, so they are registered here like the audit export, with the table's
 * permission (PUBLIC). Without OIDC configured every one of them is 404.
 */
export function oidcRoutes(app: FastifyInstance, oidc: Oidc | undefined) {
  const configured = (): Oidc => {
    if (!oidc) throw new AppError('notFound');
    return oidc;
  };

  function redirectRoute(
    name: Extract<EndpointName, 'oidcLogin' | 'oidcCallback' | 'oidcLogout'>,
    handler: (request: FastifyRequest, reply: FastifyReply, oidc: Oidc) => Promise<string>,
  ) {
    const endpoint = endpoints[name];
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      schema: {
        summary: endpoint.summary,
        tags: [endpoint.tag],
        ...('querystring' in endpoint ? { querystring: endpoint.querystring } : {}),
      },
      config: { permission: endpoint.permission },
      // A HEAD would start a sign-on (or finish one) for nothing.
      exposeHeadRoute: false,
      handler: async (request, reply) => {
        const location = await handler(request, reply, configured());
        return reply.header('cache-control', 'no-store').redirect(location, 302);
      },
    });
  }

  redirectRoute('oidcLogin', async (request, reply, oidc) => {
    const { redirect } = request.query as { redirect?: string };
    try {
      const started = await oidc.start(redirect);
      reply.setCookie(started.cookie.name, started.cookie.value, {
        path: COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: oidc.secureCookies,
        maxAge: started.cookie.maxAge,
      });
      return started.location;
    } catch (error) {
      request.log.warn({ err: error }, 'OIDC discovery failed');
      return loginPage({ [OIDC_QUERY.error]: String(ERRORS.ssoUnavailable.code) }, safeRedirect(redirect));
    }
  });

  redirectRoute('oidcCallback', async (request, reply, oidc) => {
    const search = new URL(request.raw.url ?? '', 'http://callback').search;
    const location = await oidc.finish({
      search,
      cookie: (name) => request.cookies[name],
      meta: requestMeta(request),
    });
    // This attempt is over either way: its cookie goes (another tab's stays).
    const name = `${STATE_COOKIE_PREFIX}${new URLSearchParams(search).get('state') ?? ''}`;
    if (request.cookies[name] !== undefined) reply.clearCookie(name, { path: COOKIE_PATH });
    return location;
  });

  redirectRoute('oidcLogout', async (_request, _reply, oidc) => oidc.logoutLocation());

  route(app, 'oidcExchange', ({ body, request }) => configured().exchange(body.code, requestMeta(request)));
}
