import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../api/query-client';
import { pageDataPrefetch } from '../../../app/page-registry';
import { PAGES } from '@postdeck/contract/pages';
import { calls, envelope, mockFetch } from '../../../test/fetch-mock';
import { readContentFilters, toContentQuery } from '../list-query';
import { contentListQuery } from './content-list';

const ANSWER = { items: [], total: 0, totalExact: true, page: 2, pageSize: 10, next: null, prev: null };

afterEach(() => queryClient.clear());

describe("the landing list, asked for beside the page's chunk", () => {
  it("fills the cache under the page's own key for the address's filters, so the page does not ask again", async () => {
    const spy = mockFetch(({ url }) =>
      url.pathname.endsWith('/content/contentList/deplist') ? envelope(ANSWER) : envelope(null),
    );
    const search = new URLSearchParams('page=2&keyword=launch');
    await pageDataPrefetch(PAGES.departmentContent)?.(search);
    const [call] = calls(spy, '/prod-api/content/contentList/deplist');
    expect(new URL(String(call?.[0]), 'http://localhost').searchParams.get('keyword')).toBe('launch');
    const key = contentListQuery('contentDeptList', toContentQuery(readContentFilters(search))).queryKey;
    expect(queryClient.getQueryData(key)).toEqual(ANSWER);
  });

  it('keeps a refusal to itself: nothing is cached and the page asks again', async () => {
    mockFetch(() => envelope(null, { status: 403, code: 403, msg: 'no' }));
    const search = new URLSearchParams();
    await pageDataPrefetch(PAGES.adminContent)?.(search);
    const key = contentListQuery('contentAdminList', toContentQuery(readContentFilters(search))).queryKey;
    expect(queryClient.getQueryData(key)).toBeUndefined();
  });

  it('has nothing to ask for on a page without a prefetch', () => {
    expect(pageDataPrefetch(PAGES.roles)).toBeUndefined();
  });
});
