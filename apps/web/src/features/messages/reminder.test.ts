import type { NotificationItem } from '@postdeck/contract/notifications';
import { describe, expect, it } from 'vitest';
import { bannerVisible, dismissReminder, nextReminder, parseReminder, publishHistoryLink } from './reminder';

const item = (id: number, readStatus = 1): NotificationItem => ({
  id,
  oppId: 40 + id,
  title: `Post ${id}`,
  channelName: 'Weibo',
  type: 'publish_failure',
  content: '',
  readStatus,
  time: '2026-11-21T10:00:00Z',
});

describe('publish-failure reminder', () => {
  it('parses the errclose cookie and refuses malformed values', () => {
    expect(parseReminder('{"id":3,"oppId":7,"readStatus":1,"errclose":false}')).toEqual({
      id: 3,
      oppId: 7,
      readStatus: 1,
      errclose: false,
    });
    expect(parseReminder(undefined)).toBeUndefined();
    expect(parseReminder('not json')).toBeUndefined();
    expect(parseReminder('{"id":"3","errclose":true}')).toBeUndefined();
  });

  it('refreshes the record only when the latest id differs', () => {
    const stored = { id: 1, oppId: 41, readStatus: 1, errclose: false };
    expect(nextReminder(stored, item(1))).toBe(stored);
    expect(nextReminder(stored, item(2))).toEqual({ id: 2, oppId: 42, readStatus: 1, errclose: true });
    expect(nextReminder(undefined, item(5))?.errclose).toBe(true);
    expect(nextReminder(stored, undefined)).toBe(stored);
  });

  it('shows only an unread, not dismissed latest failure', () => {
    const fresh = nextReminder(undefined, item(1));
    expect(bannerVisible(fresh, item(1))).toBe(true);
    expect(bannerVisible(fresh, item(1, 2))).toBe(false);
    expect(bannerVisible(fresh && dismissReminder(fresh), item(1))).toBe(false);
    expect(bannerVisible(undefined, undefined)).toBe(false);
  });

  it('links to the publish list of the failed publication', () => {
    expect(publishHistoryLink(9)).toBe('/api/content/publish/pubHistory?pageSize=10&oppId=9&queryType=1');
    expect(publishHistoryLink(null)).toBe('/api/content/publish/pubHistory?pageSize=10&queryType=1');
  });
});
