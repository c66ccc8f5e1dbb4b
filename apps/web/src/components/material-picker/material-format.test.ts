import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration } from './material-format';

describe('material formatting', () => {
  it('writes sizes in 1024s with the short unit', () => {
    expect(formatBytes(512, 'en')).toBe('512 bytes');
    expect(formatBytes(20971520, 'en')).toBe('20 MB');
    expect(formatBytes(1536, 'en')).toBe('1.5 kB');
    expect(formatBytes(2147483648, 'en')).toBe('2 GB');
  });

  it('writes durations like a player', () => {
    expect(formatDuration(7000)).toBe('0:07');
    expect(formatDuration(725_400)).toBe('12:05');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
  });
});
