import { describe, expect, it } from 'vitest';
import {
  LIST_DAYS,
  dayStart,
  dayString,
  listWindow,
  readSchedulePage,
  refusedSchedulePage,
  scheduleQuery,
  stepDay,
  writeSchedulePage,
} from './schedule-query';

describe('the scheduled page’s address', () => {
  it('reads the view, the day and the filters, dropping what it cannot use', () => {
    const params = new URLSearchParams(
      'view=week&date=2026-06-02&platform=mastodon&accountId=7&status=held&keyword=x',
    );
    expect(readSchedulePage(params)).toEqual({
      view: 'week',
      date: '2026-06-02',
      platform: 'mastodon',
      accountId: 7,
      status: 'held',
      keyword: 'x',
    });
    const bad = new URLSearchParams('view=year&date=2026-13-45&platform=myspace&status=published&keyword=ok');
    expect(readSchedulePage(bad)).toEqual({ keyword: 'ok' });
    expect(refusedSchedulePage(bad).sort()).toEqual(['date', 'platform', 'status', 'view']);
  });

  it('writes only what is set', () => {
    expect(writeSchedulePage({ view: 'day', date: undefined, keyword: '' }).toString()).toBe('view=day');
  });
});

describe('windows and steps', () => {
  it('takes local days: midnight to midnight in the browser’s zone', () => {
    expect(dayStart('2026-06-02').getTime()).toBe(new Date(2026, 5, 2).getTime());
    expect(dayString(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    const window = listWindow('2026-06-02');
    expect(window.start.getTime()).toBe(new Date(2026, 5, 2).getTime());
    expect(window.end.getTime()).toBe(new Date(2026, 5, 2 + LIST_DAYS).getTime());
  });

  it('steps by the view: 31 days, a month (to its first), a week, a day', () => {
    expect(stepDay('list', '2026-06-02', 1)).toBe('2026-07-03');
    expect(stepDay('month', '2026-01-31', 1)).toBe('2026-02-01');
    expect(stepDay('month', '2026-01-15', -1)).toBe('2025-12-01');
    expect(stepDay('week', '2026-06-02', -1)).toBe('2026-05-26');
    expect(stepDay('day', '2026-12-31', 1)).toBe('2027-01-01');
  });

  it('asks for the window with the filters set, in ISO', () => {
    const start = new Date(2026, 5, 1);
    const end = new Date(2026, 6, 1);
    expect(scheduleQuery({ start, end }, { platform: 'x', keyword: 'brief' })).toEqual({
      from: start.toISOString(),
      to: end.toISOString(),
      platform: 'x',
      keyword: 'brief',
    });
  });
});
