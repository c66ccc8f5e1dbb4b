import type { Clock } from '../../lib/clock.ts';
import { createPlatformHttp } from '../http.ts';
import { GRAPH_ERROR_RULES, describeGraphError } from './errors.ts';

/** Where Meta's Graph answers and under which version (platforms.md §1 Base: "Keep the version in settings"). */
export interface GraphEndpoint {
  base: string;
  version: string;
}

export interface GraphHttpSettings {
  timeoutMs: number;
  fetch?: typeof fetch | undefined;
  clock?: Clock | undefined;
}

export type GraphHttp = ReturnType<typeof createGraphHttp>;

/** The shared HTTP helper with Graph's error table, for Facebook Pages or Instagram. */
export function createGraphHttp(platform: 'facebook' | 'instagram', settings: GraphHttpSettings) {
  return createPlatformHttp({
    platform,
    rules: GRAPH_ERROR_RULES,
    describe: describeGraphError,
    timeoutMs: settings.timeoutMs,
    fetch: withRegainAsRetryAfter(settings.fetch ?? fetch),
    clock: settings.clock,
  });
}

/** `<base>/<version>/<path>`. */
export function graphUrl(endpoint: GraphEndpoint, path: string): URL {
  return new URL(`${endpoint.base.replace(/\/+$/, '')}/${endpoint.version}/${path.replace(/^\/+/, '')}`);
}

/**
 * Graph says how long a throttled business object must wait in X-Business-Use-Case-Usage's
 * estimated_time_to_regain_access, in minutes (platforms.md §1 Rate limits), not in Retry-After:
 * restated as Retry-After, the shared helper reads it like every other platform's wait.
 */
function withRegainAsRetryAfter(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    const minutes = regainMinutes(response.headers.get('x-business-use-case-usage'));
    if (minutes === undefined || response.headers.has('retry-after')) return response;
    const headers = new Headers(response.headers);
    headers.set('retry-after', String(minutes * 60));
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}

/** The longest wait any object in the header names; undefined when none is throttled. */
export function regainMinutes(header: string | null): number | undefined {
  if (!header) return undefined;
  try {
    const usage = JSON.parse(header) as Record<string, { estimated_time_to_regain_access?: unknown }[]>;
    const waits = Object.values(usage)
      .flat()
      .map((entry) => Number(entry.estimated_time_to_regain_access))
      .filter((m) => Number.isFinite(m) && m > 0);
    return waits.length ? Math.max(...waits) : undefined;
  } catch {
    return undefined;
  }
}
