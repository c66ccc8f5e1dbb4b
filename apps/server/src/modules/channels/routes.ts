import type { FastifyInstance } from 'fastify';
import { route, sessionOf } from '../../lib/route.ts';
import { requestMeta } from '../audit/audit.ts';
import type { AccountsService } from './accounts-service.ts';
import type { ConnectService } from './connect-service.ts';

/** Channel accounts' calls from the route table (issue 12); permissions come from the table. */
export function channelRoutes(app: FastifyInstance, accounts: AccountsService, connect: ConnectService) {
  route(app, 'channelPlatforms', () => accounts.platforms());

  route(app, 'channelAccountList', ({ query, request }) =>
    accounts.list(sessionOf(request).principal, query),
  );

  route(app, 'channelAccountDetail', ({ query, request }) =>
    accounts.detail(sessionOf(request).principal, query.id),
  );

  route(app, 'channelConnectStart', ({ body, request }) => connect.start(sessionOf(request).principal, body));

  route(app, 'channelConnectCallback', ({ body, request }) =>
    connect.callback(sessionOf(request).principal, body),
  );

  route(app, 'channelConnectPick', ({ body, request }) =>
    connect.pick(sessionOf(request).principal, body, requestMeta(request)),
  );

  route(app, 'channelConnectTelegram', ({ body, request }) =>
    connect.telegram(sessionOf(request).principal, body, requestMeta(request)),
  );

  route(app, 'channelConnectBluesky', ({ body, request }) =>
    connect.bluesky(sessionOf(request).principal, body, requestMeta(request)),
  );

  route(app, 'channelRelease', ({ body, request }) =>
    accounts.release(sessionOf(request).principal, body.id, requestMeta(request)),
  );
}
