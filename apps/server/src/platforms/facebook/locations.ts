import { type GraphEndpoint, type GraphHttp, graphUrl } from '../graph/http.ts';

export type LocationType = 'country' | 'region' | 'city';

export interface LocationSearch {
  q: string;
  types?: readonly LocationType[];
  /** ISO 3166 alpha-2, to search inside one country. */
  countryCode?: string;
  limit?: number;
}

/**
 * A place to target (platforms.md §1 Audience targeting): countries by ISO code, regions and
 * cities by their numeric key, as `targeting.geo_locations` takes them.
 */
export interface FacebookLocation {
  key: string;
  name: string;
  type: string;
  countryCode?: string;
  countryName?: string;
  region?: string;
}

interface GraphLocation {
  key?: string | number;
  name?: string;
  type?: string;
  country_code?: string;
  country_name?: string;
  region?: string;
}

/** GET /search?type=adgeolocation (which token it needs is [unverified]: the one given is sent). */
export async function searchLocations(
  http: GraphHttp,
  graph: GraphEndpoint,
  token: string,
  search: LocationSearch,
): Promise<FacebookLocation[]> {
  const { body } = await http.request({
    method: 'GET',
    url: graphUrl(graph, 'search'),
    query: {
      type: 'adgeolocation',
      q: search.q,
      location_types: JSON.stringify(search.types ?? ['country', 'region', 'city']),
      country_code: search.countryCode,
      limit: search.limit ?? 25,
      access_token: token,
    },
  });
  return ((body as { data?: GraphLocation[] }).data ?? []).flatMap((l) =>
    l.key === undefined || !l.name
      ? []
      : [
          {
            key: String(l.key),
            name: l.name,
            type: l.type ?? 'unknown',
            countryCode: l.country_code,
            countryName: l.country_name,
            region: l.region,
          },
        ],
  );
}
