import type { ErrorRule } from '../errors.ts';
import type { Describe } from '../http.ts';

/**
 * Telegram's error table (platforms.md §6 Errors). The status equals error_code; 401 (a bad or
 * revoked bot token) and 429 fall back on the status. A bot removed from the channel or stripped
 * of its right to post needs the user to put it back and connect again: reauthorize.
 */
export const TELEGRAM_ERROR_RULES: readonly ErrorRule[] = [
  {
    status: 403,
    message: /bot is not a member|bot was kicked|not enough rights|CHAT_WRITE_FORBIDDEN/,
    kind: 'reauthorize',
  },
  { status: 400, message: /need administrator rights|CHAT_ADMIN_REQUIRED/, kind: 'reauthorize' },
  { status: 413, kind: 'mediaInvalid' },
  {
    status: 400,
    message:
      /IMAGE_PROCESS_FAILED|PHOTO_INVALID_DIMENSIONS|PHOTO_SAVE_FILE_INVALID|wrong file identifier|failed to get HTTP URL content|wrong type of the web page content|file is too big|VIDEO_CONTENT_TYPE_INVALID|there is no (photo|video) in the request/,
    kind: 'mediaInvalid',
  },
];

interface TelegramErrorBody {
  ok?: unknown;
  error_code?: unknown;
  description?: unknown;
  parameters?: { retry_after?: unknown };
}

/** `{ok:false,error_code,description,parameters:{retry_after}}`, on any status (the docs allow 200). */
export const describeTelegramError: Describe = (body) => {
  const error = body as TelegramErrorBody | null | undefined;
  if (!error || typeof error !== 'object' || error.ok !== false) return undefined;
  const retryAfter = error.parameters?.retry_after;
  return {
    code: typeof error.error_code === 'number' ? error.error_code : undefined,
    message: typeof error.description === 'string' ? error.description : undefined,
    retryAfterMs: typeof retryAfter === 'number' ? retryAfter * 1000 : undefined,
  };
};
