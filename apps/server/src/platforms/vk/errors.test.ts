import { describe, expect, it } from 'vitest';
import { errorClassifier } from '../adapter-testing.ts';
import { VK_ERROR_RULES, VK_WRITE_ERROR_RULES, describeVkError } from './errors.ts';

const kindOf = errorClassifier('vk', VK_ERROR_RULES, describeVkError);
const writeKindOf = errorClassifier('vk', VK_WRITE_ERROR_RULES, describeVkError);
const apiError = (error_code: number, error_msg: string) => ({
  error: { error_code, error_msg, request_params: [{ key: 'method', value: 'wall.post' }] },
});

describe('VK errors', () => {
  it.each([
    [5, 'User authorization failed: access_token has expired.', 'reauthorize'],
    [5, 'User authorization failed: invalid session.', 'reauthorize'],
    [6, 'Too many requests per second', 'rateLimited'],
    [9, 'Flood control', 'rateLimited'],
    [29, 'Rate limit reached', 'rateLimited'],
    [10, 'Internal server error', 'transient'],
    [1, 'Unknown error occurred', 'transient'],
    [14, 'Captcha needed', 'rejected'],
    [15, 'Access denied: no access to this group', 'rejected'],
    [214, 'Access to adding post denied: you can only add 50 posts a day', 'rejected'],
    [210, "Access to wall's post denied", 'rejected'],
    [222, 'Hyperlinks are forbidden', 'rejected'],
    [703, 'You need to enable 2FA for this action', 'rejected'],
    [22, 'Upload error', 'mediaInvalid'],
    [121, 'Invalid hash', 'mediaInvalid'],
    [100, 'One of the parameters specified was missing or invalid: photos_list is invalid', 'mediaInvalid'],
    [100, 'One of the parameters specified was missing or invalid: message is empty or invalid', 'rejected'],
  ] as const)('%i %s → %s (with HTTP 200)', (code, message, kind) => {
    const classified = kindOf(200, apiError(code, message));
    expect(classified.kind).toBe(kind);
    expect(classified.detail.platformCode).toBe(String(code));
    expect(classified.detail.platformMessage).toBe(message);
  });

  it('takes a server error (1, 10) to a write as an unknown outcome, every other code as for any call', () => {
    expect(writeKindOf(200, apiError(10, 'Internal server error')).kind).toBe('outcomeUnknown');
    expect(writeKindOf(200, apiError(1, 'Unknown error occurred')).kind).toBe('outcomeUnknown');
    for (const [code, kind] of [
      [5, 'reauthorize'],
      [9, 'rateLimited'],
      [214, 'rejected'],
      [121, 'mediaInvalid'],
    ] as const)
      expect(writeKindOf(200, apiError(code, 'x')).kind).toBe(kind);
  });

  it('waits a second after the per-second limit, and names no wait for flood control', () => {
    expect(kindOf(200, apiError(6, 'Too many requests per second')).detail.retryAfterMs).toBe(1000);
    expect(kindOf(200, apiError(9, 'Flood control')).detail.retryAfterMs).toBeUndefined();
  });

  it("keeps VK ID's error code and description", () => {
    const error = kindOf(400, { error: 'invalid_grant', error_description: 'code is invalid or expired' });
    expect(error.kind).toBe('rejected');
    expect(error.detail.platformCode).toBe('invalid_grant');
    expect(error.detail.platformMessage).toBe('code is invalid or expired');
  });

  it("takes an upload server's refusal as a media problem", () => {
    expect(kindOf(200, { error: 'ERR_UPLOAD_BAD_IMAGE_SIZE: market photo min size 400x400' }).kind).toBe(
      'mediaInvalid',
    );
  });

  it('reads no error from a successful answer', () => {
    expect(describeVkError({ response: { post_id: 1 } }, 200)).toBeUndefined();
    expect(describeVkError({ server: 1, photo: '[]', hash: 'h' }, 200)).toBeUndefined();
  });
});
