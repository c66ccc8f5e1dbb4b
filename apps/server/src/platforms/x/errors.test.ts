import { describe, expect, it } from 'vitest';
import { errorClassifier } from '../adapter-testing.ts';
import { X_ERROR_RULES, describeXError } from './errors.ts';

const kindOf = errorClassifier('x', X_ERROR_RULES, describeXError);
const problem = (type: string | undefined, detail: string, title = 'Invalid Request') => ({
  title,
  detail,
  type: type ? `https://api.x.com/2/problems/${type}` : 'about:blank',
});

describe('X errors', () => {
  it.each([
    [401, problem(undefined, 'Unauthorized', 'Unauthorized'), 'reauthorize', undefined],
    [403, problem(undefined, 'Unsupported Authentication', 'Forbidden'), 'reauthorize', undefined],
    [429, problem(undefined, 'Too Many Requests', 'Too Many Requests'), 'rateLimited', undefined],
    [429, problem('usage-capped', 'Usage cap exceeded: Monthly product cap'), 'rateLimited', 'usage-capped'],
    [
      403,
      problem(undefined, 'You are not allowed to create a Tweet with duplicate content.', 'Forbidden'),
      'rejected',
      undefined,
    ],
    [
      403,
      problem('client-forbidden', 'You are not permitted to perform this action.'),
      'rejected',
      'client-forbidden',
    ],
    [400, problem('invalid-request', 'media type unrecognized.'), 'mediaInvalid', 'invalid-request'],
    [400, problem('invalid-request', 'File size exceeds 5242880 bytes.'), 'mediaInvalid', 'invalid-request'],
    [
      403,
      problem(undefined, 'This user is not allowed to post a video longer than 2 minutes', 'Forbidden'),
      'mediaInvalid',
      undefined,
    ],
    [400, problem('invalid-request', 'The Tweet contains an invalid URL.'), 'rejected', 'invalid-request'],
    [
      404,
      problem('resource-not-found', 'Could not find tweet with id: [1].'),
      'rejected',
      'resource-not-found',
    ],
    [503, problem(undefined, 'Service Unavailable', 'Service Unavailable'), 'transient', undefined],
  ] as const)('%i %j → %s', (status, body, kind, code) => {
    const error = kindOf(status, body);
    expect(error.kind).toBe(kind);
    expect(error.detail.platformCode).toBe(code);
    expect(error.detail.platformMessage).toBe(body.detail);
  });

  it('reads the simple {code, message} shape and OAuth errors', () => {
    const simple = kindOf(400, {
      code: 220,
      message: 'Your credentials do not allow access to this resource.',
    });
    expect([simple.kind, simple.detail.platformCode, simple.detail.platformMessage]).toEqual([
      'rejected',
      '220',
      'Your credentials do not allow access to this resource.',
    ]);
    const oauth = kindOf(400, {
      error: 'invalid_request',
      error_description: 'Value passed for the token was invalid.',
    });
    expect([oauth.detail.platformCode, oauth.detail.platformMessage]).toEqual([
      'invalid_request',
      'Value passed for the token was invalid.',
    ]);
  });

  it('a 200 with errors and no data is an error; with data it is a partial success', () => {
    const missing = {
      errors: [
        {
          detail: 'Could not find tweet with id: [1].',
          title: 'Not Found Error',
          type: 'https://api.x.com/2/problems/resource-not-found',
        },
      ],
    };
    expect(describeXError(missing, 200)).toEqual({
      code: 'resource-not-found',
      message: 'Could not find tweet with id: [1].',
    });
    expect(describeXError({ ...missing, data: { id: '2' } }, 200)).toBeUndefined();
    expect(describeXError({ data: { id: '2' } }, 201)).toBeUndefined();
  });
});
