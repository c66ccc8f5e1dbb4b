import type { FastifyInstance } from 'fastify';
import { route, sessionOf } from '../../lib/route.ts';
import { requestMeta } from '../audit/audit.ts';
import type { AuthService } from './service.ts';

/** The spec §7 Users calls of the session: sign-in, refresh, who am I, menu, sign-out, password. */
export function authRoutes(app: FastifyInstance, auth: AuthService) {
  route(app, 'login', ({ body, request }) => auth.login(body, requestMeta(request)));

  route(app, 'refreshToken', ({ query, request }) => auth.refresh(query.refreshToken, requestMeta(request)));

  route(app, 'info', async ({ request }) => {
    const { principal } = sessionOf(request);
    return {
      id: principal.id,
      account: principal.account,
      name: principal.name,
      avatar: principal.avatar,
      introduction: principal.introduction,
      roles: principal.roles,
      permissions: [...principal.permissions].sort(),
      department: { id: principal.departmentId, name: principal.departmentName },
    };
  });

  route(app, 'dashboard', async ({ request }) => ({ menuList: sessionOf(request).principal.menu }));

  route(app, 'logout', async ({ request }) => {
    const { principal, familyId } = sessionOf(request);
    await auth.logout(principal, familyId, requestMeta(request));
    return null;
  });

  route(app, 'passwordUpdate', async ({ body, request }) => {
    const { principal, familyId } = sessionOf(request);
    await auth.changePassword(principal, familyId, body, requestMeta(request));
    return null;
  });
}
