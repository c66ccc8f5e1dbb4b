/** Department ids typed as tags: positive integers only, duplicates dropped. */
export function parseDepartmentIds(values: readonly string[]): number[] | undefined {
  const ids = values.map((v) => v.trim());
  if (ids.some((v) => !/^[1-9]\d*$/.test(v))) return undefined;
  return [...new Set(ids.map(Number))];
}
