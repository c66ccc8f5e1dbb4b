import { PAGES } from '@postdeck/contract/pages';
import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import type { Publication } from '@postdeck/contract/publishing';
import ical, { ICalCalendarMethod } from 'ical-generator';

/** How long each publication lasts in a calendar: a point in time, shown as a short slot. */
export const EVENT_MINUTES = 5;
/** How often calendars are asked to fetch again (X-PUBLISHED-TTL, REFRESH-INTERVAL). */
const REFRESH_SECONDS = 15 * 60;

/** Where the console opens a publication: its publish action in the publish list. */
export const publicationPageUrl = (origin: string, id: number) =>
  `${origin}${PAGES.publishList}?oppId=${id}&queryType=1`;

/** "title · platform · account", as the calendar shows an event's one line. */
export const eventSummary = (publication: Publication) =>
  [
    publication.title,
    PLATFORM_CAPABILITIES[publication.account.platform].displayName,
    publication.account.name,
  ].join(' · ');

/**
 * The upcoming publications as an iCalendar document: one VEVENT each, its UID stable for the
 * publication (a moved one moves in the calendar, it does not appear twice), starting at its time
 * in UTC for EVENT_MINUTES, with the text and a link to the console as its description.
 */
export function calendarDocument(
  items: readonly Publication[],
  options: { origin: string; name: string; now: Date },
): string {
  const host = new URL(options.origin).host;
  const calendar = ical({
    name: options.name,
    prodId: { company: 'Postdeck', product: 'scheduled-publishing', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: REFRESH_SECONDS,
    url: `${options.origin}${PAGES.scheduledPublishing}`,
  });
  for (const publication of items) {
    if (!publication.scheduledAt) continue;
    const start = new Date(publication.scheduledAt);
    const link = publicationPageUrl(options.origin, publication.id);
    calendar.createEvent({
      id: `publication-${publication.id}@${host}`,
      start,
      end: new Date(start.getTime() + EVENT_MINUTES * 60_000),
      stamp: options.now,
      lastModified: new Date(publication.updatedAt),
      summary: eventSummary(publication),
      description: publication.text ? `${publication.text}\n\n${link}` : link,
      url: link,
    });
  }
  return calendar.toString();
}
