import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PlatformRegistry } from '../../platforms/registry.ts';
import type { TokenVault } from '../../platforms/token-vault.ts';
import { createMetricsCollector } from './collect.ts';
import { refreshRollups } from './rollups.ts';
import { statisticsRoutes } from './routes.ts';
import { createTrafficReader } from './traffic.ts';

export interface StatisticsModuleDeps {
  db: Db;
  clock: Clock;
  registry: PlatformRegistry;
  vault: TokenVault;
  /** Runs the schedules; without it nothing is scheduled (some tests). */
  jobs?: JobQueue | undefined;
  log?: ((message: string, detail?: Record<string, unknown>) => void) | undefined;
}

/** Reports and statistics (issue 23): the metrics schedule, the roll-ups and the statistics calls. */
export function createStatisticsModule(deps: StatisticsModuleDeps) {
  const collector = createMetricsCollector(deps);
  const traffic = createTrafficReader(deps);
  return {
    collector,
    /** The GA4 properties' social traffic, read (the job does it hourly). */
    traffic,
    /** Makes the roll-ups of the keys marked so far (the job does a batch a minute). */
    refresh: (batch?: number) => refreshRollups(deps.db, batch),
    async registerJobs() {
      await deps.jobs?.work('statistics.collect', async () => {
        await collector.run();
      });
      await deps.jobs?.schedule('statistics.collect', '* * * * *');
      await deps.jobs?.work('statistics.refresh', async () => {
        // Up to ten batches a run; what is left waits a minute.
        for (let i = 0; i < 10 && (await refreshRollups(deps.db)) > 0; i++);
      });
      await deps.jobs?.schedule('statistics.refresh', '* * * * *');
      await deps.jobs?.work('statistics.accounts', async () => {
        await collector.readAccounts();
      });
      await deps.jobs?.schedule('statistics.accounts', '23 4 * * *');
      await deps.jobs?.work('statistics.traffic', async () => {
        await traffic.read();
      });
      await deps.jobs?.schedule('statistics.traffic', '41 * * * *');
    },
    routes: (app: FastifyInstance) => statisticsRoutes(app, deps),
  };
}

export type StatisticsModule = ReturnType<typeof createStatisticsModule>;
