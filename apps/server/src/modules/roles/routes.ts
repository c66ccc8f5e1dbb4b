import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { route, sessionOf } from '../../lib/route.ts';
import { requestMeta } from '../audit/audit.ts';
import { listMenuAdminItems } from '../menus/menu-repo.ts';
import type { RoleService } from './role-service.ts';

/** Spec §7 roles: `/control/user/userrole/*` with query parameters, and the role form's needs. */
export function roleRoutes(app: FastifyInstance, deps: { db: Db; roles: RoleService }) {
  const { roles } = deps;
  route(app, 'roleList', async ({ query }) => ({
    ...(await roles.list(query)),
    page: query.page,
    pageSize: query.pageSize,
  }));
  route(app, 'roleUsers', ({ query, request }) => roles.users(sessionOf(request).principal, query));
  route(app, 'roleMenuTree', async () => ({ items: await listMenuAdminItems(deps.db) }));
  route(app, 'roleAdd', ({ query, request }) =>
    roles.add(sessionOf(request).principal, query, requestMeta(request)),
  );
  route(app, 'roleUpdate', ({ body, request }) =>
    roles.update(sessionOf(request).principal, body, requestMeta(request)),
  );
  route(app, 'roleInsert', ({ query, request }) =>
    roles.insert(sessionOf(request).principal, query.roleId, query.userIds, requestMeta(request)),
  );
  route(app, 'roleDelete', ({ query, request }) =>
    roles.remove(sessionOf(request).principal, query.roleId, query.userIds, requestMeta(request)),
  );
}
