import { describe, expect, it } from 'vitest';
import { baselinesAgree, formatSpread, spread } from './stats.ts';

describe('bench statistics', () => {
  it('takes the median of odd and even runs, with their range', () => {
    expect(spread([30, 10, 20])).toEqual({ median: 20, min: 10, max: 30 });
    expect(spread([4, 1, 3, 2])).toEqual({ median: 2.5, min: 1, max: 4 });
    expect(formatSpread([1200, 1000, 1500])).toBe('1,200 (1,000-1,500)');
    expect(formatSpread([7, 7], 1)).toBe('7.0');
  });

  it('trusts a ratio only when the baselines before and after agree within 20 %', () => {
    expect(baselinesAgree(19_700, 16_000)).toBe(true);
    expect(baselinesAgree(19_700, 3_700)).toBe(false);
    expect(baselinesAgree(10_000, 7_999)).toBe(false);
    expect(baselinesAgree(8_000, 10_000)).toBe(true);
  });
});
