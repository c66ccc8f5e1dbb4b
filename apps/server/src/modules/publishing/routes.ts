import type { FastifyInstance } from 'fastify';
import { route, sessionOf } from '../../lib/route.ts';
import { requestMeta } from '../audit/audit.ts';
import type { Screenshots } from './screenshot.ts';
import type { PublishingService } from './service.ts';

/** Publishing's calls from the route table (issue 20); permissions come from the table. */
export function publishingRoutes(app: FastifyInstance, service: PublishingService, screenshots: Screenshots) {
  route(app, 'publishCreate', ({ body, request }) =>
    service.create(sessionOf(request).principal, body, requestMeta(request)),
  );

  route(app, 'publishTargets', ({ request }) => service.targets(sessionOf(request).principal));

  route(app, 'publicationDetail', ({ query, request }) =>
    service.detail(sessionOf(request).principal, query.id),
  );

  route(app, 'publicationWithdrawal', ({ body, request }) =>
    service.withdrawal(sessionOf(request).principal, body.id, requestMeta(request)),
  );

  route(app, 'publicationUpdate', ({ body, request }) =>
    service.update(sessionOf(request).principal, body, requestMeta(request)),
  );

  route(app, 'publicationChunkStatus', ({ query, request }) =>
    service.chunkStatus(sessionOf(request).principal, query.taskId),
  );

  route(app, 'publicationRetry', ({ body, request }) =>
    service.retry(sessionOf(request).principal, body.id, requestMeta(request)),
  );

  route(app, 'publicationSettle', ({ body, request }) =>
    service.settle(sessionOf(request).principal, body, requestMeta(request)),
  );

  route(app, 'publicationScreenshot', ({ query, request }) =>
    screenshots.answer(sessionOf(request).principal, query, requestMeta(request)),
  );
}
