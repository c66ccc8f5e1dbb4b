import { describe, expect, it } from 'vitest';
import { describeGoogleError, untilPacificMidnight } from './errors.ts';

describe("Google's error bodies", () => {
  it("reads the YouTube envelope's reason, the gRPC envelope's ErrorInfo, and OAuth's error", () => {
    expect(
      describeGoogleError(
        {
          error: {
            code: 403,
            message: 'quota',
            errors: [{ reason: 'quotaExceeded', domain: 'youtube.quota' }],
          },
        },
        403,
      ),
    ).toEqual({ code: 'quotaExceeded', subcode: undefined, message: 'quota' });
    expect(
      describeGoogleError(
        {
          error: {
            code: 403,
            message: 'Request had insufficient authentication scopes.',
            status: 'PERMISSION_DENIED',
            details: [
              {
                '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
                reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
              },
            ],
          },
        },
        403,
      ),
    ).toEqual({
      code: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
      subcode: 'PERMISSION_DENIED',
      message: 'Request had insufficient authentication scopes.',
    });
    expect(describeGoogleError({ error: { code: 500, message: 'x', status: 'INTERNAL' } }, 500)?.code).toBe(
      'INTERNAL',
    );
    expect(describeGoogleError({ error: 'invalid_grant', error_description: 'Bad Request' }, 400)).toEqual({
      code: 'invalid_grant',
      message: 'Bad Request',
    });
    expect(describeGoogleError('<html>Not Found</html>', 404)).toEqual({});
    expect(describeGoogleError({ error: 'not one' }, 200)).toBeUndefined();
  });

  it('counts to midnight in Los Angeles, in winter and in summer time', () => {
    expect(untilPacificMidnight(new Date('2026-03-01T10:00:00Z'))).toBe(22 * 3600_000);
    expect(untilPacificMidnight(new Date('2026-07-01T06:59:59.500Z'))).toBe(500);
    expect(untilPacificMidnight(new Date('2026-07-01T07:00:00Z'))).toBe(24 * 3600_000);
  });
});
