/** Click order matters (the composer attaches in that order): a second click takes it out. */
export function toggleSelection<T extends { id: number }>(
  list: readonly T[],
  item: T,
  multiple: boolean,
): T[] {
  if (list.some((x) => x.id === item.id)) return list.filter((x) => x.id !== item.id);
  return multiple ? [...list, item] : [item];
}

/** Adds (an upload that just finished) without taking out what is already there. */
export function addToSelection<T extends { id: number }>(
  list: readonly T[],
  item: T,
  multiple: boolean,
): T[] {
  if (list.some((x) => x.id === item.id)) return [...list];
  return multiple ? [...list, item] : [item];
}
