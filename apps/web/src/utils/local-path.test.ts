import { describe, expect, it } from 'vitest';
import { isLocalPath } from './local-path';

describe('isLocalPath', () => {
  it('accepts paths on this site only', () => {
    expect(isLocalPath('/api/x?y=1')).toBe(true);
    for (const foreign of ['//evil.example', '/\\evil.example', 'https://evil.example', 'api/x', '', null]) {
      expect(isLocalPath(foreign)).toBe(false);
    }
  });
});
