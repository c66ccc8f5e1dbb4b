import { describe, expect, it } from 'vitest';
import { errorClassifier } from '../adapter-testing.ts';
import { TIKTOK_ERROR_RULES, describeTikTokError } from './errors.ts';

const kindOf = errorClassifier('tiktok', TIKTOK_ERROR_RULES, describeTikTokError);
const envelope = (code: string, message: string) => ({
  data: {},
  error: { code, message, log_id: '202611260001' },
});

describe('TikTok errors', () => {
  it.each([
    [401, 'access_token_invalid', 'The access token is invalid or not found in the request.', 'reauthorize'],
    [401, 'scope_not_authorized', 'The user did not authorize the scope required.', 'reauthorize'],
    [429, 'rate_limit_exceeded', 'The API rate limit was exceeded.', 'rateLimited'],
    [200, 'spam_risk_too_many_posts', 'The daily post cap is reached.', 'rateLimited'],
    [200, 'spam_risk_too_many_pending_share', 'Too many pending shares.', 'rateLimited'],
    [200, 'spam_risk_text', 'The caption was flagged as spam.', 'rejected'],
    [403, 'spam_risk_user_banned_from_posting', 'The user is banned from posting.', 'rejected'],
    [403, 'reached_active_user_cap', 'The app reached its active user cap.', 'rejected'],
    [400, 'privacy_level_option_mismatch', 'The privacy level is not among the options.', 'rejected'],
    [
      403,
      'unaudited_client_can_only_post_to_private_accounts',
      'Unaudited clients post privately.',
      'rejected',
    ],
    [400, 'invalid_param', 'chunk_size must be between 5 MB and 64 MB', 'rejected'],
    [403, 'url_ownership_unverified', 'The URL domain is not verified.', 'rejected'],
    [500, 'internal_error', 'Something went wrong.', 'transient'],
  ] as const)('%i %s → %s', (status, code, message, kind) => {
    const classified = kindOf(status, envelope(code, message));
    expect(classified.kind).toBe(kind);
    expect(classified.detail.platformCode).toBe(code);
    expect(classified.detail.platformMessage).toBe(message);
  });

  it.each([
    ['file_format_check_failed', 'mediaInvalid'],
    ['duration_check_failed', 'mediaInvalid'],
    ['photo_pull_failed', 'mediaInvalid'],
    ['auth_removed', 'reauthorize'],
    ['internal', 'transient'],
    ['publish_cancelled', 'rejected'],
  ] as const)("a FAILED publish's fail_reason %s → %s", (reason, kind) => {
    expect(kindOf(200, envelope(reason, '')).kind).toBe(kind);
  });

  it("claims no HTTP 500: internal_error is left to the status (a write's is an unknown outcome)", () => {
    const unknown = errorClassifier(
      'tiktok',
      [...TIKTOK_ERROR_RULES, { status: [500, 502, 503, 504], kind: 'outcomeUnknown' }],
      describeTikTokError,
    );
    expect(unknown(500, envelope('internal_error', 'Something went wrong.')).kind).toBe('outcomeUnknown');
  });

  it('waits a minute after the init rate limit', () => {
    expect(kindOf(429, envelope('rate_limit_exceeded', 'x')).detail.retryAfterMs).toBe(60_000);
  });

  it("keeps Login Kit's error and description", () => {
    const error = kindOf(400, {
      error: 'invalid_grant',
      error_description: 'Authorization code is expired.',
    });
    expect(error.kind).toBe('rejected');
    expect(error.detail.platformCode).toBe('invalid_grant');
    expect(error.detail.platformMessage).toBe('Authorization code is expired.');
  });

  it('reads no error from an "ok" envelope', () => {
    expect(describeTikTokError(envelope('ok', ''), 200)).toBeUndefined();
    expect(describeTikTokError({ open_id: 'x', access_token: 'y' }, 200)).toBeUndefined();
  });
});
