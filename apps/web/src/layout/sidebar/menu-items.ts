import { type MenuItem, isExternalUrl, isGroupUrl } from '@postdeck/contract/menu-item';
import type { MenuProps } from 'antd';
import { type ReactNode, createElement } from 'react';

export type SideMenuItems = NonNullable<MenuProps['items']>;
type SideMenuItem = SideMenuItems[number];

export interface MenuRenderers {
  /** The entry's title in the interface language (checklist I18-4). */
  title: (entry: MenuItem) => string;
  /** The icon named by the server, or undefined for an unknown name. */
  icon: (iconName: string) => ReactNode;
}

const bySort = (a: MenuItem, b: MenuItem) => a.sort - b.sort;

/**
 * The entries the side menu shows: hidden ones dropped (SB-2), then groups ('#') left with no
 * children dropped (spec §2 'entries with no children are removed'); order by `sort`.
 */
export function visibleEntries(menu: readonly MenuItem[]): MenuItem[] {
  return [...menu]
    .filter((entry) => !entry.hidden)
    .sort(bySort)
    .map((entry) => ({ ...entry, children: visibleEntries(entry.children) }))
    .filter((entry) => !(isGroupUrl(entry.url) && entry.children.length === 0));
}

const submenuKey = (entry: MenuItem) => `menu:${entry.menu_id}`;

function leaf(entry: MenuItem, icon: string, render: MenuRenderers): SideMenuItem {
  const title = render.title(entry);
  // SB-7: external targets open in a new tab; the key stays the url so it is never routed.
  const label = isExternalUrl(entry.url)
    ? createElement('a', { href: entry.url, target: '_blank', rel: 'noopener' }, title)
    : title;
  return { key: entry.url, icon: render.icon(icon), label, title };
}

function toItem(entry: MenuItem, render: MenuRenderers): SideMenuItem {
  const [only, ...others] = entry.children;
  // SB-3/SB-4: no visible child -> a leaf at its own url; exactly one childless child -> that
  // child in its parent's place, unless alwaysShow asks for the submenu.
  if (!only) return leaf(entry, entry.icon, render);
  if (others.length === 0 && only.children.length === 0 && !entry.alwaysShow) {
    return leaf(only, only.icon || entry.icon, render);
  }
  return {
    key: submenuKey(entry),
    icon: render.icon(entry.icon),
    label: render.title(entry),
    children: entry.children.map((child) => toItem(child, render)),
  };
}

/** The server menu as antd Menu `items` (checklist SB-2..SB-7). */
export function buildMenuItems(menu: readonly MenuItem[], render: MenuRenderers): SideMenuItems {
  return visibleEntries(menu).map((entry) => toItem(entry, render));
}

/** Submenu keys on the way to `key`, outermost first; undefined when no item has that key. */
function pathTo(items: SideMenuItems, key: string): string[] | undefined {
  for (const item of items) {
    if (!item || !('key' in item)) continue;
    if (item.key === key) return [];
    const children = 'children' in item ? item.children : undefined;
    if (!Array.isArray(children)) continue;
    const inner = pathTo(children as SideMenuItems, key);
    if (inner) return [String(item.key), ...inner];
  }
  return undefined;
}

/** The submenus to open so the item with `key` shows. */
export const openKeysFor = (items: SideMenuItems, key: string): string[] => pathTo(items, key) ?? [];
