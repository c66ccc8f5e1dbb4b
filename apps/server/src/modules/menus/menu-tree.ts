import type { MenuItem, MenuTitles } from '@postdeck/contract/menu';
import { isGroupUrl } from '@postdeck/contract/menu';

export interface MenuRow {
  id: number;
  parentId: number | null;
  name: string;
  titles: MenuTitles;
  url: string;
  icon: string;
  hidden: boolean;
  alwaysShow: boolean;
  sort: number;
}

/**
 * The menu a user sees: entries granted to any of their roles (the union), ordered by sort
 * then id; a group ('#') is kept only when something under it is kept, and a parent of a
 * kept entry is kept so the tree stays connected.
 */
export function buildMenuTree(rows: readonly MenuRow[], granted: ReadonlySet<number>): MenuItem[] {
  const childrenOf = new Map<number | null, MenuRow[]>();
  for (const row of rows) {
    const siblings = childrenOf.get(row.parentId) ?? [];
    siblings.push(row);
    childrenOf.set(row.parentId, siblings);
  }
  const build = (parentId: number | null): MenuItem[] =>
    (childrenOf.get(parentId) ?? [])
      .toSorted((a, b) => a.sort - b.sort || a.id - b.id)
      .flatMap((row) => {
        const children = build(row.id);
        const keep = children.length > 0 || (!isGroupUrl(row.url) && granted.has(row.id));
        if (!keep) return [];
        return [
          {
            menu_id: row.id,
            menu_name: row.name,
            url: row.url,
            icon: row.icon,
            hidden: row.hidden,
            alwaysShow: row.alwaysShow,
            sort: row.sort,
            titles: row.titles,
            children,
          },
        ];
      });
  return build(null);
}
