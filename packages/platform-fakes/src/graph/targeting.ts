import { escapeHtml } from '../html.ts';
import type { Params } from '../params.ts';
import { type GraphLocation, locationOf } from './locations.ts';
import type { GraphErrorFields } from './replies.ts';

/**
 * A page post's `targeting` (platforms.md §1 Audience targeting), as /{page}/feed, /photos and
 * /videos take it: a JSON object whose `geo_locations` restricts who sees the post.
 */
export interface GraphTargeting {
  geo_locations?: {
    countries?: string[];
    regions?: { key: string; name?: string }[];
    cities?: { key: string; name?: string }[];
    zips?: { key: string }[];
  };
  [field: string]: unknown;
}

/** The fields platforms.md lists for a post's targeting; Graph refuses any other key. */
const TARGETING_KEYS = new Set([
  'geo_locations',
  'locales',
  'age_min',
  'excluded_countries',
  'excluded_regions',
  'excluded_cities',
  'excluded_zipcodes',
  'timezones',
]);
const GEO_KEYS = new Set(['countries', 'regions', 'cities', 'zips']);
const AREA_KEYS = new Set(['key', 'name']);
const AGE_MIN = new Set([13, 15, 18, 21, 25]);

export type TargetingRead =
  { ok: true; targeting: GraphTargeting | undefined } | { ok: false; error: GraphErrorFields };

/** Graph's 100 for a parameter it cannot take; the words are the fake's, the code and shape Graph's. */
const invalid = (message: string): TargetingRead => ({
  ok: false,
  error: { code: 100, message: `(#100) ${message}` },
});

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Graph's words for keys it does not know in an object parameter. */
function unknownKeys(
  value: Record<string, unknown>,
  known: Set<string>,
  param: string,
): TargetingRead | undefined {
  const unknown = Object.keys(value).filter((key) => !known.has(key));
  return unknown.length > 0
    ? invalid(`Invalid keys "${unknown.join('", "')}" were found in param "${param}".`)
    : undefined;
}

/**
 * The `targeting` of a post as Graph checks it: absent is fine; malformed JSON, a key it does not
 * know, or a location the search does not find (search.ts answers the same keys) is 100 invalid
 * parameter; a region or city inside a country (or region) also chosen is Graph's "Some of your
 * locations overlap".
 */
export function readTargeting(params: Params): TargetingRead {
  const raw = params.get('targeting');
  if (raw === undefined) return { ok: true, targeting: undefined };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return invalid('param targeting must be a JSON-encoded object.');
  }
  if (!isObject(value)) return invalid('param targeting must be a JSON-encoded object.');
  const top = unknownKeys(value, TARGETING_KEYS, 'targeting');
  if (top) return top;
  if (value['age_min'] !== undefined && !AGE_MIN.has(Number(value['age_min'])))
    return invalid('param targeting[age_min] must be one of {13, 15, 18, 21, 25}.');
  const geo = value['geo_locations'];
  if (geo === undefined) return { ok: true, targeting: value };
  if (!isObject(geo)) return invalid('param targeting[geo_locations] must be an object.');
  const geoKeys = unknownKeys(geo, GEO_KEYS, 'targeting[geo_locations]');
  if (geoKeys) return geoKeys;
  const places: GraphLocation[] = [];
  for (const kind of GEO_KEYS) {
    const list = geo[kind];
    if (list === undefined) continue;
    const param = `targeting[geo_locations][${kind}]`;
    if (!Array.isArray(list)) return invalid(`param ${param} must be an array.`);
    for (const [index, item] of list.entries()) {
      const key = kind === 'countries' ? item : isObject(item) ? item['key'] : undefined;
      if (kind !== 'countries' && isObject(item)) {
        const itemKeys = unknownKeys(item, AREA_KEYS, `${param}[${index}]`);
        if (itemKeys) return itemKeys;
      }
      if (typeof key !== 'string' && typeof key !== 'number')
        return invalid(
          `param ${param}[${index}] must name a location${kind === 'countries' ? '' : ' by its key'}.`,
        );
      const type = kind === 'countries' ? 'country' : kind === 'regions' ? 'region' : 'city';
      const found = kind === 'zips' ? undefined : locationOf(type, String(key));
      if (!found)
        return invalid(`Invalid ${kind === 'zips' ? 'zip' : type} key "${String(key)}" in param ${param}.`);
      places.push(found);
    }
  }
  if (places.length === 0) return invalid('param targeting[geo_locations] must name at least one location.');
  const chosen = (type: GraphLocation['type'], key: string) =>
    places.some((p) => p.type === type && p.key === key);
  const overlaps = places.some(
    (p) =>
      (p.type !== 'country' && chosen('country', p.country_code)) ||
      (p.type === 'city' && p.region_id !== undefined && chosen('region', String(p.region_id))),
  );
  if (overlaps)
    return {
      ok: false,
      error: {
        code: 100,
        message: 'Invalid parameter',
        userTitle: 'Locations overlap',
        userMessage: 'Some of your locations overlap. Try removing a location.',
      },
    };
  return { ok: true, targeting: value as GraphTargeting };
}

/** The places a post is shown in, in words, for its public page; empty when it is shown to everyone. */
export function audienceOf(targeting: GraphTargeting | undefined): string[] {
  const geo = targeting?.geo_locations;
  if (!geo) return [];
  const named = (type: GraphLocation['type'], key: string | number) => {
    const found = locationOf(type, String(key));
    return `${found?.name ?? String(key)} (${type})`;
  };
  return [
    ...(geo.countries ?? []).map((code) => named('country', code)),
    ...(geo.regions ?? []).map((region) => named('region', region.key)),
    ...(geo.cities ?? []).map((city) => named('city', city.key)),
  ];
}

/** A post page with who it is shown to above its text, when it is targeted. */
export function withAudience(html: string, targeting: GraphTargeting | undefined): string {
  const places = audienceOf(targeting);
  if (places.length === 0) return html;
  const line = `<p class="audience">Shown only to people in: ${escapeHtml(places.join(', '))}</p>\n`;
  return html.replace('<p class="text">', `${line}<p class="text">`);
}
