import { endpoints } from '@postdeck/contract/endpoints';
import { PERMISSIONS } from '@postdeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import { route, sessionOf } from '../../lib/route.ts';
import { requestMeta } from '../audit/audit.ts';
import { requestOrigin } from '../channels/request-origin.ts';
import { calendarDocument } from './calendar-feed.ts';
import { FEED_MIN_INTERVAL_MS, createCalendarLinks } from './calendar-link.ts';
import { scheduleList, upcomingPublications } from './schedule.ts';

export interface PublishScheduleDeps {
  db: Db;
  clock: Clock;
  /**
   * The console's origin as browsers and calendars reach it (PUBLIC_URL); without it, the origin
   * the request came to, as the channels' redirects do.
   */
  publicOrigin?: string | undefined;
}

/** How far back the feed reaches: calendars show the recent past, and what is late still waits. */
const FEED_PAST_MS = 31 * 86_400_000;

/** Whether the feed's owner could open their scheduled publishing page right now. */
const mayReadSchedule = (principal: Principal | null | undefined): principal is Principal =>
  principal != null &&
  principal.status === 'active' &&
  !principal.mustChangePassword &&
  principal.permissions.has(PERMISSIONS.publishScheduleList);

/**
 * The scheduled publishing page's calls (issue 21): the window's publications, the caller's
 * iCalendar address, and the feed behind it. Moving a publication is POST /content/publish/update.
 */
export function publishScheduleRoutes(app: FastifyInstance, deps: PublishScheduleDeps) {
  const { db, clock } = deps;
  const links = createCalendarLinks({ db, clock });
  const originOf = (request: Parameters<typeof requestOrigin>[0]) =>
    new URL(deps.publicOrigin ?? requestOrigin(request)).origin;

  route(app, 'publishScheduleList', ({ query, request }) =>
    scheduleList(db, sessionOf(request).principal, query),
  );
  route(app, 'publishCalendarLink', ({ request }) => links.current(sessionOf(request).principal));
  route(app, 'publishCalendarLinkRenew', ({ request }) =>
    links.renew(sessionOf(request).principal, originOf(request), requestMeta(request)),
  );
  route(app, 'publishCalendarLinkRevoke', ({ request }) =>
    links.revoke(sessionOf(request).principal, requestMeta(request)),
  );

  // A calendar document, not the JSON envelope, so not through route(); PUBLIC in the table: the
  // token is the credential. Anything wrong with it is a plain 404, found by one hash lookup.
  const feed = endpoints.publishCalendarFeed;
  app.route({
    method: feed.method,
    url: feed.path,
    schema: {
      summary: feed.summary,
      tags: [feed.tag],
      querystring: feed.querystring,
      produces: ['text/calendar'],
    },
    config: { permission: feed.permission },
    // No HEAD: it would count as a fetch and build the document for nothing.
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      const { token } = request.query as { token: string };
      const owner = await links.ownerOf(token);
      if (!owner) throw new AppError('notFound');
      // The owner as they are now (cached, told of every change): disabled, or without the
      // page any more, and the address shows nothing.
      const principal = await app.principals.get(owner.userId);
      if (!mayReadSchedule(principal)) throw new AppError('notFound');
      const now = clock.now();
      if (!(await links.admitFetch(owner.tokenHash, now))) {
        // Renewed or revoked since the lookup: the address is gone, not busy.
        if (!(await links.ownerOf(token))) throw new AppError('notFound');
        const seconds = Math.ceil(FEED_MIN_INTERVAL_MS / 1000);
        return reply
          .code(429)
          .headers({
            'retry-after': String(seconds),
            'content-type': 'text/plain; charset=utf-8',
            'cache-control': 'no-store',
          })
          .send(`Too many requests: fetch this calendar again in ${seconds} s\n`);
      }
      const { items } = await upcomingPublications(db, principal, {
        from: new Date(now.getTime() - FEED_PAST_MS),
      });
      const document = calendarDocument(items, {
        origin: originOf(request),
        name: `Postdeck · ${principal.name}`,
        now,
      });
      return reply
        .headers({
          'content-type': 'text/calendar; charset=utf-8',
          'content-disposition': 'inline; filename="postdeck-schedule.ics"',
          'x-content-type-options': 'nosniff',
          'cache-control': 'private, no-store',
        })
        .send(document);
    },
  });
}
