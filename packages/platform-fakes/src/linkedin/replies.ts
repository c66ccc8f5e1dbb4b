import type { FastifyReply } from 'fastify';

/**
 * LinkedIn's error bodies (platforms.md §7 Errors): `{status, message}` with `serviceErrorCode`
 * and `code` where LinkedIn adds them (the 401 codes below are [unverified] there), and OAuth's
 * `{error, error_description}` at the token endpoint.
 */
export const linkedInError = (
  reply: FastifyReply,
  status: number,
  message: string,
  extra: { serviceErrorCode?: number; code?: string } = {},
) => reply.code(status).send({ status, ...extra, message });

export const invalidToken = (reply: FastifyReply) =>
  linkedInError(reply, 401, 'Invalid access token', {
    serviceErrorCode: 65600,
    code: 'INVALID_ACCESS_TOKEN',
  });
export const expiredToken = (reply: FastifyReply) =>
  linkedInError(reply, 401, 'The token used in the request has expired', {
    serviceErrorCode: 65601,
    code: 'EXPIRED_ACCESS_TOKEN',
  });
export const revokedToken = (reply: FastifyReply) =>
  linkedInError(reply, 401, 'The token used in the request has been revoked by the user', {
    serviceErrorCode: 65602,
    code: 'REVOKED_ACCESS_TOKEN',
  });
export const throttled = (reply: FastifyReply) =>
  linkedInError(
    reply,
    429,
    'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.',
    {
      serviceErrorCode: 101,
      code: 'TOO_MANY_REQUESTS',
    },
  );
export const serverError = (reply: FastifyReply) => linkedInError(reply, 500, 'Internal Server Error');
export const forbidden = (reply: FastifyReply, message: string) =>
  linkedInError(reply, 403, message, { serviceErrorCode: 100, code: 'ACCESS_DENIED' });
export const notFound = (reply: FastifyReply, what: string) =>
  linkedInError(reply, 404, `Not Found: ${what}`, { code: 'NOT_FOUND' });
export const badRequest = (reply: FastifyReply, message: string) =>
  linkedInError(reply, 400, message, { code: 'INVALID_ARGUMENT' });
export const unprocessable = (reply: FastifyReply, message: string) => linkedInError(reply, 422, message);

export const oauthError = (reply: FastifyReply, status: number, error: string, description: string) =>
  reply.code(status).send({ error, error_description: description });
