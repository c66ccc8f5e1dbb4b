import type { Clock } from '../../lib/clock.ts';

/** platforms.md §1 Base: the docs show v25-v26, postiz pins v20-v23; a setting either way. */
export const DEFAULT_GRAPH_VERSION = 'v23.0';

/** What the Facebook and Instagram adapters' factories both take besides their hosts. */
export interface GraphAdapterSettings {
  clientId: string;
  clientSecret: string;
  version?: string;
  timeoutMs?: number;
  /** Between checks of a video or container still processing. */
  pollIntervalMs?: number;
  /** Waits before giving up on one ('transient'). */
  maxPolls?: number;
  /** How the adapter waits between checks: tests pass one that returns at once. */
  wait?: (ms: number) => Promise<void>;
  fetch?: typeof fetch;
  clock?: Clock;
}
