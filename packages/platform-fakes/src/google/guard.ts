import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FakeContext } from '../fake-server.ts';
import { answerFault, bearerToken } from '../guard.ts';
import type { Fault } from '../faults.ts';
import type { AccessToken } from '../oauth/store.ts';
import {
  INSUFFICIENT_SCOPES,
  INVALID_CREDENTIALS,
  QUOTA_EXCEEDED,
  adminError,
  backendError,
  youtubeError,
} from './replies.ts';
import { DAILY_INSERTS, DAILY_UNITS, type GoogleState, type YoutubeChannel } from './state.ts';

const SCOPE = 'https://www.googleapis.com/auth/';

export interface GuardOptions {
  api: 'youtube' | 'admin';
  /** Any one of these scopes lets the call through (platforms.md §3 Scopes, §11 Scope). */
  scopes: string[];
  /** YouTube quota units (§3 Quota); `insert` spends one of the day's 100 videos.insert calls. */
  units?: number;
  insert?: boolean;
}

export interface Authed {
  token: AccessToken;
  /** The channel the grant reaches (chosen on the consent page), for YouTube calls. */
  channel: YoutubeChannel | undefined;
  /** What the fault switches leave for the handler itself: the after-commit faults, slowProcessing, contentRejected. */
  fault: Fault | undefined;
}

/** Google scope names in full. */
export const googleScopes = (...names: string[]) => names.map((name) => `${SCOPE}${name}`);

/**
 * The bearer token, its scopes and the day's quota, then the fault switches (`call` is
 * "METHOD /path", `account` the grant's channel id for YouTube calls, the user's id for the
 * Admin API). Undefined when the answer is already sent.
 */
export function authenticate(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: FakeContext,
  state: GoogleState,
  call: string,
  options: GuardOptions,
): Authed | undefined {
  const fail = (status: number, reason: string, message: string, domain?: string) => {
    if (options.api === 'admin') adminError(reply, status, message, reason);
    else youtubeError(reply, status, { reason, message, ...(domain ? { domain } : {}) });
    return undefined;
  };
  const unauthenticated = () => {
    reply.header('www-authenticate', 'Bearer realm="https://accounts.google.com/", error="invalid_token"');
    return options.api === 'admin'
      ? fail(401, 'ACCESS_TOKEN_EXPIRED', INVALID_CREDENTIALS)
      : fail(401, 'authError', INVALID_CREDENTIALS, 'global');
  };
  const checked = state.oauth.check(bearerToken(request));
  if (!checked.ok) return unauthenticated();
  const token = checked.token;
  const channel = state.channels.get(token.choices['channel']?.[0] ?? '');
  const fault = ctx.faults.take(call, options.api === 'youtube' ? channel?.id : token.userId);
  if (!options.scopes.some((scope) => token.scopes.includes(scope)))
    return options.api === 'admin'
      ? fail(403, 'ACCESS_TOKEN_SCOPE_INSUFFICIENT', INSUFFICIENT_SCOPES)
      : fail(403, 'insufficientPermissions', INSUFFICIENT_SCOPES, 'global');
  if (options.api === 'youtube') {
    const quota = state.quotaOf(token.clientId);
    if (
      quota.units + (options.units ?? 0) > DAILY_UNITS ||
      (options.insert && quota.inserts >= DAILY_INSERTS)
    ) {
      // The quota is the project's (the OAuth client's), not a channel's.
      ctx.overLimit(`project ${token.clientId}`, options.insert ? 'videos.insert a day' : 'units a day');
      return fail(403, 'quotaExceeded', QUOTA_EXCEEDED, 'youtube.quota');
    }
    quota.units += options.units ?? 0;
    if (options.insert) quota.inserts += 1;
  }
  const answered = answerFault(fault, {
    expiredToken: unauthenticated,
    revokedGrant: unauthenticated,
    rateLimited: (f) => {
      reply.header('retry-after', String(f.retryAfterS ?? 60));
      if (options.api === 'admin')
        fail(429, 'RATE_LIMIT_EXCEEDED', 'Quota exceeded for quota metric and limit.');
      else
        fail(
          429,
          'rateLimitExceeded',
          'The request cannot be completed because you have exceeded your rate limit.',
          'youtube.quota',
        );
    },
    serverError: () => {
      if (options.api === 'admin') fail(503, '', 'The service is currently unavailable.');
      else backendError(reply);
    },
  });
  return answered ? undefined : { token, channel, fault };
}
