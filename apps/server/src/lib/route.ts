import { envelope } from '@postdeck/contract/envelope';
import { type DataOf, type EndpointName, endpoints } from '@postdeck/contract/endpoints';
import type { RoutePermission } from '@postdeck/contract/permissions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from './errors.ts';
import type { Principal } from './principal.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on every API route from the contract's route table; checked by the auth hook. */
    permission?: RoutePermission;
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** The refresh-token family of the calling session. */
    sessionFamily: string | null;
  }
}

type Parsed<E, K extends string> = E extends Record<K, infer S extends z.ZodType> ? z.output<S> : undefined;

export interface RouteContext<N extends EndpointName> {
  body: Parsed<(typeof endpoints)[N], 'body'>;
  query: Parsed<(typeof endpoints)[N], 'querystring'>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** The signed-in caller and their session; the auth hook sets both on any non-public route. */
export function sessionOf(request: FastifyRequest): { principal: Principal; familyId: string } {
  if (!request.principal || !request.sessionFamily) throw new AppError('notSignedIn');
  return { principal: request.principal, familyId: request.sessionFamily };
}

/**
 * Registers a route of the contract's table: schemas, permission and OpenAPI data come from
 * the table, the handler returns only `data`, and the envelope is added here.
 */
export function route<N extends EndpointName>(
  app: FastifyInstance,
  name: N,
  handler: (ctx: RouteContext<N>) => Promise<DataOf<N>>,
) {
  const endpoint: (typeof endpoints)[EndpointName] = endpoints[name];
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.tag],
      ...('body' in endpoint ? { body: endpoint.body } : {}),
      ...('querystring' in endpoint ? { querystring: endpoint.querystring } : {}),
      response: { 200: envelope(endpoint.response) },
    },
    config: { permission: endpoint.permission },
    handler: async (request, reply) => {
      const data = await handler({
        body: request.body as RouteContext<N>['body'],
        query: request.query as RouteContext<N>['query'],
        request,
        reply,
      });
      return { code: 200, msg: 'success', data };
    },
  });
}
