import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../../db/client.ts';
import type { PlatformMetrics } from './platforms.ts';
import { QUEUE_COUNT_CAP, type QueueStats, readQueueStats } from './queues.ts';

/** How a send of the publishing worker settled: sent, failed for good, answer lost, or back to the queue. */
export type PublicationOutcome = 'published' | 'failed' | 'unconfirmed' | 'retried';

/** What the publishing worker counts (modules/publishing/worker.ts). */
export interface PublishingMetrics {
  settled(platform: string, outcome: PublicationOutcome): void;
  /** Seconds from a publication's due time to the platform's answer to its first attempt. */
  lateness(platform: string, seconds: number): void;
}

export interface Metrics {
  /** The app's own registry (never prom-client's global one: a process may build several apps). */
  readonly registry: Registry;
  readonly platforms: PlatformMetrics;
  readonly publishing: PublishingMetrics;
  /** One answered HTTP request: its method, route pattern (never the raw URL), status and duration. */
  request(method: string, route: string, statusCode: number, seconds: number): void;
}

export interface MetricsOptions {
  /** The job queue's tables, read at each scrape; without them no queue is reported. */
  queues?: { database: Pick<Database, 'db'>; schema: string } | undefined;
  /** A scrape whose queue read failed still answers, without the queue's series; this hears why. */
  log?: ((message: string, error: unknown) => void) | undefined;
}

const HTTP_METHODS: ReadonlySet<string> = new Set([
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
]);
/** From a twentieth of a second (a publish-now picked at once) to a minute (a send that waited its turn). */
export const LATENESS_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60];
/** A platform's answer: tens of milliseconds for a read, up to minutes for a video's upload. */
export const PLATFORM_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

/**
 * The app's Prometheus metrics (issue 22): one prom-client registry per app, the instruments the
 * app's parts are given (as optional dependencies: without them nothing is counted), and the
 * queue gauges read at scrape time.
 */
export function createMetrics(options: MetricsOptions = {}): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const http = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests answered, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers,
  });

  const publications = new Counter({
    name: 'postdeck_publications_total',
    help: 'Sends of publications settled by the worker, by platform and outcome (published, failed, unconfirmed, retried).',
    labelNames: ['platform', 'outcome'] as const,
    registers,
  });
  const lateness = new Histogram({
    name: 'postdeck_schedule_lateness_seconds',
    help: "From a publication's due time (its schedule, or its creation when published now) to the platform's answer to its first attempt.",
    labelNames: ['platform'] as const,
    buckets: LATENESS_BUCKETS,
    registers,
  });

  const platformRequests = new Histogram({
    name: 'postdeck_platform_request_duration_seconds',
    help: "HTTP requests to the platforms' APIs, by platform, method and status class ('error': no answer).",
    labelNames: ['platform', 'method', 'status_class'] as const,
    buckets: PLATFORM_BUCKETS,
    registers,
  });
  const platformErrors = new Counter({
    name: 'postdeck_platform_errors_total',
    help: "Platform operations that failed, by platform, operation and error class (platforms/errors.ts kinds; 'internal': not the platform's answer).",
    labelNames: ['platform', 'operation', 'class'] as const,
    registers,
  });
  const refreshes = new Counter({
    name: 'postdeck_token_refreshes_total',
    help: "Channel token refreshes, by platform and outcome ('refreshed', or the error class).",
    labelNames: ['platform', 'outcome'] as const,
    registers,
  });

  // Both queue gauges come from one read per scrape: the registry collects them side by side.
  let reading: Promise<QueueStats[] | undefined> | undefined;
  const queueStats = () => {
    const source = options.queues;
    if (!source) return Promise.resolve(undefined);
    reading ??= readQueueStats(source.database, source.schema)
      .catch((error: unknown) => {
        options.log?.('metrics: the job queue could not be read', error);
        return undefined;
      })
      .finally(() => (reading = undefined));
    return reading;
  };
  new Gauge({
    name: 'postdeck_queue_depth',
    help: `Jobs of each queue by state: ready (waiting for a worker), deferred (their start time ahead), active; counts stop at ${QUEUE_COUNT_CAP}.`,
    labelNames: ['queue', 'state'] as const,
    registers,
    async collect() {
      const stats = await queueStats();
      this.reset();
      for (const { queue, ready, deferred, active } of stats ?? []) {
        this.set({ queue, state: 'ready' }, ready);
        this.set({ queue, state: 'deferred' }, deferred);
        this.set({ queue, state: 'active' }, active);
      }
    },
  });
  new Gauge({
    name: 'postdeck_queue_oldest_job_age_seconds',
    help: 'How long the oldest ready job of each queue has waited for a worker (0: none waits).',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      const stats = await queueStats();
      this.reset();
      for (const { queue, oldestSeconds } of stats ?? []) this.set({ queue }, oldestSeconds);
    },
  });

  return {
    registry,
    request(method, route, statusCode, seconds) {
      http.observe(
        {
          method: HTTP_METHODS.has(method) ? method : 'OTHER',
          route,
          status_class: `${Math.floor(statusCode / 100)}xx`,
        },
        seconds,
      );
    },
    platforms: {
      request: (platform, method, status, seconds) =>
        platformRequests.observe({ platform, method, status_class: status }, seconds),
      failed: (platform, operation, kind) => platformErrors.inc({ platform, operation, class: kind }),
      refreshed: (platform, outcome) => refreshes.inc({ platform, outcome }),
    },
    publishing: {
      settled: (platform, outcome) => publications.inc({ platform, outcome }),
      lateness: (platform, seconds) => lateness.observe({ platform }, Math.max(0, seconds)),
    },
  };
}
