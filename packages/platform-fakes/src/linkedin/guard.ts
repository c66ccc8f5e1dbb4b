import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FakeContext } from '../fake-server.ts';
import { answerFault, bearerToken } from '../guard.ts';
import type { Fault } from '../faults.ts';
import {
  expiredToken,
  invalidToken,
  linkedInError,
  revokedToken,
  serverError,
  throttled,
  unprocessable,
} from './replies.ts';
import type { LinkedInMember, LinkedInState } from './state.ts';

/** The versions this fake serves: YYYYMM, a year back from the newest (LinkedIn sunsets older ones). */
const OLDEST_VERSION = 202501;
const NEWEST_VERSION = 202612;

export interface Authed {
  member: LinkedInMember;
  scopes: string[];
  /** What the switches leave to the handler: the after-commit faults (faults.ts) and slowProcessing. */
  fault: Fault | undefined;
}

/**
 * The versioned REST headers every /rest/ call needs (platforms.md §7: 400 without them), the
 * bearer token's member, and the fault switches answered before the handler (`call` is
 * "METHOD /path", `account` the member's URN). Undefined when the answer is already sent.
 */
export function authenticate(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: FakeContext,
  state: LinkedInState,
  call: string,
  options: { versioned?: boolean } = {},
): Authed | undefined {
  if (options.versioned ?? true) {
    const version = request.headers['linkedin-version'];
    if (typeof version !== 'string' || !/^\d{6}(\.\d{2})?$/.test(version)) {
      linkedInError(
        reply,
        400,
        'A version must be present. Please specify a version by adding the LinkedIn-Version header.',
        {
          code: 'VERSION_MISSING',
        },
      );
      return undefined;
    }
    const month = Number(version.slice(0, 6));
    if (month < OLDEST_VERSION || month > NEWEST_VERSION) {
      linkedInError(reply, 426, `Requested version ${version} is not active`, {
        code: 'NONEXISTENT_VERSION',
      });
      return undefined;
    }
    if (request.headers['x-restli-protocol-version'] !== '2.0.0') {
      linkedInError(reply, 400, 'X-Restli-Protocol-Version 2.0.0 is required for this resource.', {
        code: 'INVALID_ARGUMENT',
      });
      return undefined;
    }
  }
  const check = state.oauth.check(bearerToken(request));
  if (!check.ok) {
    if (check.reason === 'expired') expiredToken(reply);
    else if (check.reason === 'revoked') revokedToken(reply);
    else invalidToken(reply);
    return undefined;
  }
  const member = state.members.get(check.token.userId);
  if (!member) {
    invalidToken(reply);
    return undefined;
  }
  const fault = ctx.faults.take(call, `urn:li:person:${member.id}`);
  const answered = answerFault(fault, {
    expiredToken: () => expiredToken(reply),
    revokedGrant: () => revokedToken(reply),
    rateLimited: (f) => {
      // LinkedIn documents no rate-limit headers; the fake says when with Retry-After [unverified].
      reply.header('retry-after', String(f.retryAfterS ?? 60));
      throttled(reply);
    },
    serverError: () => serverError(reply),
    contentRejected: (f) =>
      unprocessable(reply, f.message ?? 'The content violates the Professional Community Policies.'),
  });
  return answered ? undefined : { member, scopes: check.token.scopes, fault };
}

/** The scope a call needs (platforms.md §7: w_organization_social to post, r_organization_social to read). */
export function hasScope(authed: Authed, reply: FastifyReply, scope: string): boolean {
  if (authed.scopes.includes(scope)) return true;
  linkedInError(reply, 403, `Not enough permissions to access: ${scope}`, {
    serviceErrorCode: 100,
    code: 'ACCESS_DENIED',
  });
  return false;
}
