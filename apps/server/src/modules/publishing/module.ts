import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { PlatformRegistry } from '../../platforms/registry.ts';
import type { TokenVault } from '../../platforms/token-vault.ts';
import type { FileStorage } from '../../storage/storage.ts';
import type { Notifier } from '../messages/notifier.ts';
import { route, sessionOf } from '../../lib/route.ts';
import type { ListSettings } from '../../lib/list-page.ts';
import type { PublishingMetrics } from '../../lib/metrics/metrics.ts';
import { requestMeta } from '../audit/audit.ts';
import { queryFacebookArea } from './facebook-area.ts';
import { createPublishHistory } from './history.ts';
import { createPauseService, pauseRoutes } from './pauses.ts';
import { publishingRoutes } from './routes.ts';
import { type ScreenshotDeps, createScreenshots } from './screenshot.ts';
import { registerScreenshotJob } from './screenshot-job.ts';
import { createPublishingService } from './service.ts';
import { createWithdrawArticle } from './withdraw-article.ts';
import { MEDIA_SEND_PRIORITY, createPublishingWorker } from './worker.ts';

export interface PublishingModuleDeps {
  db: Db;
  clock: Clock;
  registry: PlatformRegistry;
  vault: TokenVault;
  storage: FileStorage;
  notifier: Notifier;
  /** Runs the pipeline; without it nothing is sent (some tests drive the worker by hand). */
  jobs?: JobQueue | undefined;
  log?: ((message: string, detail?: Record<string, unknown>) => void) | undefined;
  /** Where the screenshot proofs are filed (the materials module). */
  materials: ScreenshotDeps['materials'];
  /** CHANNEL_ALLOW_PRIVATE, for the screenshots of posts on a company's own platform server. */
  allowPrivate?: readonly string[] | undefined;
  /**
   * The console's origin as platforms reach it (PUBLIC_URL; the loopback address in the sandbox),
   * for the signed media addresses of platforms that fetch media themselves (Instagram, TikTok).
   */
  publicOrigin?: string | undefined;
  /** PUBLISH_STALE_SEND_MS (worker.ts). */
  staleSendMs?: number | undefined;
  /** How far the history counts its totals (tests lower the bound). */
  lists: ListSettings;
  /** PUBLISH_SWEEP_MS: below a minute, each process also sweeps this often (the schedule's cron counts minutes). */
  sweepEveryMs?: number | undefined;
  /** The worker's counts for /metrics (sends by outcome, schedule lateness); none without it. */
  metrics?: PublishingMetrics | undefined;
}

/** Publishing put together: the service behind the calls, and the worker behind the jobs. */
export function createPublishingModule(deps: PublishingModuleDeps) {
  const service = createPublishingService({ db: deps.db, clock: deps.clock, jobs: deps.jobs });
  const origin = deps.publicOrigin;
  const worker = createPublishingWorker({
    ...deps,
    publicUrl: origin
      ? (materialId, authorId) =>
          `${origin}${deps.materials.signer.fileUrl(materialId, 'original', authorId)}`
      : undefined,
  });
  const screenshots = createScreenshots(deps);
  const pauses = createPauseService({ db: deps.db, clock: deps.clock, jobs: deps.jobs });
  const history = createPublishHistory({ db: deps.db, lists: deps.lists });
  const withdrawArticle = createWithdrawArticle(deps);
  let sweeper: NodeJS.Timeout | undefined;
  return {
    service,
    worker,
    screenshots,
    async registerJobs() {
      // Several sends side by side: most of their time is spent waiting for a platform. Separate
      // loops, not one batch of 4: a batch is fetched again only when its slowest send is done, and
      // a video's processing (polled every 10 s) held three text posts behind it. Publications with
      // media have loops of their own (MEDIA_SEND_PRIORITY): a burst of them, each waiting for the
      // platform's processing, held every loop while text posts fell due (bench/publish-burst.ts).
      await deps.jobs?.work('publishing.send', (job) => worker.send(job.data.publicationId, 'text'), {
        concurrency: 4,
        minPriority: 0,
      });
      await deps.jobs?.work('publishing.send', (job) => worker.send(job.data.publicationId), {
        concurrency: 4,
        maxPriority: MEDIA_SEND_PRIORITY,
      });
      await deps.jobs?.work('publishing.reconcile', (job) => worker.reconcileStale(job.data.publicationId));
      await deps.jobs?.work('publishing.sweep', async () => {
        await worker.sweep();
      });
      await deps.jobs?.schedule('publishing.sweep', '* * * * *');
      const every = deps.sweepEveryMs;
      if (deps.jobs?.runsWork && every !== undefined && every < 60_000 && !sweeper) {
        let sweeping = false;
        sweeper = setInterval(() => {
          // A sweep slower than the interval is not stacked on.
          if (sweeping) return;
          sweeping = true;
          worker
            .sweep()
            .catch((error: unknown) => deps.log?.('sweep failed', { error: String(error) }))
            .finally(() => (sweeping = false));
        }, every);
        sweeper.unref();
      }
      await registerScreenshotJob(deps.jobs, screenshots);
    },
    close() {
      clearInterval(sweeper);
      sweeper = undefined;
    },
    routes: (app: FastifyInstance) => {
      publishingRoutes(app, service, screenshots);
      pauseRoutes(app, pauses);
      route(app, 'publishFacebookArea', ({ query, request }) =>
        queryFacebookArea(deps, sessionOf(request).principal, query),
      );
      route(app, 'publishHistoryMine', ({ query, request }) =>
        history.list(sessionOf(request).principal, 'mine', query),
      );
      route(app, 'publishHistoryDepartment', ({ query, request }) =>
        history.list(sessionOf(request).principal, 'department', query),
      );
      route(app, 'publishHistoryAdmin', ({ query, request }) =>
        history.list(sessionOf(request).principal, 'all', query),
      );
      route(app, 'publishHistoryChildren', ({ query, request }) =>
        history.children(sessionOf(request).principal, query.id),
      );
      route(app, 'publicationWithdrawArticle', ({ body, request }) =>
        withdrawArticle.withdraw(sessionOf(request).principal, body, requestMeta(request)),
      );
    },
  };
}
