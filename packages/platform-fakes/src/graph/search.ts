import type { FastifyInstance } from 'fastify';
import type { FakeContext } from '../fake-server.ts';
import { authenticate } from './guard.ts';
import { invalidParameter } from './replies.ts';
import type { GraphState } from './state.ts';

interface Location {
  key: string;
  name: string;
  type: 'country' | 'region' | 'city';
  country_code: string;
  country_name: string;
  region?: string;
  region_id?: number;
  supports_region: boolean;
  supports_city: boolean;
}

const country = (code: string, name: string): Location => ({
  key: code,
  name,
  type: 'country',
  country_code: code,
  country_name: name,
  supports_region: true,
  supports_city: true,
});
const place = (
  type: 'region' | 'city',
  key: string,
  name: string,
  code: string,
  countryName: string,
  region: string,
  regionId: number,
): Location => ({
  key,
  name,
  type,
  country_code: code,
  country_name: countryName,
  region,
  region_id: regionId,
  supports_region: true,
  supports_city: type === 'region',
});

/** A few places to find, enough for the targeting picker in the sandbox (keys as Graph shapes them). */
const LOCATIONS: Location[] = [
  country('CA', 'Canada'),
  country('ES', 'Spain'),
  country('JP', 'Japan'),
  country('US', 'United States'),
  place('region', '528', 'Ontario', 'CA', 'Canada', 'Ontario', 528),
  place('city', '296875', 'Toronto', 'CA', 'Canada', 'Ontario', 528),
  place('region', '1793', 'Community of Madrid', 'ES', 'Spain', 'Community of Madrid', 1793),
  place('city', '774983', 'Madrid', 'ES', 'Spain', 'Community of Madrid', 1793),
  place('region', '2163', 'Tokyo', 'JP', 'Japan', 'Tokyo', 2163),
  place('city', '2459115', 'Tokyo', 'JP', 'Japan', 'Tokyo', 2163),
  place('region', '3847', 'California', 'US', 'United States', 'California', 3847),
  place('city', '2420379', 'Los Angeles', 'US', 'United States', 'California', 3847),
];

/**
 * Location keys for audience targeting (platforms.md §1 Audience targeting):
 * GET /search?type=adgeolocation&q=&location_types=["country","region","city"]&country_code=.
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
