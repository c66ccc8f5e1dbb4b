import { describe, expect, it } from 'vitest';
import { isMobileWidth } from './use-device';

describe('isMobileWidth (LY-5)', () => {
  it('counts 991 and 992 as mobile, 993 as desktop', () => {
    expect(isMobileWidth(991)).toBe(true);
    expect(isMobileWidth(992)).toBe(true);
    expect(isMobileWidth(993)).toBe(false);
  });
});
