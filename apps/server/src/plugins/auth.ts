import { API_BASE } from '@postdeck/contract/constants';
import { AUTHENTICATED, PUBLIC } from '@postdeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';
import type { PrincipalCache } from '../lib/principal-cache.ts';
import type { AccessTokens } from '../modules/auth/access-tokens.ts';

/**
 * The one permission check. Every API route must declare a permission (registration fails
 * otherwise); public routes pass, the rest need a valid access token of a live session, and
 * permission codes must be granted by one of the caller's roles.
 */
export const DOCS_PREFIX = `${API_BASE}/docs`;

export function registerAuth(
  app: FastifyInstance,
  deps: { accessTokens: AccessTokens; principals: PrincipalCache },
) {
  app.decorateRequest('principal', null);
  app.decorateRequest('sessionFamily', null);

  app.addHook('onRoute', (routeOptions) => {
    if (!routeOptions.url?.startsWith(API_BASE)) return;
    // The OpenAPI viewer registers its own routes: public documentation.
    if (routeOptions.url.startsWith(DOCS_PREFIX)) {
      routeOptions.config = { ...routeOptions.config, permission: PUBLIC };
    }
    if (routeOptions.config?.permission === undefined) {
      throw new Error(`route ${routeOptions.method} ${routeOptions.url} declares no permission`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config?.permission;
    if (permission === undefined || permission === PUBLIC) return;

    const header = request.headers.authorization;
    if (!header || !/^Bearer\s+\S+$/i.test(header)) throw new AppError('notSignedIn');
    const verified = await deps.accessTokens.verify(header.replace(/^Bearer\s+/i, ''));
    if (verified === 'expired') throw new AppError('accessExpired');
    if (verified === 'invalid') throw new AppError('sessionInvalid');

    const principal = await deps.principals.get(verified.userId);
    if (!principal) throw new AppError('sessionInvalid');
    if (principal.status !== 'active') throw new AppError('sessionDisabled');
    if (!principal.families.has(verified.familyId)) throw new AppError('sessionRevoked');
    request.principal = principal;
    request.sessionFamily = verified.familyId;

    if (permission !== AUTHENTICATED && !principal.permissions.has(permission)) {
      throw new AppError('forbidden');
    }
    // An administrator's password is the user's only to replace: their own account (info, menu,
    // password, messages) stays open, the console's work does not.
    if (permission !== AUTHENTICATED && principal.mustChangePassword) {
      throw new AppError('passwordChangeRequired');
    }
  });
}
