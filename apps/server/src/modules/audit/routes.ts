import { AUDIT_ACTIONS, type AuditFilters } from '@postdeck/contract/audit';
import { endpoints } from '@postdeck/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { departmentScope } from '../../lib/department-scope.ts';
import type { ListSettings } from '../../lib/list-page.ts';
import { route, sessionOf } from '../../lib/route.ts';
import { generatedDownloadHeaders } from '../../storage/http-headers.ts';
import { requestMeta, writeAudit } from './audit.ts';
import { auditCsvStream } from './audit-csv.ts';
import { auditBatches, listAudit } from './audit-repo.ts';

/** The filters actually given, for the export's own audit entry. */
const givenFilters = (filters: AuditFilters): Record<string, string> =>
  Object.fromEntries(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])));

/**
 * The audit log for holders of log:audit (issue 5, item 6): the paged list and the CSV export,
 * both confined to what people of the caller's data scope did.
 */
export function auditRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock; lists: ListSettings }) {
  route(app, 'auditList', async ({ query, request }) => {
    const scope = await departmentScope(deps.db, sessionOf(request).principal);
    const page = await listAudit(deps.db, query, scope, deps.lists);
    return { ...page, page: query.page, pageSize: query.pageSize };
  });

  // A file, not the JSON envelope, so not through route(); the permission is still the
  // table's, checked by the auth hook like any other route's.
  const exportEndpoint = endpoints.auditExport;
  app.route({
    method: exportEndpoint.method,
    url: exportEndpoint.path,
    schema: {
      summary: exportEndpoint.summary,
      tags: [exportEndpoint.tag],
      querystring: exportEndpoint.querystring,
      produces: ['text/csv'],
    },
    config: { permission: exportEndpoint.permission },
    // No HEAD: it would run the export's first query and write its audit entry for nothing.
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      const filters = request.query as AuditFilters;
      const { principal } = sessionOf(request);
      // Recorded before the first byte leaves, so an export cut short is on the log too.
      await writeAudit(deps.db, {
        ...requestMeta(request),
        actorId: principal.id,
        actorAccount: principal.account,
        action: AUDIT_ACTIONS.export,
        target: 'audit_log',
        detail: { filters: givenFilters(filters) },
        at: deps.clock.now(),
      });
      const scope = await departmentScope(deps.db, principal);
      const stream = auditCsvStream(auditBatches(deps.db, filters, scope));
      stream.on('error', (error) => request.log.warn({ err: error }, 'audit export stream failed'));
      return reply.headers(generatedDownloadHeaders('text/csv; charset=utf-8', 'audit-log.csv')).send(stream);
    },
  });
}
