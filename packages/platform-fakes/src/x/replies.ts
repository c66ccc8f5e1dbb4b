import type { FastifyReply } from 'fastify';

/**
 * X's error bodies (platforms.md §4 Errors): problem JSON, `type` a problem URL (or about:blank
 * for plain HTTP errors, as X answers 401, 429 and 5xx), and OAuth's `{error, error_description}`.
 */
const PROBLEMS = 'https://api.x.com/2/problems/';

export type ProblemType =
  | 'invalid-request'
  | 'resource-not-found'
  | 'not-authorized-for-resource'
  | 'client-forbidden'
  | 'usage-capped'
  | 'rate-limit-exceeded';

export const problem = (
  reply: FastifyReply,
  status: number,
  title: string,
  detail: string,
  type?: ProblemType,
) =>
  reply
    .code(status)
    .type('application/problem+json')
    .send({ title, detail, type: type ? `${PROBLEMS}${type}` : 'about:blank', status });

export const unauthorized = (reply: FastifyReply) => problem(reply, 401, 'Unauthorized', 'Unauthorized');
export const tooManyRequests = (reply: FastifyReply) =>
  problem(reply, 429, 'Too Many Requests', 'Too Many Requests');
export const serviceUnavailable = (reply: FastifyReply) =>
  problem(reply, 503, 'Service Unavailable', 'Service Unavailable');
export const forbidden = (reply: FastifyReply, detail: string) => problem(reply, 403, 'Forbidden', detail);
export const invalidRequest = (reply: FastifyReply, detail: string) =>
  problem(reply, 400, 'Invalid Request', detail, 'invalid-request');

/** A resource X cannot find: 404 with its problem type, naming the parameter and value. */
export const notFound = (reply: FastifyReply, resource: 'tweet' | 'media', id: string) =>
  reply.code(404).type('application/problem+json').send(notFoundError(resource, id));

/** As a partial error in a 200 answer's `errors`, or as a 404's body. */
export function notFoundError(resource: 'tweet' | 'media', id: string) {
  return {
    value: id,
    detail: `Could not find ${resource} with id: [${id}].`,
    title: 'Not Found Error',
    resource_type: resource,
    parameter: 'id',
    resource_id: id,
    type: `${PROBLEMS}resource-not-found`,
  };
}

export const oauthError = (reply: FastifyReply, status: number, error: string, description: string) =>
  reply.code(status).send({ error, error_description: description });

/** postiz matches "You are not allowed to create a Tweet" (platforms.md §4 Errors). */
export const DUPLICATE = 'You are not allowed to create a Tweet with duplicate content.';
