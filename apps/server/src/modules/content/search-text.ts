/**
 * Keyword search text for contents, for PostgreSQL's full-text index with the 'simple' dictionary.
 *
 * Words of space-delimited scripts (Latin, Cyrillic, Greek, Hangul, ...) are tokens of their own.
 * Chinese and Japanese have no spaces between words, so a run of those characters becomes its
 * overlapping bigrams followed by its last character (the CJK analyser of Lucene and Elasticsearch):
 * "发布会" → 发布 布会 会. A query is tokenised the same way and its tokens must appear next to each
 * other in that order, the last one as a prefix, so any stretch of a CJK run matches, and Latin
 * text matches from the start of a word ("wor" finds "world", "orld" does not).
 *
 * Text is folded first: compatibility forms (full-width Latin, half-width kana) to their plain
 * forms, Latin accents dropped (a Spanish "canción" is found by "cancion") and lower case.
 */

/** Letters of Chinese and Japanese, with the prolonged sound and iteration marks (script Common). */
const BIGRAM_LETTER = String.raw`[\p{L}&&[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々〆]]`;
/** Letters (with their combining marks) and digits of every other script. */
const WORD_CHAR = String.raw`[[\p{L}\p{M}\p{N}]--${BIGRAM_LETTER}]`;
const TOKEN_RUNS = new RegExp(String.raw`${BIGRAM_LETTER}+|${WORD_CHAR}+`, 'gv');
const BIGRAM_RUN = new RegExp(String.raw`^${BIGRAM_LETTER}`, 'v');
/** Combining diacritical marks only: the kana voicing marks (U+3099, U+309A) must stay. */
const LATIN_DIACRITICS = /[\u0300-\u036f]/g;

/**
 * PostgreSQL keeps positions up to 16383; past that every token shares the last one, so a phrase
 * could match across unrelated words. Tokens beyond it are not indexed.
 */
export const MAX_INDEXED_TOKENS = 16_383;

const fold = (text: string) =>
  text.normalize('NFKD').replace(LATIN_DIACRITICS, '').normalize('NFC').toLowerCase();

function runTokens(run: string): string[] {
  if (!BIGRAM_RUN.test(run)) return [run];
  const chars = [...run];
  const tokens = chars.slice(0, -1).map((char, i) => char + chars[i + 1]);
  tokens.push(chars[chars.length - 1] as string);
  return tokens;
}

/** The tokens of `text` in order, folded. */
export function searchTokens(text: string): string[] {
  return [...fold(text).matchAll(TOKEN_RUNS)].flatMap(([run]) => runTokens(run));
}

/** What `to_tsvector('simple', …)` indexes for a content: its title and body text. */
export function searchDocument(...parts: string[]): string {
  return searchTokens(parts.join('\n')).slice(0, MAX_INDEXED_TOKENS).join(' ');
}

/**
 * The `to_tsquery('simple', …)` text for a keyword: its tokens adjacent and in order, the last a
 * prefix; `null` when the keyword has no letters or digits (it matches nothing).
 */
export function searchQuery(keyword: string): string | null {
  const tokens = searchTokens(keyword);
  if (tokens.length === 0) return null;
  return `${tokens.join(' <-> ')}:*`;
}
