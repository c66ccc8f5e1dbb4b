/**
 * The places the Graph fake knows (platforms.md §1 Audience targeting): what
 * `search?type=adgeolocation` finds, and so the only keys `targeting` takes. Countries by ISO
 * code, regions and cities by Graph's numeric key.
 */
export interface GraphLocation {
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

const country = (code: string, name: string): GraphLocation => ({
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
): GraphLocation => ({
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
export const LOCATIONS: readonly GraphLocation[] = [
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

/** The place of a kind by its key (a country's key is its code). */
export const locationOf = (type: GraphLocation['type'], key: string): GraphLocation | undefined =>
  LOCATIONS.find((l) => l.type === type && l.key === key);
