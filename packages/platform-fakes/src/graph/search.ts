import type { FastifyInstance } from 'fastify';
import type { FakeContext } from '../fake-server.ts';
import { authenticate } from './guard.ts';
import { LOCATIONS } from './locations.ts';
import { invalidParameter } from './replies.ts';
import type { GraphState } from './state.ts';

/**
 * Location keys for audience targeting (platforms.md §1 Audience targeting):
 * GET /search?type=adgeolocation&q=&location_types=["country","region","city"]&country_code=.
 * The keys it answers are those `targeting` takes (targeting.ts).
 */
export function searchRoutes(app: FastifyInstance, ctx: FakeContext, state: GraphState): void {
  app.get('/:version/search', async (request, reply) => {
    const authed = authenticate(request, reply, ctx, state, 'GET /search');
    if (!authed) return reply;
    const { params } = authed;
    if (params.get('type') !== 'adgeolocation')
      return invalidParameter(reply, 'Unsupported type: only adgeolocation is searchable here');
    const q = (params.get('q') ?? '').toLowerCase();
    const types = params.json('location_types');
    const wanted = Array.isArray(types) ? types.map(String) : ['country', 'region', 'city'];
    const code = params.get('country_code')?.toUpperCase();
    const limit = Number(params.get('limit') ?? 25) || 25;
    const data = LOCATIONS.filter(
      (l) =>
        wanted.includes(l.type) &&
        (code === undefined || l.country_code === code) &&
        (q === '' || l.name.toLowerCase().includes(q) || l.country_code.toLowerCase() === q),
    ).slice(0, limit);
    return { data };
  });
}
