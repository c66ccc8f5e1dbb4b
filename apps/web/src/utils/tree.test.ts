import { describe, expect, it } from 'vitest';
import { nestTree, parentIds, subtreeIds } from './tree';

const FLAT = [
  { id: 1, parentId: null, name: 'Head office' },
  { id: 2, parentId: 1, name: 'Newsroom' },
  { id: 3, parentId: 2, name: 'Video' },
  { id: 4, parentId: 1, name: 'International' },
  { id: 5, parentId: 2, name: 'Audio' },
];

describe('the department tree', () => {
  it('nests by parentId in the order of the list, with no children on leaves', () => {
    expect(nestTree(FLAT)).toEqual([
      {
        ...FLAT[0],
        children: [{ ...FLAT[1], children: [FLAT[2], FLAT[4]] }, { ...FLAT[3] }],
      },
    ]);
    expect(nestTree(FLAT)[0]?.children?.[1]).not.toHaveProperty('children');
  });

  it('shows a department whose parent is outside the list as a root', () => {
    const scoped = FLAT.filter((d) => d.id !== 1);
    expect(nestTree(scoped).map((d) => d.id)).toEqual([2, 4]);
  });

  it('finds a department and everything below it, and the departments that have children', () => {
    expect([...subtreeIds(FLAT, 2)].sort()).toEqual([2, 3, 5]);
    expect([...subtreeIds(FLAT, 4)]).toEqual([4]);
    expect(parentIds(FLAT).sort()).toEqual([1, 2]);
    expect(parentIds(FLAT.filter((d) => d.id !== 1))).toEqual([2]);
  });
});
