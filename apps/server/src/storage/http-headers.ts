/**
 * The small pieces of HTTP a file download needs (RFC 9110 ranges and conditionals, RFC 6266
 * Content-Disposition), kept here because `range-parser` and `content-disposition` are not
 * dependencies of the server (only transitive ones of @fastify/static).
 */

/** An inclusive byte range inside a file of known size. */
export interface SatisfiableRange {
  start: number;
  end: number;
}

/**
 * Reads a Range header against a file of `size` bytes: the one range to send, 'unsatisfiable'
 * for a 416, or undefined to ignore the header and send the whole file (malformed, another
 * unit, or several ranges, which the RFC lets a server answer with the full representation).
 */
export function parseRange(header: string, size: number): SatisfiableRange | 'unsatisfiable' | undefined {
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    // Suffix range: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  // last < first makes the whole header invalid, which means ignoring it, not a 416.
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

/** Quotes an opaque tag as an ETag unless it already is one (`"…"` or `W/"…"`). */
export function formatEtag(tag: string): string {
  if (/^(?:W\/)?"[\x21\x23-\x7e\x80-\xff]*"$/.test(tag)) return tag;
  if (!/^[\x21\x23-\x7e]+$/.test(tag)) throw new TypeError(`Invalid ETag value: ${JSON.stringify(tag)}`);
  return `"${tag}"`;
}

/** If-None-Match with the weak comparison RFC 9110 prescribes for it. */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = stripWeak(etag);
  return ifNoneMatch.split(',').some((candidate) => stripWeak(candidate.trim()) === opaque);
}

/**
 * If-Range: whether the validator still names this representation, so the range applies.
 * ETags compare strongly (a weak one never matches); a date must equal Last-Modified exactly.
 */
export function ifRangeMatches(ifRange: string, etag: string, lastModified: Date): boolean {
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return !value.startsWith('W/') && value === etag;
  const date = Date.parse(value);
  return !Number.isNaN(date) && date === wholeSeconds(lastModified);
}

/** If-Modified-Since: true when the file has not changed since the given date. */
export function notModifiedSince(ifModifiedSince: string, lastModified: Date): boolean {
  const date = Date.parse(ifModifiedSince);
  return !Number.isNaN(date) && wholeSeconds(lastModified) <= date;
}

/**
 * Content-Disposition per RFC 6266: an ASCII `filename` for old clients plus `filename*` with
 * the exact UTF-8 name when the two differ. The fallback drops accents (É → E) and replaces
 * anything that could break the quoted string or the header (quotes, backslashes, control
 * characters) or be misread (`%` sequences some browsers decode, path separators) with `_`.
 */
export function contentDisposition(type: 'inline' | 'attachment', filename: string): string {
  const fallback =
    filename
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]|["\\%/]/g, '_')
      .trim() || 'file';
  if (fallback === filename || filename === '') return `${type}; filename="${fallback}"`;
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(filename)}`;
}

/** Percent-encodes everything outside RFC 5987's attr-char set. */
function encodeRfc5987(value: string): string {
  // toWellFormed: a lone surrogate would make encodeURIComponent throw.
  return encodeURIComponent(value.toWellFormed()).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function stripWeak(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}

/** HTTP dates carry whole seconds; file times do not. */
function wholeSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000) * 1000;
}

/** Headers of a file made on the fly for one user (an export, a zip): saved, never cached nor sniffed. */
export const generatedDownloadHeaders = (contentType: string, filename: string) => ({
  'content-type': contentType,
  'content-disposition': contentDisposition('attachment', filename),
  'x-content-type-options': 'nosniff',
  'cache-control': 'private, no-store',
});
