import { describe, expect, it } from 'vitest';
import { componentSizeOf } from './component-size';

describe('componentSizeOf (checklist NB-5)', () => {
  it('maps the template sizes onto antd sizes, medium by default', () => {
    expect(componentSizeOf(undefined)).toBe('middle');
    expect(componentSizeOf('default')).toBe('large');
    expect(componentSizeOf('small')).toBe('middle');
    expect(componentSizeOf('mini')).toBe('small');
    expect(componentSizeOf('huge')).toBe('middle');
  });
});
