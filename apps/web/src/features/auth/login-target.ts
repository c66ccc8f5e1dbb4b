import { type Path, parsePath } from 'react-router';
import { isLocalPath } from '../../utils/local-path';

const keyOf = (pair: string) => {
  const raw = pair.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
};

/**
 * Checklist PG-7: where to go after signing in. `redirect` names the page (our guard puts the
 * page's own query in it too); every other key of the login page's query is kept. Queries are
 * carried over as written, not re-encoded, so the page gets back exactly the address it had.
 */
export function loginTarget(loginSearch: string): Path {
  const redirect = new URLSearchParams(loginSearch).get('redirect');
  const others = loginSearch
    .replace(/^\?/, '')
    .split('&')
    .filter((pair) => pair !== '' && keyOf(pair) !== 'redirect');
  const target = parsePath(isLocalPath(redirect) ? redirect : '/');
  const query = [(target.search ?? '').replace(/^\?/, ''), ...others].filter(Boolean).join('&');
  return {
    pathname: target.pathname || '/',
    search: query ? `?${query}` : '',
    hash: target.hash ?? '',
  };
}
