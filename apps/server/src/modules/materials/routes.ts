import type { FastifyInstance } from 'fastify';
import { route, sessionOf } from '../../lib/route.ts';
import { requestMeta } from '../audit/audit.ts';
import type { MaterialsService } from './service.ts';

/** The media library's calls from the route table (issue 4); permissions come from the table. */
export function materialRoutes(app: FastifyInstance, materials: MaterialsService) {
  route(app, 'materialList', ({ query, request }) => materials.list(sessionOf(request).principal, query));

  route(app, 'materialDetail', ({ query, request }) =>
    materials.detail(sessionOf(request).principal, query.id),
  );

  route(app, 'materialSettings', () => materials.settings());

  route(app, 'materialRename', ({ body, request }) =>
    materials.rename(sessionOf(request).principal, body, requestMeta(request)),
  );

  route(app, 'materialTags', ({ body, request }) =>
    materials.setTags(sessionOf(request).principal, body, requestMeta(request)),
  );

  route(app, 'materialDelete', ({ body, request }) =>
    materials.remove(sessionOf(request).principal, body, requestMeta(request)),
  );

  route(app, 'materialZipLink', ({ body, request }) =>
    materials.zipLink(sessionOf(request).principal, body.ids),
  );

  route(app, 'uploadComplete', ({ body, request }) =>
    materials.uploadComplete(sessionOf(request).principal, body, requestMeta(request)),
  );

  route(app, 'picUrl', ({ body, request }) =>
    materials.picUrl(sessionOf(request).principal, body, requestMeta(request)),
  );

  route(app, 'picUrlPage', ({ body, request }) => materials.picUrlPage(sessionOf(request).principal, body));
}
