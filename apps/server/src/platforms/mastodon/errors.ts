import type { ErrorRule } from '../errors.ts';
import type { Describe } from '../http.ts';

/**
 * Mastodon's error table (platforms.md §8 Errors): 401 for a bad or revoked token and 429 fall
 * back on the status; a disabled or suspended login needs the user (postiz matches the first);
 * a file the instance cannot take, or could not process, is refused as media; attaching a file
 * still processing is worth another try later.
 */
export const MASTODON_ERROR_RULES: readonly ErrorRule[] = [
  {
    status: 403,
    message: /login is currently disabled|account (is|has been) suspended/i,
    kind: 'reauthorize',
  },
  { status: 422, message: /not finished processing/, kind: 'transient' },
  {
    status: 422,
    message: /^Validation failed: File |Error processing thumbnail|could not be processed|file size must be/,
    kind: 'mediaInvalid',
  },
];

interface MastodonErrorBody {
  error?: unknown;
  error_description?: unknown;
}

/** `{"error": "..."}`, or OAuth's `{"error": code, "error_description": "..."}`; nothing in a 2xx. */
export const describeMastodonError: Describe = (body, status) => {
  if (status < 400) return undefined;
  const error = body as MastodonErrorBody | null | undefined;
  const said = typeof error?.error === 'string' ? error.error : undefined;
  if (typeof error?.error_description === 'string') return { code: said, message: error.error_description };
  return { message: said };
};
