import { PlatformError } from '../errors.ts';
import { nextPageQuery } from './http.ts';

/** The pages read before a lookup gives up and throws (reconciling tries again later). */
const MAX_PAGES = 50;

export interface ListSearch<T> {
  platform: 'facebook' | 'instagram';
  /** The attempt's start: the list is read, newest first, until an item is older. */
  since: Date;
  /** The first page's query (fields, limit, since where the edge takes it). */
  query: Record<string, string | number>;
  /** One page of the edge for this query. */
  page(
    query: Record<string, string | number>,
  ): Promise<{ data: T[]; paging?: { next?: string | undefined } | undefined }>;
  /** When the item was made (Graph's time, `+0000`); undefined: read on. */
  at(item: T): string | undefined;
  matches(item: T): boolean;
}

/**
 * An item made since the attempt started, looked for in a list edge (a page's feed, an Instagram
 * account's media) page after page, as DESIGN.md §6 asks: undefined once the list is past `since`
 * or ends. A page that cannot be read throws, and so does a list that goes on past MAX_PAGES:
 * the lookup did not finish, which is not "not there".
 */
export async function findSince<T>(search: ListSearch<T>): Promise<T | undefined> {
  // Graph's times have seconds: an item made in the attempt's first second counts.
  const after = Math.floor(search.since.getTime() / 1000) * 1000;
  let query: Record<string, string | number> | undefined = search.query;
  for (let pages = 0; query; pages++) {
    if (pages === MAX_PAGES)
      throw new PlatformError('transient', {
        platform: search.platform,
        platformMessage: `the list since the attempt goes on past ${MAX_PAGES} pages`,
      });
    const page = await search.page(query);
    for (const item of page.data) {
      const at = search.at(item);
      if (at !== undefined && Date.parse(at) < after) return undefined;
      if (search.matches(item)) return item;
    }
    query = page.data.length === 0 ? undefined : nextPageQuery(page.paging?.next);
  }
  return undefined;
}
