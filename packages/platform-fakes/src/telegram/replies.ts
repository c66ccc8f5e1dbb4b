import type { FastifyReply } from 'fastify';

/**
 * The Bot API's answers (platforms.md §6): `{ok:true,result}`, or `{ok:false,error_code,
 * description,parameters?}` with the HTTP status equal to error_code.
 */
export function ok(reply: FastifyReply, result: unknown): FastifyReply {
  return reply.code(200).send({ ok: true, result });
}

export function fail(
  reply: FastifyReply,
  code: number,
  description: string,
  parameters?: { retry_after?: number; migrate_to_chat_id?: number },
): FastifyReply {
  return reply
    .code(code)
    .send({ ok: false, error_code: code, description, ...(parameters ? { parameters } : {}) });
}

export const unauthorized = (reply: FastifyReply) => fail(reply, 401, 'Unauthorized');
export const badRequest = (reply: FastifyReply, what: string) => fail(reply, 400, `Bad Request: ${what}`);
export const forbidden = (reply: FastifyReply, what: string) => fail(reply, 403, `Forbidden: ${what}`);
export const tooManyRequests = (reply: FastifyReply, retryAfterS: number) =>
  fail(reply, 429, `Too Many Requests: retry after ${retryAfterS}`, { retry_after: retryAfterS });
export const tooLarge = (reply: FastifyReply) => fail(reply, 413, 'Request Entity Too Large');
