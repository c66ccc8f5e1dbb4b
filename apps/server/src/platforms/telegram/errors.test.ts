import { describe, expect, it } from 'vitest';
import { errorClassifier } from '../adapter-testing.ts';
import { TELEGRAM_ERROR_RULES, describeTelegramError } from './errors.ts';

const classified = errorClassifier('telegram', TELEGRAM_ERROR_RULES, describeTelegramError);

/** What a Bot API error body becomes (platforms.md §6 Errors). */
function kindOf(status: number, description: string, parameters?: { retry_after: number }) {
  const body = { ok: false, error_code: status, description, ...(parameters ? { parameters } : {}) };
  return classified(status, body);
}

describe('Telegram errors', () => {
  it.each([
    [401, 'Unauthorized', 'reauthorize'],
    [403, 'Forbidden: bot is not a member of the channel chat', 'reauthorize'],
    [403, 'Forbidden: bot was kicked from the channel chat', 'reauthorize'],
    [400, 'Bad Request: need administrator rights in the channel chat', 'reauthorize'],
    [400, 'Bad Request: IMAGE_PROCESS_FAILED', 'mediaInvalid'],
    [400, 'Bad Request: wrong file identifier/HTTP URL specified', 'mediaInvalid'],
    [413, 'Request Entity Too Large', 'mediaInvalid'],
    [400, 'Bad Request: message is too long', 'rejected'],
    [400, 'Bad Request: chat not found', 'rejected'],
    [500, 'Internal Server Error', 'transient'],
    [502, 'Bad Gateway', 'transient'],
  ] as const)('%i %s → %s', (status, description, kind) => {
    const error = kindOf(status, description);
    expect(error.kind).toBe(kind);
    expect(error.detail.platformMessage).toBe(description);
  });

  it('reads retry_after from the body', () => {
    const error = kindOf(429, 'Too Many Requests: retry after 7', { retry_after: 7 });
    expect(error.kind).toBe('rateLimited');
    expect(error.detail.retryAfterMs).toBe(7000);
    expect(error.detail.platformCode).toBe('429');
  });

  it('reads no error from a successful answer', () => {
    expect(describeTelegramError({ ok: true, result: {} }, 200)).toBeUndefined();
    expect(describeTelegramError(null, 200)).toBeUndefined();
  });
});
