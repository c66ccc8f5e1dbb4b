import { describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { errorClassifier } from '../adapter-testing.ts';
import { GA4_ERROR_RULES, describeGa4Error } from './errors.ts';

const clock = manualClock(new Date('2026-03-01T10:20:00Z'));
const kindOf = errorClassifier('ga4', GA4_ERROR_RULES, describeGa4Error(clock));
const envelope = (code: number, status: string, message: string, reason?: string) => ({
  error: { code, message, status, ...(reason ? { details: [{ reason, domain: 'googleapis.com' }] } : {}) },
});

describe('GA4 errors', () => {
  it.each([
    [400, 'INVALID_ARGUMENT', 'Invalid date range', undefined, 'rejected'],
    [
      401,
      'UNAUTHENTICATED',
      'Request had invalid authentication credentials.',
      'CREDENTIALS_MISSING',
      'reauthorize',
    ],
    [
      403,
      'PERMISSION_DENIED',
      'Request had insufficient authentication scopes.',
      'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
      'reauthorize',
    ],
    [
      403,
      'PERMISSION_DENIED',
      'User does not have sufficient permissions for this property. To learn more about Property ID, see …',
      undefined,
      'reauthorize',
    ],
    [
      403,
      'PERMISSION_DENIED',
      'Google Analytics Data API has not been used in project 1 before or it is disabled.',
      'SERVICE_DISABLED',
      'rejected',
    ],
    [429, 'RESOURCE_EXHAUSTED', 'Exhausted property tokens per hour', undefined, 'rateLimited'],
    [500, 'INTERNAL', 'Internal error', undefined, 'transient'],
    [503, 'UNAVAILABLE', 'The service is currently unavailable.', undefined, 'transient'],
  ] as const)('%i %s %s → %s', (status, name, message, reason, kind) => {
    const error = kindOf(status, envelope(status, name, message, reason));
    expect(error.kind).toBe(kind);
    expect(error.detail.platformMessage).toBe(message);
    expect(error.detail.platformSubcode).toBe(name);
  });

  it('waits for a spent property quota until its hour, or its day, resets', () => {
    expect(
      kindOf(429, envelope(429, 'RESOURCE_EXHAUSTED', 'Exhausted property tokens per hour')).detail
        .retryAfterMs,
    ).toBe(40 * 60_000);
    expect(
      kindOf(429, envelope(429, 'RESOURCE_EXHAUSTED', 'Exhausted property tokens per day')).detail
        .retryAfterMs,
    ).toBe((21 * 60 + 40) * 60_000);
  });
});
