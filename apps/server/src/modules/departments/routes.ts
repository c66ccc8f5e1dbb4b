import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { departments } from '../../db/schema.ts';
import { departmentScope, scopeFilter } from '../../lib/department-scope.ts';
import { route, sessionOf } from '../../lib/route.ts';

/** Read access to the department tree; its administration arrives with the system pages. */
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
