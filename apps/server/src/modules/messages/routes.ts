import type { FastifyInstance } from 'fastify';
import { route, sessionOf } from '../../lib/route.ts';
import { requestMeta } from '../audit/audit.ts';
import type { MessagesService } from './service.ts';

/** The spec §7 Messages calls, tips, preferences and the 'what's new' read marks. */
export function messagesRoutes(app: FastifyInstance, messages: MessagesService) {
  route(app, 'myInfor', ({ query, request }) => messages.myInfor(sessionOf(request).principal, query));

  route(app, 'allInfor', ({ query, request }) => messages.allInfor(sessionOf(request).principal, query));

  route(app, 'readInfor', ({ query, request }) =>
    messages.markRead(sessionOf(request).principal, query, requestMeta(request)),
  );

  route(app, 'notReadList', ({ body, request }) => messages.notReadList(sessionOf(request).principal, body));

  route(app, 'tipSend', ({ body, request }) =>
    messages.sendTip(sessionOf(request).principal, body, requestMeta(request)),
  );

  route(app, 'tipList', ({ query, request }) => messages.listTips(sessionOf(request).principal, query));

  route(app, 'preferences', ({ request }) => messages.preferences(sessionOf(request).principal.id));

  route(app, 'preferencesUpdate', ({ body, request }) =>
    messages.updatePreferences(sessionOf(request).principal, body, requestMeta(request)),
  );

  route(app, 'guideRead', ({ query, request }) =>
    messages.markGuideRead(sessionOf(request).principal, query.upgradeTime, requestMeta(request)),
  );

  route(app, 'guideStatus', ({ query, request }) =>
    messages.guideStatus(sessionOf(request).principal, query.upgradeTime),
  );
}
