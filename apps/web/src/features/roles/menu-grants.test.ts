import type { MenuAdminItem } from '@postdeck/contract/menu';
import { describe, expect, it } from 'vitest';
import { grantsFromRole, indexMenus, menuIdsToSave, nestMenus, toggleGrant, treeState } from './menu-grants';

const entry = (
  id: number,
  parentId: number | null,
  url: string,
  extra: Partial<MenuAdminItem> = {},
): MenuAdminItem => ({
  id,
  parentId,
  builtIn: true,
  kind: url === '' ? 'action' : 'menu',
  name: `entry${id}`,
  titles: {},
  url,
  icon: '',
  hidden: url === '',
  alwaysShow: false,
  sort: id * 10,
  permissions: [],
  ...extra,
});

/**
 * 1 Materials (group) > 2 Library (page) > 3 Manage (action)
 * 4 System (group) > 5 Users (page), 6 Roles (page) > 7 Nested group > 8 Page
 * 9 Empty group (no entries under it)
 */
const ITEMS = [
  entry(1, null, '#'),
  entry(2, 1, '/api/material/list'),
  entry(3, 2, ''),
  entry(4, null, '#'),
  entry(5, 4, '/api/system/user'),
  entry(6, 4, '/api/system/role'),
  entry(7, 4, '#'),
  entry(8, 7, '/x'),
  entry(9, null, '#'),
];
const index = indexMenus(nestMenus(ITEMS));

describe('nestMenus', () => {
  it('nests by parentId and orders siblings by sort, then id', () => {
    const roots = nestMenus([
      entry(3, null, '/c', { sort: 5 }),
      entry(1, null, '/a', { sort: 5 }),
      entry(2, null, '#', { sort: 1 }),
      entry(4, 2, '/d', { sort: 2 }),
      entry(5, 2, '', { sort: 1 }),
    ]);
    expect(roots.map((node) => node.id)).toEqual([2, 1, 3]);
    expect(roots[0]?.children?.map((node) => node.id)).toEqual([5, 4]);
    expect(roots[1]?.children).toBeUndefined();
  });
});

describe('reading a role into the tree', () => {
  it('keeps pages and actions that exist; groups follow from them', () => {
    expect(grantsFromRole(index, [1, 2, 4, 5, 99, 9])).toEqual([2, 5, 9]);
  });

  it('shows a page ticked without its actions, and its group half-ticked', () => {
    // The seeded viewer role: the library page but not 'manage'.
    expect(treeState(index, [2])).toEqual({ checked: [2], halfChecked: [1] });
  });

  it('shows a group ticked only when everything under it is granted', () => {
    expect(treeState(index, [2, 3])).toEqual({ checked: [1, 2, 3], halfChecked: [] });
    expect(treeState(index, [5, 6, 8])).toEqual({ checked: [4, 5, 6, 7, 8], halfChecked: [] });
    expect(treeState(index, [5, 8])).toEqual({ checked: [5, 7, 8], halfChecked: [4] });
  });

  it('shows an entry that is not granted, with something under it that is, half-ticked', () => {
    expect(treeState(index, [3])).toEqual({ checked: [3], halfChecked: [1, 2] });
  });

  it('treats a group with nothing under it as an entry of its own', () => {
    expect(treeState(index, [9])).toEqual({ checked: [9], halfChecked: [] });
    expect(treeState(index, [])).toEqual({ checked: [], halfChecked: [] });
  });
});

describe('ticking entries', () => {
  it('ticking an action ticks its page too', () => {
    expect(toggleGrant(index, [], 3, true)).toEqual([2, 3]);
  });

  it('ticking a group ticks everything under it', () => {
    expect(toggleGrant(index, [], 4, true)).toEqual([5, 6, 8]);
    expect(toggleGrant(index, [5], 7, true)).toEqual([5, 8]);
  });

  it('unticking a page unticks its actions; unticking an action leaves the page', () => {
    expect(toggleGrant(index, [2, 3, 5], 2, false)).toEqual([5]);
    expect(toggleGrant(index, [2, 3], 3, false)).toEqual([2]);
  });

  it('unticking a group unticks everything under it', () => {
    expect(toggleGrant(index, [2, 5, 6, 8], 4, false)).toEqual([2]);
  });

  it('ignores an unknown entry', () => {
    expect(toggleGrant(index, [2], 42, true)).toEqual([2]);
  });
});

describe('saving', () => {
  it('sends the granted entries and the groups above them, ascending', () => {
    expect(menuIdsToSave(index, [8, 2])).toEqual([1, 2, 4, 7, 8]);
    expect(menuIdsToSave(index, [3])).toEqual([1, 3]);
    expect(menuIdsToSave(index, [9, 99])).toEqual([9]);
    expect(menuIdsToSave(index, [])).toEqual([]);
  });

  it('reads back what it saved', () => {
    const granted = toggleGrant(index, toggleGrant(index, [], 3, true), 6, true);
    const saved = menuIdsToSave(index, granted);
    expect(saved).toEqual([1, 2, 3, 4, 6]);
    expect(grantsFromRole(index, saved)).toEqual(granted);
  });
});
