import { endpoints } from '@postdeck/contract/endpoints';
import type { StatisticsFilters } from '@postdeck/contract/statistics';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { requestLanguage } from '../../lib/i18n.ts';
import { route, sessionOf } from '../../lib/route.ts';
import { generatedDownloadHeaders } from '../../storage/http-headers.ts';
import { statisticsWorkbook } from './export.ts';
import { departmentsOf } from './filters.ts';
import { freshen } from './rollups.ts';
import { heatmap } from './heatmap.ts';
import { accounts, overview } from './overview.ts';
import { publicationMetrics } from './publication-metrics.ts';
import { top } from './top.ts';
import { traffic } from './traffic.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const EXPORT_TOP = 50;

/** The statistics calls of the route table (issue 23); the permission (report:view) is the table's. */
export function statisticsRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock }) {
  const { db } = deps;
  const scoped = async (request: Parameters<typeof sessionOf>[0], filters: StatisticsFilters) => {
    const departments = await departmentsOf(db, sessionOf(request).principal, filters.departmentId);
    await freshen(db);
    return departments;
  };

  route(app, 'statisticsOverview', async ({ query, request }) =>
    overview(db, query, await scoped(request, query)),
  );
  route(app, 'statisticsAccounts', async ({ query, request }) =>
    accounts(db, query, await scoped(request, query)),
  );
  route(app, 'statisticsHeatmap', async ({ query, request }) =>
    heatmap(db, query, await scoped(request, query)),
  );
  route(app, 'statisticsTop', async ({ query, request }) => top(db, query, await scoped(request, query)));
  route(app, 'statisticsTraffic', async ({ query, request }) =>
    traffic(db, query, await scoped(request, query)),
  );
  route(app, 'publicationMetrics', ({ query, request }) =>
    publicationMetrics(db, sessionOf(request).principal, query.id),
  );

  // A file, not the JSON envelope: registered by hand as the publish list's export is.
  const endpoint = endpoints.statisticsExport;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.tag],
      querystring: endpoint.querystring,
      produces: [XLSX_TYPE],
    },
    config: { permission: endpoint.permission },
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      const query = request.query as StatisticsFilters;
      const departments = await scoped(request, query);
      const [figures, perAccount, best] = await Promise.all([
        overview(db, query, departments),
        accounts(db, query, departments),
        top(db, { ...query, by: 'engagement', limit: EXPORT_TOP }, departments),
      ]);
      const file = await statisticsWorkbook(figures, perAccount, best, requestLanguage(request));
      return reply
        .headers(generatedDownloadHeaders(XLSX_TYPE, `statistics-${query.from}-${query.to}.xlsx`))
        .send(file);
    },
  });
}
