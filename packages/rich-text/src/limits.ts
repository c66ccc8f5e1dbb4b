/** Longest accepted document, in characters of its JSON serialisation. */
export const MAX_JSON_LENGTH = 200_000;

/** Deepest accepted node nesting; the doc node is level 1, a paragraph in it level 2. */
export const MAX_NESTING_DEPTH = 20;

/** Longest accepted plain-text rendering, in UTF-16 code units. */
export const MAX_TEXT_LENGTH = 50_000;

/** Longest accepted link address. */
export const MAX_HREF_LENGTH = 2_048;
