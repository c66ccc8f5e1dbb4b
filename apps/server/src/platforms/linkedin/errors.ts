import type { ErrorRule } from '../errors.ts';
import type { Describe } from '../http.ts';

/**
 * LinkedIn's error table (platforms.md §7 Errors). 401 and 429 fall back on the status; the token
 * codes say the same where a 4xx other than 401 carries them. Postiz retries "Unable to obtain
 * activity" and "resource is forbidden" (LinkedIn's passing failures): as a 4xx they refused the
 * call, so repeating it is safe. Postiz's third, "Service Unavailable", is a 5xx: nothing in
 * platforms.md says LinkedIn wrote nothing then, so it is left to the status (transient for a
 * read, an unknown outcome for a write). A file LinkedIn cannot take is the media's fault; a
 * duplicate (422) and every other refusal are 'rejected' by status.
 */
const CLIENT_ERRORS = Array.from({ length: 100 }, (_, index) => 400 + index);

export const LINKEDIN_ERROR_RULES: readonly ErrorRule[] = [
  { code: ['INVALID_ACCESS_TOKEN', 'EXPIRED_ACCESS_TOKEN', 'REVOKED_ACCESS_TOKEN'], kind: 'reauthorize' },
  {
    status: CLIENT_ERRORS,
    message: /Unable to obtain activity|resource is forbidden/i,
    kind: 'transient',
  },
  {
    message:
      /Unable to process the uploaded image|Video format is not supported|fileSizeBytes must be|Expected \d+ bytes for this part/i,
    kind: 'mediaInvalid',
  },
];

interface LinkedInErrorBody {
  status?: unknown;
  message?: unknown;
  serviceErrorCode?: unknown;
  code?: unknown;
  error?: unknown;
  error_description?: unknown;
}

/** `{status, message, serviceErrorCode?, code?}`, or OAuth's `{error, error_description}`; nothing in a 2xx. */
export const describeLinkedInError: Describe = (body, status) => {
  if (status < 400) return undefined;
  const error = (body ?? {}) as LinkedInErrorBody;
  if (typeof error.error === 'string')
    return {
      code: error.error,
      message: typeof error.error_description === 'string' ? error.error_description : undefined,
    };
  const service = typeof error.serviceErrorCode === 'number' ? error.serviceErrorCode : undefined;
  return {
    code: typeof error.code === 'string' ? error.code : service,
    subcode: typeof error.code === 'string' ? service : undefined,
    message: typeof error.message === 'string' ? error.message : undefined,
  };
};
