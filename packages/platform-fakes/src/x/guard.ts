import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FakeContext } from '../fake-server.ts';
import type { Fault } from '../faults.ts';
import { answerFault, bearerToken } from '../guard.ts';
import { forbidden, serviceUnavailable, tooManyRequests, unauthorized } from './replies.ts';
import type { XState, XUser } from './state.ts';

/** platforms.md §4 Rate limits, per user per 15 minutes; the calls the table leaves out use X's usual read limits. */
const WINDOW_MS = 15 * 60 * 1000;
const LIMITS: Record<string, number> = {
  'POST /2/tweets': 100,
  'DELETE /2/tweets/:id': 50,
  'POST /2/media/upload/initialize': 1875,
  'POST /2/media/upload/:id/append': 1875,
  'POST /2/media/upload/:id/finalize': 1875,
  'POST /2/media/upload': 500,
  'GET /2/media/upload': 1000,
  'GET /2/users/me': 75,
  'GET /2/users/:id/tweets': 900,
  'GET /2/tweets/:id': 900,
};

export interface Authed {
  user: XUser;
  scopes: string[];
  /** What the switches leave to the handler: the after-commit faults (faults.ts) and slowProcessing. */
  fault: Fault | undefined;
}

/**
 * The bearer token's user, with the x-rate-limit-* headers X sends on every call (the reset in
 * epoch seconds), and the fault switches answered before the handler (`call` is the key of
 * LIMITS, account the user's id). Undefined when the answer is already sent.
 */
export function authenticate(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: FakeContext,
  state: XState,
  call: string,
): Authed | undefined {
  const check = state.oauth.check(bearerToken(request));
  const user = check.ok ? state.users.get(check.token.userId) : undefined;
  if (!check.ok || !user) {
    unauthorized(reply);
    return undefined;
  }
  const now = ctx.now().getTime();
  const limit = LIMITS[call] ?? 900;
  const key = `${user.id} ${call} ${Math.floor(now / WINDOW_MS)}`;
  const calls = (state.calls.get(key) ?? 0) + 1;
  state.calls.set(key, calls);
  const fault = ctx.faults.take(call, user.id);
  if (calls > limit && fault?.kind !== 'rateLimited') ctx.overLimit(user.id, call);
  const limited = fault?.kind === 'rateLimited' || calls > limit;
  const resetMs =
    fault?.kind === 'rateLimited'
      ? now + (fault.retryAfterS ?? 900) * 1000
      : (Math.floor(now / WINDOW_MS) + 1) * WINDOW_MS;
  reply.headers({
    'x-rate-limit-limit': String(limit),
    'x-rate-limit-remaining': String(limited ? 0 : limit - calls),
    'x-rate-limit-reset': String(Math.ceil(resetMs / 1000)),
  });
  if (limited) {
    tooManyRequests(reply);
    return undefined;
  }
  const answered = answerFault(fault, {
    // X answers an expired and a revoked token alike: 401 Unauthorized.
    expiredToken: () => unauthorized(reply),
    revokedGrant: () => unauthorized(reply),
    serverError: () => serviceUnavailable(reply),
    contentRejected: (f) => forbidden(reply, f.message ?? 'You are not permitted to perform this action.'),
  });
  return answered ? undefined : { user, scopes: check.token.scopes, fault };
}

/** The scope a call needs (platforms.md §4: tweet.write for posting, media.write for uploads). */
export function hasScope(authed: Authed, reply: FastifyReply, scope: string): boolean {
  if (authed.scopes.includes(scope)) return true;
  forbidden(reply, `Missing scope: ${scope}`);
  return false;
}
