import type { MenuItem } from '@postdeck/contract/menu';
import type { RouteObject } from 'react-router';
import { FIXED_PAGES, pageLoader } from './page-registry';
import type { RouteHandle } from './route-handle';

/**
 * Menu entries that are pages, depth first, each url once. Groups ('#'), external links and
 * action entries (no url) have no page; hidden entries do (they are routable, just not in
 * the side menu).
 */
export function pageEntries(menu: readonly MenuItem[]): MenuItem[] {
  const seen = new Set<string>();
  const pages: MenuItem[] = [];
  const walk = (items: readonly MenuItem[]) => {
    for (const item of items) {
      if (item.url.startsWith('/') && !item.url.startsWith('//') && !seen.has(item.url)) {
        seen.add(item.url);
        pages.push(item);
      }
      walk(item.children);
    }
  };
  walk(menu);
  return pages;
}

const fixedUrls = new Set<string>(FIXED_PAGES.map((page) => page.url));

/** One lazily loaded route per menu page the registry knows (fixed pages are routed already). */
export function menuRoutes(menu: readonly MenuItem[]): RouteObject[] {
  return pageEntries(menu).flatMap((item) => {
    if (fixedUrls.has(item.url)) return [];
    const lazy = pageLoader(item.url);
    if (!lazy) {
      if (import.meta.env.DEV) console.warn(`No page is registered for menu url ${item.url}`);
      return [];
    }
    const handle: RouteHandle = { title: item.menu_name };
    return [{ id: `menu:${item.url}`, path: item.url, lazy, handle }];
  });
}
