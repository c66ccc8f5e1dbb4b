import { join } from 'node:path';
import { API_BASE } from '@postdeck/contract/constants';
import { MATERIAL_UPLOAD_PATH } from '@postdeck/contract/materials';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { withXactLock } from '../../db/locks.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ListSettings } from '../../lib/list-page.ts';
import { parseAllowList } from '../../lib/safe-fetch/safe-fetch.ts';
import { deriveKey } from '../../lib/secrets.ts';
import { openStorage } from '../../storage/open-storage.ts';
import { fileRoutes } from './file-routes.ts';
import type { IntakeDeps } from './intake.ts';
import { createMediaTools } from './media-tools.ts';
import { failStalledMaterials, type ProcessDeps, processMaterial } from './process-material.ts';
import { materialRoutes } from './routes.ts';
import { s3UploadStore } from './s3-upload-store.ts';
import { createMaterialsService } from './service.ts';
import { createUrlSigner } from './signed-urls.ts';
import { sharedUploadLocker, sweepUploadLocks } from './upload-lock.ts';
import { uploadRoutes } from './upload-routes.ts';
import { localUploadStore } from './upload-store.ts';
import { createUploads } from './uploads.ts';

/** Advisory lock space (first key) of the per-user upload quota check; the user id is the second. */
const UPLOAD_QUOTA_LOCK = 7_301_410;

export interface MaterialsModuleDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'materials' | 'fetchAllowPrivate' | 'storage'>;
  masterSecret: Buffer;
  jobs?: JobQueue | undefined;
  log?: ProcessDeps['log'];
  /** How far the library's list counts (the default bound unless a test lowers it). */
  lists?: ListSettings | undefined;
  /**
   * Whether the requests of one upload are serialised through the database (upload_locks), for
   * several processes on one PostgreSQL server; otherwise within this process only (PGlite).
   */
  sharedUploadLocks?: boolean | undefined;
}

/**
 * The media library put together: file storage in filesDir and tus uploads in uploadsDir (the same
 * file system, so files move in by rename), or both in the S3 bucket of STORAGE=s3 (so that every
 * process reads what any other wrote); scratch space in uploadsDir either way; signed file
 * addresses, the service, its routes and its processing job.
 */
export function createMaterialsModule(deps: MaterialsModuleDeps) {
  const { db, clock, config } = deps;
  const opened = openStorage(config.storage, config.materials.filesDir);
  const { storage } = opened;
  const uploads = createUploads({
    store:
      opened.backend === 's3'
        ? s3UploadStore(opened.storage, opened.settings)
        : localUploadStore(config.materials.uploadsDir),
    scratchDir: config.materials.uploadsDir,
    path: `${API_BASE}${MATERIAL_UPLOAD_PATH}`,
    maxBytes: config.materials.maxBytes,
    quota: config.materials.uploadQuota,
    lockUser: (userId, fn) => withXactLock(db, UPLOAD_QUOTA_LOCK, userId, fn),
    locker: deps.sharedUploadLocks ? sharedUploadLocker({ db, clock, log: deps.log }) : undefined,
  });
  const signer = createUrlSigner(deriveKey(deps.masterSecret, 'material-urls'), clock);
  const tools = createMediaTools(config.materials);
  const service = createMaterialsService({
    db,
    clock,
    storage,
    uploads,
    signer,
    tools,
    jobs: deps.jobs,
    limits: config.materials.maxBytes,
    uploadQuota: config.materials.uploadQuota,
    fetchAllow: parseAllowList(config.fetchAllowPrivate),
    // Dot-names: never a tus upload id, so they cannot be reached through the upload routes.
    importsDir: join(config.materials.uploadsDir, '.imports'),
    lists: deps.lists,
  });
  const processDeps: ProcessDeps = {
    db,
    clock,
    storage,
    tools,
    workDir: join(config.materials.uploadsDir, '.work'),
    ...(deps.log ? { log: deps.log } : {}),
  };

  async function sweep() {
    const now = clock.now();
    const files = (await uploads.sweep({ now })) + (await storage.sweepTemp({ now }));
    const stalled = await failStalledMaterials(processDeps);
    // Passed leases of upload locks: the next lock takes them over anyway, this only tidies.
    const locks = await sweepUploadLocks(db);
    return { files, stalled, locks };
  }

  return {
    service,
    storage,
    /** Signs file addresses for other modules' answers (a publication's screenshot). */
    signer,
    /** For files the server makes itself (a publication's screenshot): the library's one way in, and scratch space. */
    intake: {
      deps: { db, clock, storage, jobs: deps.jobs, maxBytes: config.materials.maxBytes } satisfies IntakeDeps,
      scratchDir: join(config.materials.uploadsDir, '.imports'),
    },
    /** Runs the processing of one material now (the job's handler; tests call it directly). */
    process: (materialId: number) => processMaterial(processDeps, materialId),

    /** Registers every route; call inside the API prefix. */
    routes(api: FastifyInstance) {
      materialRoutes(api, service);
      fileRoutes(api, { db, storage, signer });
      uploadRoutes(api, uploads);
    },

    /** Lets go of the object store's connections (the app's close). */
    close() {
      if (opened.backend === 's3') opened.storage.client.destroy();
    },

    /** Clears what was left behind (the hourly 'materials.sweep' job; tests call it directly). */
    sweep,

    /** Makes the job queue (if any) process materials and sweep every hour. */
    async registerJobs() {
      await deps.jobs?.work('materials.process', (job) => processMaterial(processDeps, job.data.materialId));
      await deps.jobs?.work('materials.sweep', async () => {
        await sweep();
      });
      await deps.jobs?.schedule('materials.sweep', '17 * * * *');
    },
  };
}

export type MaterialsModule = ReturnType<typeof createMaterialsModule>;
