/**
 * Where a text holds addresses a platform shortens to a fixed length. Mastodon counts those with
 * a scheme; X also those without (example.com, www.example.jp, t.co/abc), by twitter-text's rules:
 * a generic top-level domain always, a two-letter country one after two labels or with a path.
 * twitter-text knows every TLD; this list has the common ones, so a bare address on a rare one
 * counts as written (shorter than X counts it only when under 23 characters).
 */
export interface UrlSpan {
  start: number;
  end: number;
}

const GENERIC_TLDS = new Set(
  (
    'com net org info biz edu gov mil int app dev news blog shop online site xyz tech store page live ' +
    'media social link club art design cloud email world today top'
  ).split(' '),
);
const WITH_SCHEME = /https?:\/\/[^\s<>"]+/giu;
// A bare domain must not continue an address, a word or an e-mail (a@b.com is no link on X).
const WITH_OR_WITHOUT_SCHEME =
  /https?:\/\/[^\s<>"]+|(?<![\p{L}\p{N}_@./:-])((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+)([a-z]{2,})(?![\p{L}\p{N}_-])((?:\/[^\s<>"]*)?)/giu;
/** Punctuation that ends a sentence rather than the address. */
const TRAILING_PUNCTUATION = /[.,:;!?'")\]]+$/u;

export function findUrls(text: string, options: { withoutScheme: boolean }): UrlSpan[] {
  const spans: UrlSpan[] = [];
  for (const match of text.matchAll(options.withoutScheme ? WITH_OR_WITHOUT_SCHEME : WITH_SCHEME)) {
    const [whole, labels, tld, path] = match;
    if (tld !== undefined && !linked(labels ?? '', tld.toLowerCase(), path ?? '')) continue;
    spans.push({ start: match.index, end: match.index + whole.replace(TRAILING_PUNCTUATION, '').length });
  }
  return spans;
}

function linked(labels: string, tld: string, path: string): boolean {
  if (GENERIC_TLDS.has(tld)) return true;
  return tld.length === 2 && (labels.split('.').length > 2 || path !== '');
}
