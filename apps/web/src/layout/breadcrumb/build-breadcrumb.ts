/** What build-breadcrumb needs of a matched route (from useMatches() + handle). */
export interface CrumbSource {
  /** The matched pathname. */
  pathname: string;
  /** Route-title key (I18-4), from `handle.title`. */
  title?: string;
  /** BC-4: `handle.breadcrumb === false` drops the item. */
  breadcrumb?: boolean;
  /** BC-5/BC-6: 'noRedirect' makes the item plain text; another value is where a click goes. */
  redirect?: string;
}

export interface Crumb {
  /** Route-title key. */
  title: string;
  /** Where a click goes; undefined for plain text (the last item and noRedirect items). */
  to?: string;
}

export const DASHBOARD_TITLE = 'dashboard';
export const DASHBOARD_PATH = '/';

/**
 * Checklist BC-2..BC-5: the titled matches; the dashboard first unless it is the first item
 * already (so it is not repeated on the dashboard itself); `breadcrumb:false` dropped; the last
 * item and noRedirect items plain text. Paths starting /redirect/ give null (BC-1: keep the
 * previous breadcrumb).
 */
export function buildBreadcrumb(matches: readonly CrumbSource[]): Crumb[] | null {
  const last = matches[matches.length - 1];
  if (last?.pathname.startsWith('/redirect/')) return null;
  const titled = matches.filter((m): m is CrumbSource & { title: string } => Boolean(m.title));
  // Layout routes share the pathname of their index child; keep one item per title and path.
  const unique = titled.filter(
    (m, i) => titled.findIndex((o) => o.title === m.title && o.pathname === m.pathname) === i,
  );
  const items: (CrumbSource & { title: string })[] =
    unique[0]?.title.trim().toLowerCase() === DASHBOARD_TITLE
      ? unique
      : [{ pathname: DASHBOARD_PATH, title: DASHBOARD_TITLE }, ...unique];
  const shown = items.filter((m) => m.breadcrumb !== false);
  return shown.map((m, index) => {
    const plain = index === shown.length - 1 || m.redirect === 'noRedirect';
    return plain ? { title: m.title } : { title: m.title, to: m.redirect ?? m.pathname };
  });
}
