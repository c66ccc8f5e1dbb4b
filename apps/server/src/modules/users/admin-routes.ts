import type { FastifyInstance } from 'fastify';
import { route, sessionOf } from '../../lib/route.ts';
import { requestMeta } from '../audit/audit.ts';
import type { UserAdminService } from './admin-service.ts';

/** Spec §7 Users for administrators: list, create, update, status, delete, directory look-up. */
export function userAdminRoutes(app: FastifyInstance, admin: UserAdminService) {
  route(app, 'userList', ({ query, request }) => admin.list(sessionOf(request).principal, query));

  route(app, 'userCreate', ({ body, request }) =>
    admin.create(sessionOf(request).principal, body, requestMeta(request)),
  );

  route(app, 'userUpdate', ({ body, request }) =>
    admin.update(sessionOf(request).principal, body, requestMeta(request)),
  );

  route(app, 'userStatus', ({ body, request }) =>
    admin.setStatus(sessionOf(request).principal, body, requestMeta(request)),
  );

  route(app, 'userDelete', async ({ query, request }) => {
    const ids = query.ids.split(',').map(Number);
    return { deleted: await admin.remove(sessionOf(request).principal, ids, requestMeta(request)) };
  });

  route(app, 'userDirectory', ({ query, request }) =>
    admin.lookUp(sessionOf(request).principal, query.account),
  );

  route(app, 'roleOptions', ({ request }) => admin.roleOptions(sessionOf(request).principal));
}
