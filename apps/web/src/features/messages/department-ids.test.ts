import { describe, expect, it } from 'vitest';
import { parseDepartmentIds } from './department-ids';

describe('parseDepartmentIds', () => {
  it('accepts positive integers and drops duplicates', () => {
    expect(parseDepartmentIds(['3', ' 7', '3'])).toEqual([3, 7]);
    expect(parseDepartmentIds([])).toEqual([]);
  });

  it('refuses anything else', () => {
    expect(parseDepartmentIds(['0'])).toBeUndefined();
    expect(parseDepartmentIds(['x'])).toBeUndefined();
    expect(parseDepartmentIds(['1.5'])).toBeUndefined();
  });
});
