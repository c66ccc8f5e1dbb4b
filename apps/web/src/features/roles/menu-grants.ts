import { type MenuAdminItem, isGroupUrl } from '@postdeck/contract/menu';
import { type TreeNode, nestTree } from '../../utils/tree';

/**
 * The role form's menu tree and what its ticks mean.
 *
 * Why not antd's own (conducted) checking: there a parent is ticked exactly when all its children
 * are, so a page cannot be granted without every action under it. Yet "the page, not its
 * actions" is an ordinary grant (the seeded viewer role has the material library without
 * 'manage materials'), and reading such a role back the conducted way would show the page
 * unticked and drop it on the next save. So the tree checks strictly (each entry on its own)
 * and these functions do the linking:
 *
 * - a group (url '#' with entries under it) is never granted on its own: it is granted when
 *   something under it is (the server keeps a group only then) and shows ticked when everything
 *   under it is, half-ticked when some of it is;
 * - a page or an action is granted when ticked. Ticking an entry ticks everything under it and
 *   the pages above it (an action without its page is of no use); unticking one unticks
 *   everything under it and leaves the entries above it as they are.
 */

export type MenuNode = TreeNode<MenuAdminItem>;

/** Entries nested by parentId, siblings by `sort` then id, as the menu shows them. */
export function nestMenus(items: readonly MenuAdminItem[]): MenuNode[] {
  const ordered = [...items].sort((a, b) => a.sort - b.sort || a.id - b.id);
  return nestTree(ordered);
}

interface Entry {
  node: MenuNode;
  parentId: number | null;
  /** A group with entries under it: granted through them, never on its own. */
  derived: boolean;
  /** Everything below, depth first. */
  descendants: number[];
}

/** The nested entries by id, for the conversions below. */
export interface MenuIndex {
  entries: ReadonlyMap<number, Entry>;
}

export function indexMenus(roots: readonly MenuNode[]): MenuIndex {
  const entries = new Map<number, Entry>();
  const visit = (node: MenuNode, parentId: number | null): number[] => {
    const below = (node.children ?? []).flatMap((child) => [child.id, ...visit(child, node.id)]);
    entries.set(node.id, {
      node,
      parentId,
      derived: node.kind === 'menu' && isGroupUrl(node.url) && (node.children?.length ?? 0) > 0,
      descendants: below,
    });
    return below;
  };
  for (const root of roots) visit(root, null);
  return { entries };
}

/**
 * A role's granted ids as the form keeps them: the pages and actions that exist (groups follow
 * from them; ids of entries that are gone are dropped).
 */
export function grantsFromRole(index: MenuIndex, menuIds: readonly number[]): number[] {
  return menuIds.filter((id) => {
    const entry = index.entries.get(id);
    return entry !== undefined && !entry.derived;
  });
}

/** What the tree shows for the granted ids (its strictly checked `checkedKeys`). */
export function treeState(
  index: MenuIndex,
  granted: readonly number[],
): { checked: number[]; halfChecked: number[] } {
  const on = new Set(granted);
  const checked: number[] = [];
  const halfChecked: number[] = [];
  for (const [id, entry] of index.entries) {
    const own = entry.descendants.filter((below) => !index.entries.get(below)?.derived);
    if (entry.derived) {
      const count = own.filter((below) => on.has(below)).length;
      if (count === own.length) checked.push(id);
      else if (count > 0) halfChecked.push(id);
    } else if (on.has(id)) {
      checked.push(id);
    } else if (own.some((below) => on.has(below))) {
      // Something under an entry that is not granted itself (only a stored role can be so).
      halfChecked.push(id);
    }
  }
  const ascending = (a: number, b: number) => a - b;
  return { checked: checked.sort(ascending), halfChecked: halfChecked.sort(ascending) };
}

/** The granted ids after ticking (`on`) or unticking an entry of the tree. */
export function toggleGrant(index: MenuIndex, granted: readonly number[], id: number, on: boolean): number[] {
  const entry = index.entries.get(id);
  if (entry === undefined) return [...granted];
  const next = new Set(granted);
  const affected = [id, ...entry.descendants];
  if (on) {
    for (const below of affected) next.add(below);
    for (let up = entry.parentId; up !== null; up = index.entries.get(up)?.parentId ?? null) next.add(up);
  } else {
    for (const below of affected) next.delete(below);
  }
  return [...next].filter((granted) => !index.entries.get(granted)?.derived).sort((a, b) => a - b);
}

/**
 * The role's menuIds to save: the granted pages and actions and every group above them (a group
 * the server would keep anyway, listed so the role reads back the same), ascending.
 */
export function menuIdsToSave(index: MenuIndex, granted: readonly number[]): number[] {
  const ids = new Set<number>();
  for (const id of granted) {
    if (!index.entries.has(id)) continue;
    ids.add(id);
    for (
      let up = index.entries.get(id)?.parentId ?? null;
      up !== null;
      up = index.entries.get(up)?.parentId ?? null
    ) {
      if (index.entries.get(up)?.derived) ids.add(up);
    }
  }
  return [...ids].sort((a, b) => a - b);
}
