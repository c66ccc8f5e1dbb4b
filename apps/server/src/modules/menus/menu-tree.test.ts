import { describe, expect, it } from 'vitest';
import { buildMenuTree, type MenuRow } from './menu-tree.ts';

const row = (id: number, parentId: number | null, url: string, sort = id): MenuRow => ({
  id,
  parentId,
  name: `m${id}`,
  titles: {},
  url,
  icon: '',
  hidden: false,
  alwaysShow: false,
  sort,
});

describe('buildMenuTree', () => {
  const rows = [
    row(1, null, '#', 20),
    row(2, 1, '/a', 2),
    row(3, 1, '/b', 1),
    row(4, null, '#', 10),
    row(5, 4, '/c'),
    row(6, null, '/top', 30),
    row(7, null, '#', 40),
  ];

  it('keeps granted pages, sorted, and groups only with kept children', () => {
    const tree = buildMenuTree(rows, new Set([2, 3, 6]));
    expect(tree.map((m) => m.menu_id)).toEqual([1, 6]);
    expect(tree[0]?.children.map((m) => m.url)).toEqual(['/b', '/a']);
  });

  it('drops a granted group whose pages are not granted', () => {
    expect(buildMenuTree(rows, new Set([4, 7]))).toEqual([]);
  });

  it('orders groups by sort before id', () => {
    const tree = buildMenuTree(rows, new Set([2, 5]));
    expect(tree.map((m) => m.menu_id)).toEqual([4, 1]);
  });
});
