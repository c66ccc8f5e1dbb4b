/** Checklist UT-6: the query string of `url` as an object, values decoded. */
export function param2Obj(url: string): Record<string, string> {
  const search = decodeURIComponent(url.split('?')[1] ?? '').replace(/\+/g, ' ');
  if (!search) return {};
  const obj: Record<string, string> = {};
  for (const pair of search.split('&')) {
    const index = pair.indexOf('=');
    if (index === -1) continue;
    obj[pair.substring(0, index)] = pair.substring(index + 1);
  }
  return obj;
}

/** A post's address as a platform names it: only a web one is offered as a link. */
export const isWebLink = (url: string | null | undefined): url is string =>
  typeof url === 'string' && /^https?:\/\//i.test(url);
