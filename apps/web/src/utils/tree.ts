/** Anything kept as a flat list linked by parentId: departments, menu entries. */
export interface Linked {
  id: number;
  parentId: number | null;
}

/** An item with the ones directly under it; `children` only when there are some. */
export type TreeNode<T extends Linked> = T & { children?: TreeNode<T>[] };

/**
 * Nests a flat list by parentId, keeping the list's order among siblings. An item whose
 * parent is not in the list (the root, or the top of a scope) is a root. A leaf has no
 * `children` at all, so antd's Table and TreeSelect show no expander on it.
 */
export function nestTree<T extends Linked>(items: readonly T[]): TreeNode<T>[] {
  const nodes = new Map<number, TreeNode<T>>(items.map((item) => [item.id, { ...item }]));
  const roots: TreeNode<T>[] = [];
  for (const item of items) {
    const node = nodes.get(item.id) as TreeNode<T>;
    const parent = item.parentId === null ? undefined : nodes.get(item.parentId);
    if (parent && parent !== node) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** The item and every item below it: where it cannot move without a cycle. */
export function subtreeIds(items: readonly Linked[], id: number): Set<number> {
  const childrenOf = new Map<number, number[]>();
  for (const item of items) {
    if (item.parentId === null) continue;
    childrenOf.set(item.parentId, [...(childrenOf.get(item.parentId) ?? []), item.id]);
  }
  const found = new Set<number>();
  const pending = [id];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (found.has(next)) continue;
    found.add(next);
    pending.push(...(childrenOf.get(next) ?? []));
  }
  return found;
}

/** Ids of the items that have some below them (the rows a tree table can expand). */
export function parentIds(items: readonly Linked[]): number[] {
  const ids = new Set(items.map((item) => item.id));
  return [
    ...new Set(
      items.flatMap((item) => (item.parentId !== null && ids.has(item.parentId) ? [item.parentId] : [])),
    ),
  ];
}
