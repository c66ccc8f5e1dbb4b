import { describe, expect, it } from 'vitest';
import { addSample, speedOf } from './transfer-speed';

describe('upload speed', () => {
  it('averages over the last seconds', () => {
    let samples = addSample([], { at: 0, bytes: 0 });
    expect(speedOf(samples)).toBe(0);
    samples = addSample(samples, { at: 1000, bytes: 1000 });
    samples = addSample(samples, { at: 2000, bytes: 3000 });
    expect(speedOf(samples)).toBe(1500);
    samples = addSample(samples, { at: 6000, bytes: 7000 }, 3000);
    // Only the sample just before the window is kept as the starting point.
    expect(samples).toEqual([
      { at: 2000, bytes: 3000 },
      { at: 6000, bytes: 7000 },
    ]);
    expect(speedOf(samples)).toBe(1000);
  });
});
