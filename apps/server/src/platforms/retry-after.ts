/**
 * How long a platform asks us to wait, from its headers, in ms from `now` (never negative):
 * Retry-After in seconds or as an HTTP date (RFC 9110 §10.2.3), else X's x-rate-limit-reset
 * (epoch seconds), which X sends on every answer, so it counts only once the budget is spent
 * (a 429, or x-rate-limit-remaining at 0).
 */
export function retryAfterMs(headers: Headers, status: number, now: Date): number | undefined {
  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter) {
    if (/^\d+$/.test(retryAfter)) return Number(retryAfter) * 1000;
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, date - now.getTime());
  }
  const reset = headers.get('x-rate-limit-reset')?.trim();
  const spent = status === 429 || headers.get('x-rate-limit-remaining')?.trim() === '0';
  if (reset && spent && /^\d+$/.test(reset)) return Math.max(0, Number(reset) * 1000 - now.getTime());
  return undefined;
}
