import { endpoints } from '@postdeck/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { requestLanguage } from '../../lib/i18n.ts';
import { sessionOf } from '../../lib/route.ts';
import { generatedDownloadHeaders } from '../../storage/http-headers.ts';
import { requestMeta, writeAudit } from '../audit/audit.ts';
import { formatInZone } from './time-zone.ts';
import { type PublishExportFilters, createPublishExport, exportCsv, exportXlsx } from './publish-export.ts';

export const PUBLISH_EXPORT_ACTION = 'publish.export';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The filters actually given (for the audit entry). */
const givenFilters = (query: PublishExportFilters): Record<string, string | number> =>
  Object.fromEntries(
    Object.entries(query).filter(
      (entry): entry is [string, string | number] =>
        entry[1] !== undefined && entry[1] !== '' && !['list', 'format', 'timeZone'].includes(entry[0]),
    ),
  );

/**
 * GET /content/publish/export: the filtered publish list as an XLSX or CSV file. A file, not the
 * JSON envelope, so not through route(); the permission is still the table's, checked by the
 * auth hook, and list=all asks for publish:admin:list as pubAdmHistory does.
 */
export function publishExportRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; maxRows?: number; batchSize?: number },
) {
  const exporter = createPublishExport(deps);
  const endpoint = endpoints.publishHistoryExport;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.tag],
      querystring: endpoint.querystring,
      produces: [XLSX_TYPE, 'text/csv'],
    },
    config: { permission: endpoint.permission },
    // No HEAD: it would count the lines and write an audit entry for nothing.
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      const query = request.query as PublishExportFilters;
      const { principal } = sessionOf(request);
      const lang = requestLanguage(request);
      // Every refusal (scope, time zone, too many lines) comes before the first byte.
      const { zone, count, lines } = await exporter.prepare(principal, query);
      const now = deps.clock.now();
      // Recorded before the first byte leaves, so an export cut short is on the log too.
      await writeAudit(deps.db, {
        ...requestMeta(request),
        actorId: principal.id,
        actorAccount: principal.account,
        action: PUBLISH_EXPORT_ACTION,
        target: 'publications',
        detail: {
          list: query.list,
          format: query.format,
          timeZone: zone,
          filters: givenFilters(query),
          rows: count,
        },
        at: now,
      });
      const stamp = formatInZone(now, zone).slice(0, 16).replace(' ', '-').replace(':', '');
      const name = `publications-${query.list}-${stamp}.${query.format}`;
      const onError = (error: unknown) => request.log.warn({ err: error }, 'publish export stream failed');
      if (query.format === 'csv') {
        const stream = exportCsv(lines(), lang, zone);
        stream.on('error', onError);
        return reply.headers(generatedDownloadHeaders('text/csv; charset=utf-8', name)).send(stream);
      }
      return reply
        .headers(generatedDownloadHeaders(XLSX_TYPE, name))
        .send(exportXlsx(lines(), lang, zone, onError));
    },
  });
}
