import type { NotificationItem } from '@postdeck/contract/notifications';
import { READ_STATUS } from '@postdeck/contract/notifications';

/** The publish-failure reminder record (spec §3, cookie `errclose`). */
export interface Reminder {
  id: number;
  oppId: number | null;
  readStatus: number;
  /** true while the banner may show; false once the user closed it. */
  errclose: boolean;
}

export const REMINDER_COOKIE = 'errclose';

export function parseReminder(raw: string | undefined): Reminder | undefined {
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return undefined;
    const r = value as Record<string, unknown>;
    if (typeof r.id !== 'number' || typeof r.errclose !== 'boolean') return undefined;
    return {
      id: r.id,
      oppId: typeof r.oppId === 'number' ? r.oppId : null,
      readStatus: typeof r.readStatus === 'number' ? r.readStatus : READ_STATUS.unread,
      errclose: r.errclose,
    };
  } catch {
    return undefined;
  }
}

/**
 * Spec §4: the stored record is refreshed only when the latest notification id differs from the
 * stored one (and then shows again). Returns the stored record unchanged otherwise.
 */
export function nextReminder(
  stored: Reminder | undefined,
  latest: NotificationItem | undefined,
): Reminder | undefined {
  if (!latest || stored?.id === latest.id) return stored;
  return { id: latest.id, oppId: latest.oppId, readStatus: latest.readStatus, errclose: true };
}

/** Shown when the latest notification exists, is unread and its record is not dismissed. */
export function bannerVisible(reminder: Reminder | undefined, latest: NotificationItem | undefined): boolean {
  return (
    latest !== undefined &&
    latest.readStatus === READ_STATUS.unread &&
    reminder?.id === latest.id &&
    reminder.errclose
  );
}

export const dismissReminder = (reminder: Reminder): Reminder => ({ ...reminder, errclose: false });

/** spec §2 publish list route, for the banner's 'view details'. */
export function publishHistoryLink(oppId: number | null): string {
  const params = new URLSearchParams({ pageSize: '10' });
  if (oppId !== null) params.set('oppId', String(oppId));
  params.set('queryType', '1');
  return `/api/content/publish/pubHistory?${params.toString()}`;
}

export const UNREAD_MESSAGES_LINK = '/api/infor/myInfor?navLink=1';
