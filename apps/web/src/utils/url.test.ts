import { describe, expect, it } from 'vitest';
import { param2Obj } from './url';

describe('param2Obj (UT-6)', () => {
  it('decodes the query string', () => {
    const url = 'https://github.com/PanJiaChen/vue-element-admin?name=bill&age=29&key=%E6%B5%8B%E8%AF%95';
    expect(param2Obj(url)).toEqual({ name: 'bill', age: '29', key: '测试' });
  });
  it('gives an empty object without a query', () => {
    expect(param2Obj('/a')).toEqual({});
  });
});
