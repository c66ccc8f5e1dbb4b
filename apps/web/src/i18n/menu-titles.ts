import type { Language } from '@postdeck/contract/constants';
import type { MenuItem, MenuTitles } from '@postdeck/contract/menu';

/**
 * Names an administrator gave menu entries in each language (the menu editor), by menu_name.
 * Route titles are menu_name keys everywhere in the shell (sidebar, breadcrumb, tags, document
 * title; checklist I18-4), so routeTitle looks here first rather than every caller passing them.
 */
const byName = new Map<string, MenuTitles>();

/** Called whenever the signed-in user's menu is (re)loaded. */
export function rememberMenuTitles(menu: readonly MenuItem[]): void {
  byName.clear();
  const walk = (items: readonly MenuItem[]) => {
    for (const item of items) {
      if (Object.values(item.titles).some(Boolean)) byName.set(item.menu_name, item.titles);
      walk(item.children);
    }
  };
  walk(menu);
}

export const menuTitleOverride = (name: string, lang: Language): string | undefined =>
  byName.get(name)?.[lang] || undefined;
