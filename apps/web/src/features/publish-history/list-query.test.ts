import { describe, expect, it } from 'vitest';
import {
  allowedTabs,
  readHistoryState,
  tabOf,
  toExportQuery,
  toHistoryQuery,
  writeHistoryState,
} from './list-query';

describe('the publish list in the address', () => {
  it("reads spec §2's notification link: pageSize, oppId and queryType=1", () => {
    const state = readHistoryState(new URLSearchParams('pageSize=10&oppId=42&queryType=1'));
    expect(state.filters).toMatchObject({ pageSize: 10, oppId: 42, page: 1 });
    expect(state.openDetail).toBe(true);
    expect(state.tab).toBeUndefined();
    expect(toHistoryQuery(state.filters)).toEqual({ oppId: '42' });
  });

  it('keeps the tab, filters and cursor, dropping what the server would refuse', () => {
    const params = new URLSearchParams(
      'tab=all&status=failed&platform=myspace&time=2026-01-01T00:00:00Z,2026-02-01T00:00:00Z&after=abc&mediaType=video',
    );
    const state = readHistoryState(params);
    expect(state.tab).toBe('all');
    expect(state.filters).toMatchObject({ status: 'failed', mediaType: 'video', after: 'abc' });
    expect(state.filters.platform).toBeUndefined();
    const written = writeHistoryState(state);
    expect(Object.fromEntries(written)).toEqual({
      status: 'failed',
      mediaType: 'video',
      time: '2026-01-01T00:00:00Z,2026-02-01T00:00:00Z',
      after: 'abc',
      tab: 'all',
    });
    expect(readHistoryState(written)).toEqual(state);
    expect(readHistoryState(new URLSearchParams('tab=everyone')).tab).toBeUndefined();
  });

  it('offers the tabs the permissions open, and picks the one shown', () => {
    expect(allowedTabs(['publish:list'])).toEqual(['mine', 'department']);
    expect(allowedTabs(['publish:list', 'publish:admin:list'])).toEqual(['mine', 'department', 'all']);
    expect(allowedTabs(['publish:admin:list'])).toEqual(['all']);
    expect(allowedTabs(undefined)).toEqual([]);

    const plain = readHistoryState(new URLSearchParams(''));
    expect(tabOf(plain, ['mine', 'department'])).toBe('mine');
    expect(tabOf(readHistoryState(new URLSearchParams('tab=all')), ['mine', 'department'])).toBe('mine');
    // A notification's publication may be one the user oversees rather than their own.
    expect(tabOf(readHistoryState(new URLSearchParams('oppId=9')), ['mine', 'department'])).toBe(
      'department',
    );
    expect(tabOf(readHistoryState(new URLSearchParams('oppId=9&tab=mine')), ['mine', 'department'])).toBe(
      'mine',
    );
    expect(tabOf(plain, [])).toBeUndefined();
  });

  it('exports what the list shows, without paging, for the tab', () => {
    const state = readHistoryState(
      new URLSearchParams('tab=department&status=published&page=3&pageSize=20&keyword=tide'),
    );
    const query = toExportQuery(state.filters, 'department', 'csv');
    expect(query).toMatchObject({ status: 'published', keyword: 'tide', list: 'department', format: 'csv' });
    expect(query).not.toHaveProperty('page');
    expect(query).not.toHaveProperty('pageSize');
    expect(typeof query.timeZone).toBe('string');
  });
});
