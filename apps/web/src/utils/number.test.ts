import { describe, expect, it } from 'vitest';
import { numberFormatter, toThousandFilter } from './number';

describe('numberFormatter (UT-4)', () => {
  it('uses the first unit the number reaches', () => {
    expect(numberFormatter(10000)).toBe('10k');
    expect(numberFormatter(1234567, 2)).toBe('1.23M');
    expect(numberFormatter(2e9, 1)).toBe('2G');
    expect(numberFormatter(3e12)).toBe('3T');
    expect(numberFormatter(4e15)).toBe('4P');
    expect(numberFormatter(5e18)).toBe('5E');
    expect(numberFormatter(999)).toBe('999');
  });
});

describe('toThousandFilter (UT-5)', () => {
  it('adds thousands separators', () => {
    expect(toThousandFilter(10000)).toBe('10,000');
    expect(toThousandFilter(1234567.5)).toBe('1,234,567.5');
    expect(toThousandFilter(NaN)).toBe('0');
  });
});
