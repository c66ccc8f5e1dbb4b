import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/** Graph's error envelope (platforms.md §1 Errors), with an fbtrace_id as every real answer has. */
export interface GraphErrorFields {
  message: string;
  code: number;
  type?: string;
  subcode?: number | undefined;
  userTitle?: string | undefined;
  userMessage?: string | undefined;
  isTransient?: boolean | undefined;
}

export function graphError(reply: FastifyReply, status: number, error: GraphErrorFields): FastifyReply {
  return reply.code(status).send({
    error: {
      message: error.message,
      type: error.type ?? 'OAuthException',
      code: error.code,
      ...(error.subcode === undefined ? {} : { error_subcode: error.subcode }),
      ...(error.isTransient === undefined ? {} : { is_transient: error.isTransient }),
      ...(error.userTitle === undefined ? {} : { error_user_title: error.userTitle }),
      ...(error.userMessage === undefined ? {} : { error_user_msg: error.userMessage }),
      fbtrace_id: randomBytes(8).toString('base64url'),
    },
  });
}

/** Graph's answer to a failure on its side (the serverError fault, and a write's after its commit). */
export const serverError = (reply: FastifyReply) =>
  graphError(reply, 500, {
    code: 2,
    message: 'An unexpected error has occurred. Please retry your request later.',
    isTransient: true,
  });

/** Graph's own words for the token failures (190 with the subcode that says why). */
export function invalidToken(reply: FastifyReply, reason: 'invalid' | 'expired' | 'revoked', now: Date) {
  const said = {
    invalid: { message: 'Invalid OAuth access token - Cannot parse access token', subcode: undefined },
    expired: {
      message: `Error validating access token: Session has expired on ${now.toUTCString()}. The current time is ${now.toUTCString()}.`,
      subcode: 463,
    },
    revoked: {
      message: 'Error validating access token: The user has not authorized application.',
      subcode: 458,
    },
  }[reason];
  reply.header('www-authenticate', `OAuth "Facebook Platform" "invalid_token" "${said.message}"`);
  return graphError(reply, 400, { code: 190, ...said });
}

export const unknownObject = (reply: FastifyReply, id: string, method: 'get' | 'delete' | 'post' = 'get') =>
  graphError(reply, 400, {
    code: 100,
    subcode: 33,
    type: 'GraphMethodException',
    message: `Unsupported ${method} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
  });

export const invalidParameter = (reply: FastifyReply, message: string, subcode?: number) =>
  graphError(reply, 400, { code: 100, subcode, message: `(#100) ${message}` });
