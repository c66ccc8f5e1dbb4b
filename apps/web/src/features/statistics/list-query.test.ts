import { describe, expect, it } from 'vitest';
import { defaultRange, readStatisticsFilters, toStatisticsQuery, writeStatisticsFilters } from './list-query';

const TODAY = '2026-06-30';

describe('the statistics filters in the address', () => {
  it('defaults to the last 30 days by day, left out of the address', () => {
    expect(defaultRange(TODAY)).toEqual({ from: '2026-06-01', to: TODAY });
    const filters = readStatisticsFilters(new URLSearchParams(), TODAY);
    expect(filters).toEqual({ from: '2026-06-01', to: TODAY, granularity: 'day' });
    expect(writeStatisticsFilters(filters, TODAY).toString()).toBe('');
    // The request always names the range.
    expect(toStatisticsQuery(filters, TODAY)).toEqual({ from: '2026-06-01', to: TODAY });
  });

  it('round-trips the range, granularity, department, platform, account and author', () => {
    const params = new URLSearchParams(
      'from=2026-01-01&to=2026-03-31&granularity=week&departmentId=3&platform=telegram&accountId=7&authorId=9',
    );
    const filters = readStatisticsFilters(params, TODAY);
    expect(filters).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
      granularity: 'week',
      departmentId: 3,
      platform: 'telegram',
      accountId: 7,
      authorId: 9,
    });
    expect(Object.fromEntries(writeStatisticsFilters(filters, TODAY))).toEqual(Object.fromEntries(params));
    expect(readStatisticsFilters(writeStatisticsFilters(filters, TODAY), TODAY)).toEqual(filters);
    expect(toStatisticsQuery(filters, TODAY)).toEqual(Object.fromEntries(params));
  });

  it('drops what the server would refuse', () => {
    const filters = readStatisticsFilters(
      new URLSearchParams('from=2026-13-01&granularity=year&platform=myspace&accountId=7'),
      TODAY,
    );
    expect(filters).toEqual({ from: '2026-06-01', to: TODAY, granularity: 'day', accountId: 7 });
    // A range backwards or longer than the server answers falls back to the last 30 days.
    expect(readStatisticsFilters(new URLSearchParams('from=2026-07-05&to=2026-07-01'), TODAY)).toMatchObject({
      from: '2026-06-01',
      to: TODAY,
    });
    expect(readStatisticsFilters(new URLSearchParams('from=2020-01-01&to=2026-01-01'), TODAY)).toMatchObject({
      from: '2026-06-01',
      to: TODAY,
    });
  });
});
