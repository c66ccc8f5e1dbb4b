import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrastRatio, readableOn } from './contrast';

describe('contrastRatio', () => {
  it('follows WCAG 2: black on white is 21, a colour on itself 1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1890ff', '#1890ff')).toBe(1);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });
});

describe('readableOn', () => {
  it('keeps a colour that already passes', () => {
    expect(readableOn('#304156', '#ffffff')).toBe('#304156');
  });

  it('darkens on white and lightens on the dark menu until AA', () => {
    const onWhite = readableOn('#1890ff', '#ffffff');
    expect(contrastRatio(onWhite, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(onWhite, '#ffffff')).toBeLessThan(5.2);
    const onMenu = readableOn('#1890ff', '#304156');
    expect(contrastRatio(onMenu, '#304156')).toBeGreaterThanOrEqual(AA_TEXT);
  });
});
