import { describe, expect, it } from 'vitest';
import { errorClassifier } from '../adapter-testing.ts';
import { LINKEDIN_ERROR_RULES, describeLinkedInError } from './errors.ts';

const kindOf = errorClassifier('linkedin', LINKEDIN_ERROR_RULES, describeLinkedInError);

describe('LinkedIn errors', () => {
  it.each([
    [
      401,
      { status: 401, serviceErrorCode: 65600, code: 'INVALID_ACCESS_TOKEN', message: 'Invalid access token' },
      'reauthorize',
    ],
    [
      401,
      {
        status: 401,
        serviceErrorCode: 65601,
        code: 'EXPIRED_ACCESS_TOKEN',
        message: 'The token used in the request has expired',
      },
      'reauthorize',
    ],
    [
      429,
      { status: 429, serviceErrorCode: 101, code: 'TOO_MANY_REQUESTS', message: 'Resource level throttle' },
      'rateLimited',
    ],
    [422, { status: 422, message: 'Content is a duplicate of urn:li:share:7300' }, 'rejected'],
    [
      403,
      {
        status: 403,
        serviceErrorCode: 100,
        code: 'ACCESS_DENIED',
        message: 'Not enough permissions to post',
      },
      'rejected',
    ],
    [403, { status: 403, message: 'Accessing this video resource is forbidden' }, 'transient'],
    [400, { status: 400, message: 'Unable to obtain activity for urn:li:share:1' }, 'transient'],
    [503, { status: 503, message: 'Service Unavailable' }, 'transient'],
    [500, { status: 500, message: 'Internal Server Error' }, 'transient'],
    [
      400,
      { status: 400, code: 'INVALID_ARGUMENT', message: 'fileSizeBytes must be between 1 and 524288000' },
      'mediaInvalid',
    ],
    [400, { status: 400, code: 'VERSION_MISSING', message: 'A version must be present.' }, 'rejected'],
  ] as const)('%i %j → %s', (status, body, kind) => {
    const error = kindOf(status, body);
    expect(error.kind).toBe(kind);
    expect(error.detail.platformMessage).toBe(body.message);
  });

  it('keeps the code and the service error code', () => {
    const error = kindOf(401, {
      status: 401,
      serviceErrorCode: 65602,
      code: 'REVOKED_ACCESS_TOKEN',
      message: 'The token used in the request has been revoked by the user',
    });
    expect([error.detail.platformCode, error.detail.platformSubcode]).toEqual([
      'REVOKED_ACCESS_TOKEN',
      '65602',
    ]);
    expect(kindOf(403, { status: 403, serviceErrorCode: 100, message: 'x' }).detail.platformCode).toBe('100');
  });

  it("reads OAuth's error and description", () => {
    const error = kindOf(400, {
      error: 'invalid_request',
      error_description: 'The provided refresh token is invalid or expired',
    });
    expect([error.kind, error.detail.platformCode, error.detail.platformMessage]).toEqual([
      'rejected',
      'invalid_request',
      'The provided refresh token is invalid or expired',
    ]);
  });

  it('claims no 5xx, "Service Unavailable" included: the status decides (a write\'s is an unknown outcome)', () => {
    const unknown = errorClassifier(
      'linkedin',
      [...LINKEDIN_ERROR_RULES, { status: [500, 502, 503, 504], kind: 'outcomeUnknown' }],
      describeLinkedInError,
    );
    for (const message of ['Service Unavailable', 'Unable to obtain activity', 'resource is forbidden'])
      expect(unknown(503, { status: 503, message }).kind).toBe('outcomeUnknown');
  });

  it('reads no error from a successful answer', () => {
    expect(describeLinkedInError({ message: 'fine' }, 201)).toBeUndefined();
  });
});
