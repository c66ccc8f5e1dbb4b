import type { ChannelPlatform } from '@postdeck/contract/platforms';
import type { AccountAdapter } from '../../platforms/adapter.ts';
import { isPlatformError } from '../../platforms/errors.ts';

/**
 * What is counted of the platforms' calls (/metrics): the platform registry wraps each adapter and
 * its fetch with these, and metrics.ts implements them on the app's prom-client registry.
 */
export interface PlatformMetrics {
  /**
   * One HTTP request an adapter made: its method, its status class ('2xx'...'5xx', 'error' when no
   * answer came) and how long it took until the answer's headers (a whole upload's body included).
   */
  request(platform: ChannelPlatform, method: string, status: string, seconds: number): void;
  /** An adapter's operation that failed, by the class of its error (errors.ts kinds, or 'internal'). */
  failed(platform: ChannelPlatform, operation: AdapterOperation, kind: string): void;
  /** A token refresh and how it ended: 'refreshed', or the class of its error. */
  refreshed(platform: ChannelPlatform, outcome: string): void;
}

/** The adapters' calls that reach the platform (adapter.ts); anything else an adapter has is left alone. */
export const ADAPTER_OPERATIONS = [
  'exchangeCode',
  'refresh',
  'revoke',
  'targets',
  'publish',
  'find',
  'remove',
  'metrics',
] as const;
export type AdapterOperation = (typeof ADAPTER_OPERATIONS)[number];
const OPERATIONS: ReadonlySet<string> = new Set(ADAPTER_OPERATIONS);

const METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The class of an error as /metrics counts it: a platform error's kind; anything else is ours. */
export const errorClass = (error: unknown): string => (isPlatformError(error) ? error.kind : 'internal');

/**
 * The platform's fetch, timed. `metrics` is read at each call (the registry is told of them after it
 * is built); without any, the call goes straight through.
 */
export function measuredFetch(
  platform: ChannelPlatform,
  inner: typeof fetch,
  metrics: () => PlatformMetrics | undefined,
): typeof fetch {
  return async (input, init) => {
    const sink = metrics();
    if (!sink) return inner(input, init);
    const given = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    // A label value from a fixed set: a method an adapter made up is not a new series.
    const method = METHODS.has(given) ? given : 'OTHER';
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      const response = await inner(input, init);
      sink.request(platform, method, `${Math.floor(response.status / 100)}xx`, seconds());
      return response;
    } catch (error) {
      sink.request(platform, method, 'error', seconds());
      throw error;
    }
  };
}

/**
 * The adapter with its operations counted: a failure by the class of its error, a refresh by how it
 * ended. The adapter itself is unchanged (a proxy), and so are its other properties.
 */
export function measuredAdapter<A extends AccountAdapter>(
  adapter: A,
  metrics: () => PlatformMetrics | undefined,
): A {
  const platform = adapter.platform;
  return new Proxy(adapter, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string' || !OPERATIONS.has(property))
        return value;
      const operation = property as AdapterOperation;
      const call = value as (...args: unknown[]) => Promise<unknown>;
      return async (...args: unknown[]) => {
        const sink = metrics();
        try {
          const result = await call.apply(target, args);
          if (operation === 'refresh') sink?.refreshed(platform, 'refreshed');
          return result;
        } catch (error) {
          const kind = errorClass(error);
          sink?.failed(platform, operation, kind);
          if (operation === 'refresh') sink?.refreshed(platform, kind);
          throw error;
        }
      };
    },
  });
}
