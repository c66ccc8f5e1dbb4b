import { describe, expect, it } from 'vitest';
import { readChannelFilters, refusedChannelFilters } from './list-query';

describe('the channel accounts filters of the address', () => {
  it('name the keys whose values the contract refuses, and read the rest', () => {
    const params = new URLSearchParams('platform=myspace&status=active&departmentId=x&page=2&connect=');
    expect(refusedChannelFilters(params).sort()).toEqual(['departmentId', 'platform']);
    expect(readChannelFilters(params)).toMatchObject({ status: 'active', page: 2 });
    expect(readChannelFilters(params).platform).toBeUndefined();
  });

  it('refuse nothing in an address the list understands, nor keys that are not filters', () => {
    expect(refusedChannelFilters(new URLSearchParams('platform=ga4&status=released&connect=vk'))).toEqual([]);
  });
});
