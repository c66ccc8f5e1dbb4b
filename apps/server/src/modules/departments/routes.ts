import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { departments } from '../../db/schema.ts';
import { departmentScope, scopeFilter } from '../../lib/department-scope.ts';
import { route, sessionOf } from '../../lib/route.ts';
import { requestMeta } from '../audit/audit.ts';
import type { DepartmentAdminService } from './admin-service.ts';

/** Read access to the department tree, for pickers (any signed-in user, their data scope). */
export function departmentRoutes(app: FastifyInstance, deps: { db: Db }) {
  route(app, 'departmentList', async ({ request }) => {
    const scope = await departmentScope(deps.db, sessionOf(request).principal);
    const items = await deps.db
      .select({ id: departments.id, name: departments.name, parentId: departments.parentId })
      .from(departments)
      .where(scopeFilter(scope, departments.id))
      .orderBy(asc(departments.sort), asc(departments.name), asc(departments.id));
    return { items };
  });
}

/** Issue 5, item 4: the tree as administrators change it. */
export function departmentAdminRoutes(app: FastifyInstance, admin: DepartmentAdminService) {
  route(app, 'departmentAdminList', ({ request }) => admin.list(sessionOf(request).principal));
  route(app, 'departmentCreate', ({ body, request }) =>
    admin.create(sessionOf(request).principal, body, requestMeta(request)),
  );
  route(app, 'departmentUpdate', ({ body, request }) =>
    admin.update(sessionOf(request).principal, body, requestMeta(request)),
  );
  route(app, 'departmentDelete', ({ body, request }) =>
    admin.remove(sessionOf(request).principal, body.id, requestMeta(request)),
  );
}
