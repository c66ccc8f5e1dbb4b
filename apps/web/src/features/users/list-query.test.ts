import { describe, expect, it } from 'vitest';
import { readUserFilters, toUserQuery, writeUserFilters } from './list-query';

describe('user list filters in the address', () => {
  it('reads filters with the contract defaults', () => {
    const filters = readUserFilters(new URLSearchParams('account=ada&departmentId=3&status=disabled&page=2'));
    expect(filters).toMatchObject({
      account: 'ada',
      departmentId: 3,
      status: 'disabled',
      page: 2,
      pageSize: 10,
    });
  });

  it('drops only the values the server would refuse', () => {
    const filters = readUserFilters(new URLSearchParams('name=Ada&status=gone&departmentId=-1'));
    expect(filters).toMatchObject({ name: 'Ada', page: 1 });
    expect(filters.status).toBeUndefined();
    expect(filters.departmentId).toBeUndefined();
  });

  it('writes back only what differs from the defaults, round trip included', () => {
    const params = writeUserFilters({ role: 'editor', page: 1, pageSize: 20 });
    expect(params.toString()).toBe('role=editor&pageSize=20');
    expect(toUserQuery(readUserFilters(params))).toEqual({ role: 'editor', pageSize: '20' });
  });
});
