import type { QueueOptions, QueuePolicy } from 'pg-boss';

/**
 * What a job payload may hold: ids and small scalars, never whole records. A job runs seconds to
 * days after it was sent, so the handler loads the current row by id instead of trusting a copy
 * that may be stale or deleted; payloads are also stored as JSON and must stay small.
 */
export type JobScalar = string | number | boolean | null;
export type JobData = { readonly [key: string]: JobScalar | readonly JobScalar[] };

/**
 * Every job name with its payload. A module that needs background work adds an entry here, one in
 * jobQueues below (the compiler insists), and a handler. Write each payload inline
 * (`{ materialId: number }`) or as a type alias: a payload named by an interface has no implicit
 * index signature, so it does not satisfy JobData.
 */
export interface JobPayloads {
  /** Thumbnails for an uploaded image, or a probe (duration, size, codec) of an uploaded video. */
  'materials.process': { materialId: number };
  /** Hourly: abandoned uploads and scratch files, and materials whose processing gave up. */
  'materials.sweep': Record<string, never>;
  /** Every five minutes: channel tokens renewed or warned about before they end (issue 12). */
  'channels.health': Record<string, never>;
  /**
   * An account's picture fetched into Postdeck's own copy (issue 19), after it was connected or
   * its grant renewed; relist asks the platform for the picture's current address first.
   */
  'channels.avatar': { accountId: number; relist: boolean };
  /** One attempt of one publication, when it is due (issue 20); the handler checks its state first. */
  'publishing.send': { publicationId: number };
  /** A send whose worker went quiet, reconciled (DESIGN.md §6). */
  'publishing.reconcile': { publicationId: number };
  /** Every minute: sends left in flight, and due publications whose job was lost. */
  'publishing.sweep': Record<string, never>;
  /** A published post's public page photographed as proof (issue 20 item 8); the handler checks its state first. */
  'publishing.screenshot': { publicationId: number };
  /** Every minute: the published posts' metrics due at their checkpoints (issue 23). */
  'statistics.collect': Record<string, never>;
  /** Every minute: the statistics' roll-ups of the keys marked since. */
  'statistics.refresh': Record<string, never>;
  /** Daily: every account's followers. */
  'statistics.accounts': Record<string, never>;
  /** Hourly: the GA4 properties' social traffic of the last weeks. */
  'statistics.traffic': Record<string, never>;
}

/** A name-to-payload map the queue accepts; JobPayloads in the app, a local map in tests. */
export type PayloadMap<P> = { [N in keyof P]: JobData };

export type JobName = keyof JobPayloads & string;
export type JobPayload<N extends JobName> = JobPayloads[N];

/** How a queue retries and expires its jobs; a send may override the retry fields per job. */
export type QueueSettings = Pick<
  QueueOptions,
  'retryLimit' | 'retryDelay' | 'retryBackoff' | 'retryDelayMax' | 'expireInSeconds' | 'deleteAfterSeconds'
> & { policy?: QueuePolicy };

export type QueueSettingsMap<P> = { [N in keyof P]: QueueSettings };

/**
 * The queues the app creates on start. Created up front, not on first use, because on PGlite a
 * queue cannot be created from inside a transaction (see queue.ts). Settings only apply when a
 * queue is first created; change an existing one with pg-boss's updateQueue.
 */
export const jobQueues: QueueSettingsMap<JobPayloads> = {
  // A failed thumbnail or probe is usually a bad file: a few spaced-out retries, then give up.
  'materials.process': { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 15 * 60 },
  // The next hour's run catches up on whatever one run missed.
  'materials.sweep': { retryLimit: 0, expireInSeconds: 10 * 60 },
  // The next run takes whatever one run did not reach; accounts it took stay claimed (health.ts).
  'channels.health': { retryLimit: 0, expireInSeconds: 10 * 60 },
  // A platform or network that failed for a moment gets a few spaced tries; a refusal is final (avatars.ts).
  'channels.avatar': { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 5 * 60 },
  // The pipeline retries what may be retried itself (worker.ts); a crashed handler is the sweeper's.
  'publishing.send': { retryLimit: 0, expireInSeconds: 60 * 60 },
  'publishing.reconcile': { retryLimit: 0, expireInSeconds: 15 * 60 },
  'publishing.sweep': { retryLimit: 0, expireInSeconds: 5 * 60 },
  // A post may show on its page a moment after the platform said yes, and sites fail for a while:
  // a few spaced tries; a refused address is not tried again (screenshot-job.ts).
  'publishing.screenshot': { retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 5 * 60 },
  // Each run takes what is due then; readings claimed by a run that died come due again (collect.ts).
  'statistics.collect': { retryLimit: 0, expireInSeconds: 10 * 60 },
  'statistics.refresh': { retryLimit: 0, expireInSeconds: 10 * 60 },
  // A day's reading missed is tried again within the hour; a second on the same day replaces the first.
  'statistics.accounts': { retryLimit: 2, retryDelay: 20 * 60, expireInSeconds: 60 * 60 },
  // The next hour's run reads the same weeks again.
  'statistics.traffic': { retryLimit: 0, expireInSeconds: 30 * 60 },
};
