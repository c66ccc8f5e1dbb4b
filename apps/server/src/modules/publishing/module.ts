import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { PlatformRegistry } from '../../platforms/registry.ts';
import type { TokenVault } from '../../platforms/token-vault.ts';
import type { FileStorage } from '../../storage/storage.ts';
import type { Notifier } from '../messages/notifier.ts';
import { publishingRoutes } from './routes.ts';
import { type ScreenshotDeps, createScreenshots } from './screenshot.ts';
import { registerScreenshotJob } from './screenshot-job.ts';
import { createPublishingService } from './service.ts';
import { createPublishingWorker } from './worker.ts';

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
  return {
    service,
    worker,
    screenshots,
    async registerJobs() {
      // Several sends side by side: most of their time is spent waiting for a platform.
      await deps.jobs?.work('publishing.send', (job) => worker.send(job.data.publicationId), {
        batchSize: 4,
      });
      await deps.jobs?.work('publishing.reconcile', (job) => worker.reconcileStale(job.data.publicationId));
      await deps.jobs?.work('publishing.sweep', async () => {
        await worker.sweep();
      });
      await deps.jobs?.schedule('publishing.sweep', '* * * * *');
      await registerScreenshotJob(deps.jobs, screenshots);
    },
    routes: (app: FastifyInstance) => publishingRoutes(app, service, screenshots),
  };
}
