import type { Clock } from '../../lib/clock.ts';
import type { ErrorRule } from '../errors.ts';
import { GOOGLE_OAUTH_RULES, describeGoogleError, untilPacificMidnight } from '../google/errors.ts';
import type { Describe } from '../http.ts';

/**
 * GA4's error table (platforms.md §11 Errors), by ErrorInfo's reason or the status name: a scope
 * unticked, or the user's access to the property gone, needs a new consent; an API disabled in
 * the Cloud project is ours to fix (refused); 401 is reauthorize, 429 (RESOURCE_EXHAUSTED)
 * rateLimited and 5xx transient by status.
 */
export const GA4_ERROR_RULES: readonly ErrorRule[] = [
  { code: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT', kind: 'reauthorize' },
  { status: 403, message: /does not have sufficient permissions/i, kind: 'reauthorize' },
  { code: 'SERVICE_DISABLED', kind: 'rejected' },
  ...GOOGLE_OAUTH_RULES,
];

/** Google's envelope; a spent property quota waits for its hour or its day (midnight Pacific) to reset. */
export function describeGa4Error(clock: Clock): Describe {
  return (body, status) => {
    const facts = describeGoogleError(body, status);
    if (status !== 429 || !facts?.message) return facts;
    const now = clock.now();
    if (/per day/i.test(facts.message)) return { ...facts, retryAfterMs: untilPacificMidnight(now) };
    if (/per (project per property per )?hour/i.test(facts.message))
      return { ...facts, retryAfterMs: 3_600_000 - (now.getTime() % 3_600_000) };
    return facts;
  };
}
