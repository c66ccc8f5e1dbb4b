import type { FastifyReply } from 'fastify';
import type { Fault } from '../faults.ts';

/**
 * The VK API's answers (platforms.md §5 Errors): always HTTP 200, `{"response": ...}` or
 * `{"error":{"error_code","error_msg","request_params":[{key,value}]}}`. The request parameters
 * echoed back leave the token out, as VK does.
 */
export function ok(reply: FastifyReply, response: unknown): FastifyReply {
  return reply.code(200).send({ response });
}

export function vkError(
  reply: FastifyReply,
  method: string,
  params: Record<string, string>,
  code: number,
  message: string,
): FastifyReply {
  const request_params = [
    { key: 'method', value: method },
    ...Object.entries(params)
      .filter(([key]) => key !== 'access_token')
      .map(([key, value]) => ({ key, value })),
  ];
  return reply.code(200).send({ error: { error_code: code, error_msg: message, request_params } });
}

/** VK's wording of each error the fake gives (VKCOM/vk-api-schema errors.json, and the detail VK appends). */
export const VK_ERRORS = {
  expired: [5, 'User authorization failed: access_token has expired.'],
  invalidToken: [5, 'User authorization failed: invalid access_token (4).'],
  invalidSession: [5, 'User authorization failed: invalid session.'],
  tooMany: [6, 'Too many requests per second'],
  noPermission: [15, 'Access denied: no access to call this method'],
  server: [10, 'Internal server error'],
  noVersion: [8, 'Invalid request: v (version) is required'],
  unknownMethod: [3, 'Unknown method passed'],
  notFound: [104, 'Not found'],
} as const satisfies Record<string, readonly [number, string]>;

/** A fault switch in VK's words: every one of them comes with HTTP 200. */
export function faultError(fault: Fault): readonly [number, string] {
  switch (fault.kind) {
    case 'expiredToken':
      return VK_ERRORS.expired;
    case 'revokedGrant':
      return VK_ERRORS.invalidSession;
    case 'rateLimited':
      // VK sends no wait with it: code 6 is the per-second limit (platforms.md §5 Rate limits).
      return VK_ERRORS.tooMany;
    case 'serverError':
      return VK_ERRORS.server;
    default:
      return [214, `Access to adding post denied: ${fault.message ?? 'the post was refused'}`];
  }
}
