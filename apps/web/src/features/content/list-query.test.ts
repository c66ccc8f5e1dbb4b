import { describe, expect, it } from 'vitest';
import { readContentFilters, toContentQuery, writeContentFilters } from './list-query';

describe('content list filters in the address', () => {
  it('reads filters with the contract defaults', () => {
    const filters = readContentFilters(new URLSearchParams('keyword=budget&page=2&status=ready'));
    expect(filters).toMatchObject({
      keyword: 'budget',
      page: 2,
      pageSize: 10,
      status: 'ready',
      sort: 'updatedAt',
    });
  });

  it('drops only the values the server would refuse', () => {
    const filters = readContentFilters(new URLSearchParams('keyword=x&pageSize=1000&status=nope'));
    expect(filters).toMatchObject({ keyword: 'x', pageSize: 10 });
    expect(filters.status).toBeUndefined();
  });

  it('writes back only what differs from the defaults, round trip included', () => {
    const params = writeContentFilters({ keyword: 'x', page: 1, pageSize: 10, sort: 'title', order: 'desc' });
    expect(params.toString()).toBe('keyword=x&sort=title');
    expect(readContentFilters(params)).toMatchObject({ keyword: 'x', sort: 'title', page: 1 });
    expect(toContentQuery(readContentFilters(params))).toEqual({ keyword: 'x', sort: 'title' });
  });
});
