/**
 * How long a platform asks us to wait, from its headers, in ms from `now` (never negative):
 * Retry-After in seconds or as an HTTP date (RFC 9110 §10.2.3), else a rate-limit reset, which
 * platforms send on every answer, so it counts only once the budget is spent (a 429, or the
 * remaining count at 0): X's x-rate-limit-reset (epoch seconds), Mastodon's X-RateLimit-Reset
 * (an ISO 8601 time, platforms.md §8).
 */
export function retryAfterMs(headers: Headers, status: number, now: Date): number | undefined {
  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter) {
    if (/^\d+$/.test(retryAfter)) return Number(retryAfter) * 1000;
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, date - now.getTime());
  }
  const x = resetAt(headers, 'x-rate-limit-reset', 'x-rate-limit-remaining', status, (reset) =>
    /^\d+$/.test(reset) ? Number(reset) * 1000 : Number.NaN,
  );
  const mastodon = resetAt(headers, 'x-ratelimit-reset', 'x-ratelimit-remaining', status, Date.parse);
  const at = x ?? mastodon;
  return at === undefined ? undefined : Math.max(0, at - now.getTime());
}

function resetAt(
  headers: Headers,
  resetHeader: string,
  remainingHeader: string,
  status: number,
  parse: (reset: string) => number,
): number | undefined {
  const reset = headers.get(resetHeader)?.trim();
  const spent = status === 429 || headers.get(remainingHeader)?.trim() === '0';
  if (!reset || !spent) return undefined;
  const at = parse(reset);
  return Number.isNaN(at) ? undefined : at;
}
