import { describe, expect, it } from 'vitest';
import { readFilters, toMyInforQuery, writeFilters } from './my-messages-query';

const TIME = '2026-11-01T00:00:00.000Z,2026-11-21T23:59:59.999Z';

describe('my messages address', () => {
  it('reads navLink, time and page with fallbacks', () => {
    expect(readFilters(new URLSearchParams('navLink=1&page=3&time=' + TIME))).toEqual({
      navLink: 1,
      time: TIME,
      page: 3,
    });
    expect(readFilters(new URLSearchParams('navLink=9&page=x&time=bad'))).toEqual({
      navLink: 2,
      time: undefined,
      page: 1,
    });
  });

  it('writes only set filters, and the query omits an unset time', () => {
    expect(writeFilters({ navLink: 2, time: undefined, page: 1 }).toString()).toBe('navLink=2');
    expect(toMyInforQuery({ navLink: 1, time: undefined, page: 2 })).toEqual({
      navLink: 1,
      page: 2,
      pageSize: 10,
    });
    expect(toMyInforQuery({ navLink: 2, time: TIME, page: 1 })).toMatchObject({ time: TIME });
  });
});
