import type { ErrorRule } from '../errors.ts';
import type { Describe } from '../http.ts';

/**
 * X's error table (platforms.md §4 Errors). 401 (bad, expired or revoked token) and 429 fall back
 * on the status. A usage cap is a rate limit of the app's plan; a suspended user or "Unsupported
 * Authentication" needs the user again (postiz re-authenticates); a refused file is the media's
 * fault. Everything else the status decides: 403 duplicate and policy refusals are 'rejected'.
 */
export const X_ERROR_RULES: readonly ErrorRule[] = [
  { code: 'usage-capped', kind: 'rateLimited' },
  { code: 'rate-limit-exceeded', kind: 'rateLimited' },
  { message: /Unsupported Authentication|user-suspended|account is suspended/i, kind: 'reauthorize' },
  {
    message:
      /InvalidMedia|media type unrecognized|File size exceeds|File size mismatch|total_bytes must|media_type .* is not supported|not allowed to post a video longer/i,
    kind: 'mediaInvalid',
  },
];

interface XProblem {
  title?: unknown;
  detail?: unknown;
  type?: unknown;
  message?: unknown;
  code?: unknown;
  error?: unknown;
  error_description?: unknown;
  errors?: unknown;
  data?: unknown;
}

const PROBLEM_TYPE = /\/2\/problems\/([a-z-]+)$/;

/**
 * Problem JSON (`type` a problem URL, `detail`), the simple `{code, message}`, OAuth's
 * `{error, error_description}`; and a 200 whose `errors` came without `data` (a partial error
 * with nothing to show, as a lookup of a missing post answers).
 */
export const describeXError: Describe = (body, status) => {
  const problem = (body ?? {}) as XProblem;
  if (status < 400) {
    if (problem.data !== undefined || !Array.isArray(problem.errors) || problem.errors.length === 0)
      return undefined;
    return fromProblem((problem.errors[0] ?? {}) as XProblem);
  }
  if (typeof problem.error === 'string')
    return {
      code: problem.error,
      message: typeof problem.error_description === 'string' ? problem.error_description : undefined,
    };
  if (typeof problem.message === 'string')
    return { code: typeof problem.code === 'number' ? problem.code : undefined, message: problem.message };
  return fromProblem(problem);
};

function fromProblem(problem: XProblem) {
  const type = typeof problem.type === 'string' ? PROBLEM_TYPE.exec(problem.type)?.[1] : undefined;
  const detail = typeof problem.detail === 'string' ? problem.detail : undefined;
  const title = typeof problem.title === 'string' ? problem.title : undefined;
  return { code: type, message: detail ?? title };
}
