/**
 * X's weighted length (twitter-text v3, platforms.md §4 Limits): a URL counts 23, a code point in
 * the ranges below counts 1, every other (CJK, emoji) 2.
 */
const LIGHT: readonly [number, number][] = [
  [0, 4351],
  [8192, 8205],
  [8208, 8223],
  [8242, 8247],
];
const URL_WEIGHT = 23;

export function weightedLength(text: string): number {
  let weight = 0;
  const withoutUrls = text.replace(/https?:\/\/\S+/g, () => {
    weight += URL_WEIGHT;
    return '';
  });
  for (const char of withoutUrls) {
    const cp = char.codePointAt(0) ?? 0;
    weight += LIGHT.some(([from, to]) => cp >= from && cp <= to) ? 1 : 2;
  }
  return weight;
}
