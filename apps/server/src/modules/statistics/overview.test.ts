import { describe, expect, it } from 'vitest';
import { bucketsOf } from './overview.ts';
import { previousRange } from './filters.ts';

describe('the trend’s buckets', () => {
  it('are every day, Monday or first of the month the range touches', () => {
    expect(bucketsOf({ from: '2026-02-27', to: '2026-03-02', granularity: 'day' })).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    // 2026-03-04 is a Wednesday: its week began on Monday the 2nd.
    expect(bucketsOf({ from: '2026-03-04', to: '2026-03-16', granularity: 'week' })).toEqual([
      '2026-03-02',
      '2026-03-09',
      '2026-03-16',
    ]);
    expect(bucketsOf({ from: '2025-12-31', to: '2026-02-01', granularity: 'month' })).toEqual([
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
    ]);
  });

  it('the period before is as long and ends the day before', () => {
    expect(previousRange('2026-03-01', '2026-03-31')).toEqual({ from: '2026-01-29', to: '2026-02-28' });
  });
});
