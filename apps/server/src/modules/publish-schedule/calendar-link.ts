import { createHash, randomBytes } from 'node:crypto';
import { API_BASE } from '@postdeck/contract/constants';
import { endpoints } from '@postdeck/contract/endpoints';
import type { CalendarLink } from '@postdeck/contract/publish-schedule';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { calendarFeeds } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Principal } from '../../lib/principal.ts';
import { type RequestMeta, auditChange } from '../audit/audit.ts';

export const CALENDAR_LINK_ACTIONS = {
  renew: 'publish.calendarLink.renew',
  revoke: 'publish.calendarLink.revoke',
} as const;

/** Where calendars fetch the feed, below the console's origin. */
export const CALENDAR_FEED_PATH = `${API_BASE}${endpoints.publishCalendarFeed.path}`;

/**
 * A calendar may fetch its feed once in this long; a faster one is answered 429 with the wait.
 * Calendars poll every few hours: this only stops a leaked address being used to load the server.
 */
export const FEED_MIN_INTERVAL_MS = 10_000;

/** Only this is stored: the address itself cannot be read back from the database. */
const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export const feedUrl = (origin: string, token: string) =>
  `${origin}${CALENDAR_FEED_PATH}?token=${encodeURIComponent(token)}`;

/**
 * Each user's secret iCalendar address (issue 21): a random 32-byte token, base64url, of which
 * only the SHA-256 is kept. The address is therefore shown once, when it is made; renewing makes
 * another and the old one stops, revoking deletes it.
 */
export function createCalendarLinks(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  return {
    /** Whether the caller has an address and since when; the address itself is not kept. */
    async current(principal: Principal): Promise<CalendarLink> {
      const [row] = await db
        .select({ createdAt: calendarFeeds.createdAt })
        .from(calendarFeeds)
        .where(eq(calendarFeeds.userId, principal.id));
      return { url: null, createdAt: row?.createdAt.toISOString() ?? null };
    },

    /**
     * A new address in place of any other, in one statement: of two renewals at once the later
     * write wins and only its token opens the feed.
     */
    async renew(principal: Principal, origin: string, meta: RequestMeta): Promise<CalendarLink> {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      await db.transaction(async (tx) => {
        const values = { tokenHash: hashOf(token), createdAt: now, usedAt: null };
        await tx
          .insert(calendarFeeds)
          .values({ userId: principal.id, ...values })
          .onConflictDoUpdate({ target: calendarFeeds.userId, set: values });
        await auditChange(tx, principal, meta, {
          action: CALENDAR_LINK_ACTIONS.renew,
          target: `user:${principal.id}`,
          detail: {},
          at: now,
        });
      });
      return { url: feedUrl(origin, token), createdAt: now.toISOString() };
    },

    async revoke(principal: Principal, meta: RequestMeta): Promise<CalendarLink> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(calendarFeeds)
          .where(eq(calendarFeeds.userId, principal.id))
          .returning({ userId: calendarFeeds.userId });
        if (removed.length > 0)
          await auditChange(tx, principal, meta, {
            action: CALENDAR_LINK_ACTIONS.revoke,
            target: `user:${principal.id}`,
            detail: {},
            at: now,
          });
      });
      return { url: null, createdAt: null };
    },

    /** The owner of a token, by its hash alone (one index lookup); undefined for none. */
    async ownerOf(token: string): Promise<{ userId: number; tokenHash: string } | undefined> {
      const tokenHash = hashOf(token);
      const [row] = await db
        .select({ userId: calendarFeeds.userId })
        .from(calendarFeeds)
        .where(eq(calendarFeeds.tokenHash, tokenHash));
      return row ? { userId: row.userId, tokenHash } : undefined;
    },

    /**
     * Counts a fetch: true and the fetch time recorded, unless the last one was less than
     * FEED_MIN_INTERVAL_MS ago (then false). One guarded UPDATE, so parallel fetches of one
     * address let one through, on any number of API processes.
     */
    async admitFetch(tokenHash: string, now: Date): Promise<boolean> {
      const earliest = new Date(now.getTime() - FEED_MIN_INTERVAL_MS);
      const taken = await db
        .update(calendarFeeds)
        .set({ usedAt: now })
        .where(
          and(
            eq(calendarFeeds.tokenHash, tokenHash),
            or(isNull(calendarFeeds.usedAt), lte(calendarFeeds.usedAt, earliest)),
          ),
        )
        .returning({ userId: calendarFeeds.userId });
      return taken.length > 0;
    },
  };
}

export type CalendarLinks = ReturnType<typeof createCalendarLinks>;
