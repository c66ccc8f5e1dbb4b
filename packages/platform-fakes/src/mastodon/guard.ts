import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FakeContext } from '../fake-server.ts';
import { answerFault, bearerToken } from '../guard.ts';
import type { Fault } from '../faults.ts';
import { invalidToken, mastodonError, revokedToken, serverError, validationFailed } from './replies.ts';
import type { MastodonState, MastodonUser } from './state.ts';

/**
 * platforms.md §8 Rate limits: 300 calls per 5 minutes per account, in windows that start on the
 * clock's 5-minute marks (X-RateLimit-Reset is the next one), the count starting again in each.
 */
const LIMIT = 300;
const WINDOW_MS = 5 * 60 * 1000;

export interface Authed {
  user: MastodonUser;
  /** What the fault switches leave for the handler itself to do: the after-commit faults, slowProcessing. */
  fault: Fault | undefined;
}

/**
 * The bearer token's user, with the rate-limit headers Mastodon sends on every call, and the fault
 * switches that answer before the handler does (`call` is "METHOD /path pattern", account the
 * user's id). Undefined when the answer is already sent.
 */
export function authenticate(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: FakeContext,
  state: MastodonState,
  call: string,
): Authed | undefined {
  const bearer = bearerToken(request);
  const token = bearer === undefined ? undefined : state.tokens.get(bearer);
  const user = token && state.users.get(token.userId);
  if (!token || !user) {
    invalidToken(reply);
    return undefined;
  }
  if (token.revoked) {
    revokedToken(reply);
    return undefined;
  }
  const now = ctx.now();
  const windowStart = now.getTime() - (now.getTime() % WINDOW_MS);
  const counted = state.calls.get(user.id);
  const calls = (counted?.windowStart === windowStart ? counted.count : 0) + 1;
  state.calls.set(user.id, { windowStart, count: calls });
  const fault = ctx.faults.take(call, user.id);
  if (calls > LIMIT && fault?.kind !== 'rateLimited') ctx.overLimit(user.id, 'calls per 5 minutes');
  const limited = fault?.kind === 'rateLimited' || calls > LIMIT;
  const resetMs =
    fault?.kind === 'rateLimited'
      ? (fault.retryAfterS ?? 60) * 1000
      : WINDOW_MS - (now.getTime() % WINDOW_MS);
  reply.headers({
    'x-ratelimit-limit': String(LIMIT),
    'x-ratelimit-remaining': String(limited ? 0 : Math.max(0, LIMIT - calls)),
    'x-ratelimit-reset': new Date(now.getTime() + resetMs).toISOString(),
  });
  if (limited) {
    mastodonError(reply, 429, 'Too many requests');
    return undefined;
  }
  const answered = answerFault(fault, {
    expiredToken: () => invalidToken(reply),
    revokedGrant: () => revokedToken(reply),
    serverError: () => serverError(reply),
    contentRejected: (f) => validationFailed(reply, f.message ?? 'Text contains a disallowed word'),
  });
  return answered ? undefined : { user, fault };
}
