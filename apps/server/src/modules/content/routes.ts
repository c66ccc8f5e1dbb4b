import type { FastifyInstance } from 'fastify';
import { route, sessionOf } from '../../lib/route.ts';
import { requestMeta } from '../audit/audit.ts';
import type { ContentService } from './service.ts';

/** Content lists, detail and the writer's calls (issue 4); permissions come from the route table. */
export function contentRoutes(app: FastifyInstance, content: ContentService) {
  route(app, 'contentDeptList', ({ query, request }) =>
    content.list(sessionOf(request).principal, query, { admin: false }),
  );

  route(app, 'contentAdminList', ({ query, request }) =>
    content.list(sessionOf(request).principal, query, { admin: true }),
  );

  route(app, 'contentDetail', ({ query, request }) => content.detail(sessionOf(request).principal, query.id));

  route(app, 'contentCreate', ({ body, request }) =>
    content.create(sessionOf(request).principal, body, requestMeta(request)),
  );

  route(app, 'contentUpdate', ({ body, request }) =>
    content.update(sessionOf(request).principal, body, requestMeta(request)),
  );

  route(app, 'contentArchive', ({ body, request }) =>
    content.archive(sessionOf(request).principal, body, requestMeta(request)),
  );

  route(app, 'contentDelete', ({ body, request }) =>
    content.remove(sessionOf(request).principal, body.id, requestMeta(request)),
  );

  route(app, 'contentRestore', ({ body, request }) =>
    content.restore(sessionOf(request).principal, body.id, requestMeta(request)),
  );
}
