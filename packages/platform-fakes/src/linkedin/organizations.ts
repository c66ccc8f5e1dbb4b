import type { FastifyInstance } from 'fastify';
import type { FakeContext } from '../fake-server.ts';
import { Params } from '../params.ts';
import { authenticate, hasScope } from './guard.ts';
import { badRequest, notFound } from './replies.ts';
import type { LinkedInState } from './state.ts';

/**
 * What a member's grant reaches: organizationAcls (q=roleAssignee, optionally by role and state)
 * lists the organisations and the member's role in each; /rest/organizations/{id} describes one,
 * its logo an image URN read through the Images API; /rest/networkSizes/{urn} counts its followers.
 */
export function organizationRoutes(app: FastifyInstance, ctx: FakeContext, state: LinkedInState): void {
  app.get('/rest/organizationAcls', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'GET /rest/organizationAcls');
    if (!authed || !hasScope(authed, reply, 'rw_organization_admin')) return reply;
    const params = new Params(request);
    if (params.get('q') !== 'roleAssignee')
      return reply.code(400).send({ status: 400, message: 'q must be roleAssignee' });
    const role = params.get('role');
    const elements = [...state.organizations.values()].flatMap((org) => {
      const held = org.roles.get(authed.member.id);
      if (!held || (role && held !== role)) return [];
      return [
        {
          roleAssignee: `urn:li:person:${authed.member.id}`,
          state: 'APPROVED',
          role: held,
          organization: `urn:li:organization:${org.id}`,
        },
      ];
    });
    return { paging: { start: 0, count: 100, total: elements.length, links: [] }, elements };
  });

  app.get<{ Params: { id: string } }>('/rest/organizations/:id', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'GET /rest/organizations/:id');
    if (!authed || !hasScope(authed, reply, 'rw_organization_admin')) return reply;
    const org = state.organizations.get(request.params.id);
    if (!org) return notFound(reply, `organization ${request.params.id}`);
    return {
      id: Number(org.id),
      localizedName: org.localizedName,
      vanityName: org.vanityName,
      name: { localized: { en_US: org.localizedName }, preferredLocale: { country: 'US', language: 'en' } },
      ...(org.logo ? { logoV2: { original: org.logo, cropped: org.logo } } : {}),
    };
  });

  /**
   * Organization Lookup's follower count: GET /rest/networkSizes/{organization URN}
   * ?edgeType=COMPANY_FOLLOWED_BY_MEMBER answers {firstDegreeSize} (the follower statistics
   * endpoint no longer gives totals and points here).
   */
  app.get<{ Params: { urn: string } }>('/rest/networkSizes/:urn', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'GET /rest/networkSizes/:urn');
    if (!authed) return reply;
    if (new Params(request).get('edgeType') !== 'COMPANY_FOLLOWED_BY_MEMBER')
      return badRequest(reply, 'edgeType must be COMPANY_FOLLOWED_BY_MEMBER');
    const id = /^urn:li:organization:(\d+)$/.exec(request.params.urn)?.[1];
    const org = id === undefined ? undefined : state.organizations.get(id);
    if (!org) return notFound(reply, `networkSizes ${request.params.urn}`);
    return { firstDegreeSize: org.followers };
  });
}
