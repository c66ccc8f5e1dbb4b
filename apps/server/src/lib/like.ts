/** `text` for a LIKE pattern, with `%`, `_` and `\` matching themselves. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern finding `text` anywhere, taken literally. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
