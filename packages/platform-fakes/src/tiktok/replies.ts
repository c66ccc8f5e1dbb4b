import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Fault } from '../faults.ts';

/**
 * TikTok's envelope (platforms.md §10 Errors): `{"data":{…},"error":{"code","message","log_id"}}`
 * on every answer, `"code":"ok"` when it went well; some failures come with HTTP 200.
 */
const logId = () => `2026${randomBytes(12).toString('hex').toUpperCase()}`;

export function ok(reply: FastifyReply, data: unknown, status = 200): FastifyReply {
  return reply.code(status).send({ data, error: { code: 'ok', message: '', log_id: logId() } });
}

export function fail(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  return reply.code(status).send({ data: {}, error: { code, message, log_id: logId() } });
}

export const invalidToken = (reply: FastifyReply) =>
  fail(reply, 401, 'access_token_invalid', 'The access token is invalid or not found in the request.');

export const scopeNotAuthorized = (reply: FastifyReply, scope: string) =>
  fail(
    reply,
    401,
    'scope_not_authorized',
    `The user did not authorize the scope required for completing this request: ${scope}.`,
  );

export const invalidParam = (reply: FastifyReply, message: string) =>
  fail(reply, 400, 'invalid_param', message);

/** A fault switch in TikTok's words. Content refusals come with HTTP 200, as TikTok's spam checks do. */
export function answerFault(reply: FastifyReply, fault: Fault): FastifyReply {
  switch (fault.kind) {
    case 'expiredToken':
    case 'revokedGrant':
      return invalidToken(reply);
    case 'rateLimited':
      return fail(
        reply,
        429,
        'rate_limit_exceeded',
        'The API rate limit was exceeded. Please try again later.',
      );
    case 'serverError':
      return fail(reply, 500, 'internal_error', 'Something went wrong. Please try again later.');
    default:
      return fail(reply, 200, 'spam_risk_text', fault.message ?? 'The caption was flagged as spam.');
  }
}
