import type { Clock } from '../../lib/clock.ts';
import { type PlatformHttp, type PlatformRequest, createPlatformHttp } from '../http.ts';
import { GRAPH_ERROR_RULES, GRAPH_WRITE_ERROR_RULES, describeGraphError } from './errors.ts';

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

export type GraphHttp = PlatformHttp;

/**
 * The shared HTTP helper with Graph's error tables, for Facebook Pages or Instagram: a call that
 * may be repeated reads the generic codes as transient, a write does not (errors.ts).
 */
export function createGraphHttp(platform: 'facebook' | 'instagram', settings: GraphHttpSettings): GraphHttp {
  const common = {
    platform,
    describe: describeGraphError,
    timeoutMs: settings.timeoutMs,
    fetch: withRegainAsRetryAfter(settings.fetch ?? fetch),
    clock: settings.clock,
  };
  const reads = createPlatformHttp({ ...common, rules: GRAPH_ERROR_RULES });
  const writes = createPlatformHttp({ ...common, rules: GRAPH_WRITE_ERROR_RULES });
  const repeatable = (call: PlatformRequest) =>
    call.idempotent ?? (call.method === 'GET' || call.method === 'HEAD');
  return {
    // The overloads only narrow the body's type by `as`, which passes through unchanged.
    request: (call: PlatformRequest & { as?: 'json' }) => (repeatable(call) ? reads : writes).request(call),
  } as PlatformHttp;
}

/**
 * The query of the page after this one, from Graph's `paging.next` (cursors or time-based, as
 * Graph chose), without its token: the caller sends it to its own host with its own token, so a
 * URL in an answer never gets a token sent anywhere else.
 */
export function nextPageQuery(next: string | undefined): Record<string, string> | undefined {
  if (!next || !URL.canParse(next)) return undefined;
  const query = Object.fromEntries(new URL(next).searchParams);
  delete query['access_token'];
  return query;
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
