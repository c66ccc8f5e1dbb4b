import type { ErrorRule } from '../errors.ts';
import type { Describe } from '../http.ts';

/**
 * VK's error table (platforms.md §5 Errors, codes from VKCOM/vk-api-schema errors.json). API
 * errors come with HTTP 200, so a code the table does not name is a refusal ('rejected': 7, 14
 * captcha, 15 and 214 access or posting denied, 210, 222, 224, 703...).
 * - 5: the token expired or was withdrawn: connect again (refresh happens before it ends);
 * - 6 (per second), 9 (flood control: identical actions), 29 (a method's daily limit): rate limits;
 * - 1 unknown, 10 internal: VK failed; for a call that may be repeated that is all it says (a
 *   write's table below says otherwise);
 * - 22 upload error, 121 a hash the upload server did not give, and 100 on the photos list:
 *   the file was not taken;
 * - VK ID's token endpoint (`{"error","error_description"}`, HTTP 400): refused codes and
 *   refresh tokens are 'rejected' here; the adapter's refresh turns them into 'reauthorize'.
 * - The upload servers answer `{"error":"ERR_UPLOAD_..."}` with 200.
 */
export const VK_ERROR_RULES: readonly ErrorRule[] = [
  { code: 5, kind: 'reauthorize' },
  { code: [6, 9, 29], kind: 'rateLimited' },
  { code: [1, 10], kind: 'transient' },
  { code: [22, 121], kind: 'mediaInvalid' },
  { code: 100, message: /photos_list|photo is undefined|video/i, kind: 'mediaInvalid' },
  { message: /^ERR_UPLOAD/, kind: 'mediaInvalid' },
];

/**
 * The table for writes (wall.post, photos.saveWallPhoto): 1 and 10 are VK's server errors, and
 * platforms.md §5 says nowhere that they come before anything was written, so a write that gets
 * one may have happened (DESIGN.md §6: an unknown outcome, reconciled, not resent blindly).
 */
export const VK_WRITE_ERROR_RULES: readonly ErrorRule[] = [
  { code: [1, 10], kind: 'outcomeUnknown' },
  ...VK_ERROR_RULES,
];

/** Code 6 is the per-second limit: VK names no wait, a second is what it implies. */
const PER_SECOND_WAIT_MS = 1000;

interface VkApiError {
  error_code?: unknown;
  error_msg?: unknown;
  error_subcode?: unknown;
}

interface VkErrorBody {
  error?: unknown;
  error_description?: unknown;
}

/**
 * Reads every error shape VK has: the API's `{"error":{error_code,error_msg,error_subcode?}}`,
 * VK ID's `{"error":"invalid_grant","error_description"}` and an upload server's
 * `{"error":"ERR_UPLOAD_..."}`; nothing from a body that holds none.
 */
export const describeVkError: Describe = (body, status) => {
  const error = (body as VkErrorBody | null | undefined)?.error;
  if (error && typeof error === 'object') {
    const api = error as VkApiError;
    const code = typeof api.error_code === 'number' ? api.error_code : undefined;
    return {
      code,
      subcode: typeof api.error_subcode === 'number' ? api.error_subcode : undefined,
      message: typeof api.error_msg === 'string' ? api.error_msg : undefined,
      retryAfterMs: code === 6 ? PER_SECOND_WAIT_MS : undefined,
    };
  }
  if (typeof error === 'string') {
    const description = (body as VkErrorBody).error_description;
    return typeof description === 'string' ? { code: error, message: description } : { message: error };
  }
  return status >= 400 ? {} : undefined;
};
