import type { FastifyInstance } from 'fastify';
import { route, sessionOf } from '../../lib/route.ts';
import { requestMeta } from '../audit/audit.ts';
import type { MenuAdminService } from './menu-admin-service.ts';

/** Issue 5, item 5: the menu editor. */
export function menuAdminRoutes(app: FastifyInstance, menus: MenuAdminService) {
  route(app, 'menuList', () => menus.list());
  route(app, 'menuCreate', ({ body, request }) =>
    menus.create(sessionOf(request).principal, body, requestMeta(request)),
  );
  route(app, 'menuUpdate', ({ body, request }) =>
    menus.update(sessionOf(request).principal, body, requestMeta(request)),
  );
  route(app, 'menuDelete', ({ body, request }) =>
    menus.remove(sessionOf(request).principal, body.id, requestMeta(request)),
  );
}
