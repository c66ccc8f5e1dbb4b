import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ListSettings } from '../../lib/list-page.ts';
import { deriveKey } from '../../lib/secrets.ts';
import type { FileStorage } from '../../storage/storage.ts';
import { createPlatformRegistry } from '../../platforms/registry.ts';
import { createTokenVault } from '../../platforms/token-vault.ts';
import { createAccountMove } from './account-move.ts';
import { holdAccountPublications } from '../publishing/hold.ts';
import { createAccountsService } from './accounts-service.ts';
import { createAvatarSigner } from './avatar-urls.ts';
import { createAvatars } from './avatars.ts';
import { createConnectService } from './connect-service.ts';
import { createChannelHealth } from './health.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Notifier } from '../messages/notifier.ts';
import { channelRoutes } from './routes.ts';

export interface ChannelsModuleDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'channels' | 'channelTokenKeys'>;
  masterSecret: Buffer;
  lists: ListSettings;
  notifier: Notifier;
  /** Runs the health schedule; without it nothing is scheduled (some tests). */
  jobs?: JobQueue | undefined;
  /** Where the accounts' pictures are kept: the media library's storage. */
  storage: FileStorage;
  log?: ((message: string, error?: unknown) => void) | undefined;
}

/** Channel accounts put together: the token vault, the platforms (live or sandbox), services and routes. */
export function createChannelsModule(deps: ChannelsModuleDeps) {
  const vault = createTokenVault({ masterSecret: deps.masterSecret, keys: deps.config.channelTokenKeys });
  const registry = createPlatformRegistry(deps.config.channels, deps.clock);
  const services = { db: deps.db, clock: deps.clock, vault, registry };
  const avatars = createAvatars({
    ...services,
    storage: deps.storage,
    signer: createAvatarSigner(deriveKey(deps.masterSecret, 'channel-avatars'), deps.clock),
    allowPrivate: deps.config.channels.allowPrivate ?? [],
    jobs: deps.jobs,
    log: deps.log,
  });
  const accounts = createAccountsService({
    ...services,
    lists: deps.lists,
    avatars,
    holdPublications: (accountId, actorId, at) =>
      holdAccountPublications(deps.db, deps.notifier, accountId, { actorId, at }),
  });
  const connect = createConnectService({ ...services, saved: (ids) => avatars.schedule(ids) });
  const health = createChannelHealth({ ...services, notifier: deps.notifier, avatars });
  return {
    health,
    /** The accounts' pictures; tests fetch one with `refresh` (the job's handler). */
    avatars,
    async registerJobs() {
      await avatars.registerJobs();
      await deps.jobs?.work('channels.health', async () => {
        await health.run();
      });
      await deps.jobs?.schedule('channels.health', '*/5 * * * *');
    },
    vault,
    registry,
    routes: (app: FastifyInstance) => {
      channelRoutes(app, accounts, connect, createAccountMove({ db: deps.db, clock: deps.clock }));
      avatars.routes(app);
    },
    /** Stops the sandbox's servers, if any started. */
    close: () => registry.close(),
  };
}
