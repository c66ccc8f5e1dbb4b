import type { FastifyInstance } from 'fastify';
import { route, sessionOf } from '../../lib/route.ts';
import { requestMeta } from '../audit/audit.ts';
import type { AccountsService } from './accounts-service.ts';
import type { ConnectService } from './connect-service.ts';
import type { AccountMove } from './account-move.ts';
import { requestOrigin } from './request-origin.ts';

/** Channel accounts' calls from the route table (issue 12); permissions come from the table. */
export function channelRoutes(
  app: FastifyInstance,
  accounts: AccountsService,
  connect: ConnectService,
  move: AccountMove,
) {
  route(app, 'channelPlatforms', ({ request }) => accounts.platforms(sessionOf(request).principal));

  route(app, 'channelAccountList', ({ query, request }) =>
    accounts.list(sessionOf(request).principal, query),
  );

  route(app, 'channelAccountDetail', ({ query, request }) =>
    accounts.detail(sessionOf(request).principal, query.id),
  );

  route(app, 'channelConnectStart', ({ body, request }) =>
    connect.start(sessionOf(request).principal, body, requestOrigin(request)),
  );

  // The targets' pictures are the platform's own addresses: the sandbox's (http on loopback) break
  // the console's CSP, live ones may expire and tell a third party who looks. None is sent; the
  // picker shows initials, and Postdeck fetches its own copy once an account is saved (avatars.ts).
  route(app, 'channelConnectCallback', async ({ body, request }) => {
    const answer = await connect.callback(sessionOf(request).principal, body);
    return { ...answer, targets: answer.targets.map((target) => ({ ...target, avatarUrl: null })) };
  });

  route(app, 'channelConnectPick', ({ body, request }) =>
    connect.pick(sessionOf(request).principal, body, requestMeta(request)),
  );

  route(app, 'channelConnectTelegram', ({ body, request }) =>
    connect.telegram(sessionOf(request).principal, body, requestMeta(request)),
  );

  route(app, 'channelConnectBluesky', ({ body, request }) =>
    connect.bluesky(sessionOf(request).principal, body, requestMeta(request)),
  );

  route(app, 'channelAccountMove', ({ body, request }) =>
    move(sessionOf(request).principal, body, requestMeta(request)),
  );

  route(app, 'channelRelease', ({ body, request }) =>
    accounts.release(sessionOf(request).principal, body.id, requestMeta(request), body.platform),
  );
}
