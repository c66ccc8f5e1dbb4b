import type { FastifyInstance } from 'fastify';
import type { FakeContext } from '../fake-server.ts';
import { authenticate, googleScopes } from './guard.ts';
import { adminError } from './replies.ts';
import type { GoogleState } from './state.ts';

/** §11 Scope: analytics.readonly (or analytics.edit) reads the account summaries. */
const SCOPES = googleScopes('analytics.readonly', 'analytics.edit');

/**
 * The Analytics Admin API's accountSummaries.list (platforms.md §11 What the grant reaches): the
 * user's GA4 accounts with their properties, 50 a page by default, 200 at most, the rest behind
 * nextPageToken; an account without properties comes without propertySummaries (proto3 JSON).
 */
export function analyticsRoutes(app: FastifyInstance, ctx: FakeContext, state: GoogleState): void {
  app.get('/v1beta/accountSummaries', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'GET /v1beta/accountSummaries', {
      api: 'admin',
      scopes: SCOPES,
    });
    if (!authed) return reply;
    if (authed.fault?.kind === 'acceptThenHang') return ctx.hang(reply);
    const query = request.query as Record<string, string | undefined>;
    const asked = Number(query['pageSize'] ?? 50);
    if (!Number.isInteger(asked) || asked < 0) return adminError(reply, 400, 'page_size must be positive');
    const size = Math.min(200, asked || 50);
    const start = query['pageToken'] ? Number(Buffer.from(query['pageToken'], 'base64url').toString()) : 0;
    if (!Number.isInteger(start)) return adminError(reply, 400, 'Invalid page token');
    const accounts = [...state.accounts.values()].filter((a) => a.userIds.includes(authed.token.userId));
    const page = accounts.slice(start, start + size).map((account) => {
      const properties = [...state.properties.values()].filter((p) => p.accountId === account.id);
      return {
        name: `accountSummaries/${account.id}`,
        account: `accounts/${account.id}`,
        displayName: account.displayName,
        ...(properties.length > 0
          ? {
              propertySummaries: properties.map((p) => ({
                property: `properties/${p.id}`,
                displayName: p.displayName,
                propertyType: p.propertyType,
                parent: `accounts/${account.id}`,
              })),
            }
          : {}),
      };
    });
    const next =
      start + size < accounts.length
        ? { nextPageToken: Buffer.from(String(start + size)).toString('base64url') }
        : {};
    return { accountSummaries: page, ...next };
  });
}
