import type { Clock } from '../lib/clock.ts';

/** What every adapter's factory takes for its HTTP calls; tests pass a fake fetch and clock. */
export interface AdapterCallSettings {
  /** Per call. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  clock?: Clock;
}

/** How an adapter waits for the platform's asynchronous work (a video processing, a publish settling). */
export interface PollingSettings {
  /** Between checks. */
  pollIntervalMs?: number;
  /** Checks before giving up; unless an adapter says otherwise nothing is published then, so it is 'transient'. */
  maxPolls?: number;
  /** How the adapter waits between checks: tests pass one that returns at once. */
  wait?: (ms: number) => Promise<void>;
}

/** The app's registration at the platform. */
export interface OAuthClientSettings {
  clientId: string;
  clientSecret: string;
}

export type Polling = Required<PollingSettings>;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** An adapter's polling settings with its own defaults filled in. */
export function polling(
  settings: PollingSettings,
  defaults: { pollIntervalMs: number; maxPolls: number },
): Polling {
  return {
    pollIntervalMs: settings.pollIntervalMs ?? defaults.pollIntervalMs,
    maxPolls: settings.maxPolls ?? defaults.maxPolls,
    wait: settings.wait ?? sleep,
  };
}
