import { PERMISSIONS } from '@postdeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { route, sessionOf } from '../../lib/route.ts';
import { requestMeta } from '../audit/audit.ts';
import type { UserAdminService } from '../users/admin-service.ts';
import type { AuthService } from './service.ts';

/** The spec §7 Users calls of the session: sign-in, refresh, who am I, menu, sign-out, password. */
export function authRoutes(
  app: FastifyInstance,
  auth: AuthService,
  userAdmin: Pick<UserAdminService, 'resetPassword'>,
) {
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
      mustChangePassword: principal.mustChangePassword,
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
    const { userId, oldPassword = '', newPassword } = body;
    if (userId !== undefined) {
      // Setting someone else's password is user administration, whatever the route's own check.
      if (!principal.permissions.has(PERMISSIONS.systemUsers)) throw new AppError('forbidden');
      await userAdmin.resetPassword(principal, { userId, newPassword }, requestMeta(request));
    } else {
      // The schema has asked for oldPassword when there is no userId.
      await auth.changePassword(principal, familyId, { oldPassword, newPassword }, requestMeta(request));
    }
    return null;
  });
}
