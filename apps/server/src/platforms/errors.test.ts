import { describe, expect, it } from 'vitest';
import { type ErrorRule, PlatformError, classify, isPlatformError } from './errors.ts';

/** A Graph-like table (platforms.md §1-§2): codes, subcodes and a message pattern. */
const GRAPH_RULES: readonly ErrorRule[] = [
  { code: 190, kind: 'reauthorize' },
  { code: [4, 17, 32, 613], kind: 'rateLimited' },
  { code: [1, 2], kind: 'transient' },
  { subcode: [2207004, 2207005], kind: 'mediaInvalid' },
  { status: 400, message: /REVOKED_ACCESS_TOKEN/, kind: 'reauthorize' },
];

describe('classify', () => {
  it('applies the first matching rule, comparing codes as strings', () => {
    expect(
      classify('facebook', GRAPH_RULES, { status: 400, code: '190', message: 'Session expired' }).kind,
    ).toBe('reauthorize');
    expect(classify('facebook', GRAPH_RULES, { status: 400, code: 32 }).kind).toBe('rateLimited');
    expect(classify('instagram', GRAPH_RULES, { status: 400, code: 36003, subcode: 2207004 }).kind).toBe(
      'mediaInvalid',
    );
    expect(classify('facebook', GRAPH_RULES, { status: 400, code: 2 }).kind).toBe('transient');
  });

  it('requires every condition of a rule', () => {
    expect(classify('facebook', GRAPH_RULES, { status: 400, message: 'REVOKED_ACCESS_TOKEN' }).kind).toBe(
      'reauthorize',
    );
    // Same message, other status: the rule does not hold, the 403 falls back to 'rejected'.
    expect(classify('facebook', GRAPH_RULES, { status: 403, message: 'REVOKED_ACCESS_TOKEN' }).kind).toBe(
      'rejected',
    );
    // A subcode rule needs a subcode.
    expect(classify('instagram', GRAPH_RULES, { status: 400, code: 2207004 }).kind).toBe('rejected');
  });

  it('falls back on the status: 401, 429, 408 and 5xx, other 4xx, and errors sent with 200', () => {
    const cases: [number | undefined, string][] = [
      [401, 'reauthorize'],
      [429, 'rateLimited'],
      [408, 'transient'],
      [500, 'transient'],
      [503, 'transient'],
      [400, 'rejected'],
      [403, 'rejected'],
      [422, 'rejected'],
      [200, 'rejected'],
      [undefined, 'rejected'],
    ];
    for (const [status, kind] of cases) expect(classify('x', [], { status }).kind, String(status)).toBe(kind);
  });

  it("keeps the platform's own message, codes, retry-after and raw body", () => {
    const raw = {
      title: 'Forbidden',
      detail: 'You are not allowed to create a Tweet with duplicate content.',
    };
    const error = classify('x', [{ status: 403, message: /duplicate content/, kind: 'rejected' }], {
      status: 403,
      code: 'https://api.x.com/2/problems/client-forbidden',
      message: raw.detail,
      retryAfterMs: 1500,
      raw,
    });
    expect(error).toBeInstanceOf(PlatformError);
    expect(isPlatformError(error)).toBe(true);
    expect(error.kind).toBe('rejected');
    expect(error.detail).toEqual({
      platform: 'x',
      status: 403,
      platformMessage: raw.detail,
      platformCode: 'https://api.x.com/2/problems/client-forbidden',
      platformSubcode: undefined,
      retryAfterMs: 1500,
      raw,
    });
    expect(error.message).toBe(`x: rejected (HTTP 403): ${raw.detail}`);
  });

  it('matches a message pattern with the g flag every time', () => {
    const rules: ErrorRule[] = [{ message: /flood/g, kind: 'rateLimited' }];
    for (let i = 0; i < 3; i++)
      expect(classify('vk', rules, { status: 200, message: 'flood control' }).kind).toBe('rateLimited');
  });

  it('lets a rule without conditions catch everything', () => {
    expect(classify('tiktok', [{ kind: 'transient' }], { status: 400 }).kind).toBe('transient');
  });
});
