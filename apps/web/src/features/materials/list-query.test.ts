import { describe, expect, it } from 'vitest';
import { readMaterialFilters, readView, toMaterialQuery, writeMaterialFilters } from './list-query';

describe('library filters in the address', () => {
  it('reads filters with the contract defaults and drops refused values', () => {
    const params = new URLSearchParams('kind=video&name=clip&page=2&uploaderId=abc&view=list');
    expect(readMaterialFilters(params)).toMatchObject({
      kind: 'video',
      name: 'clip',
      page: 2,
      pageSize: 10,
      sort: 'createdAt',
      order: 'desc',
    });
    expect(readMaterialFilters(params).uploaderId).toBeUndefined();
    expect(readView(params)).toBe('list');
    expect(readView(new URLSearchParams('view=nope'))).toBe('grid');
  });

  it('writes back only what differs from the defaults, the view included', () => {
    const filters = readMaterialFilters(new URLSearchParams('tag=launch&page=1'));
    expect(writeMaterialFilters(filters, 'grid').toString()).toBe('tag=launch');
    expect(writeMaterialFilters(filters, 'list').toString()).toBe('tag=launch&view=list');
    expect(toMaterialQuery(filters)).toEqual({ tag: 'launch' });
  });
});
