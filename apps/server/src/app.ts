import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API_BASE } from '@postdeck/contract/constants';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { JobQueue } from './jobs/queue.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { DEFAULT_LIST_SETTINGS, type ListSettings } from './lib/list-page.ts';
import { createPrincipalCache, type PrincipalCache } from './lib/principal-cache.ts';
import { createMetrics } from './lib/metrics/metrics.ts';
import { registerMetrics } from './lib/metrics/route.ts';
import { deriveKey } from './lib/secrets.ts';
import { type AccessTokens, createAccessTokens } from './modules/auth/access-tokens.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { createOidc } from './modules/auth/oidc.ts';
import { oidcRoutes } from './modules/auth/oidc-routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { manualRoutes } from './modules/manual/routes.ts';
import type { Avatars } from './modules/channels/avatars.ts';
import type { ChannelHealth } from './modules/channels/health.ts';
import { createChannelsModule } from './modules/channels/module.ts';
import { createPublishingModule } from './modules/publishing/module.ts';
import { type StatisticsModule, createStatisticsModule } from './modules/statistics/module.ts';
import { publishExportRoutes } from './modules/publish-export/routes.ts';
import { publishImportRoutes } from './modules/publish-import/routes.ts';
import { publishScheduleRoutes } from './modules/publish-schedule/module.ts';
import type { PublishingWorker } from './modules/publishing/worker.ts';
import type { Screenshots } from './modules/publishing/screenshot.ts';
import type { PlatformRegistry } from './platforms/registry.ts';
import { createMaterialsModule } from './modules/materials/module.ts';
import { userAdminRoutes } from './modules/users/admin-routes.ts';
import { createUserAdminService } from './modules/users/admin-service.ts';
import { builtInDirectory } from './modules/users/directory.ts';
import { ldapDirectory } from './modules/users/ldap-directory.ts';
import { createAuthService } from './modules/auth/service.ts';
import { createNotifier } from './modules/messages/notifier.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { createContentService } from './modules/content/service.ts';
import { createDepartmentAdminService } from './modules/departments/admin-service.ts';
import { departmentAdminRoutes, departmentRoutes } from './modules/departments/routes.ts';
import { createMenuAdminService } from './modules/menus/menu-admin-service.ts';
import { menuAdminRoutes } from './modules/menus/routes.ts';
import { createRoleService } from './modules/roles/role-service.ts';
import { roleRoutes } from './modules/roles/routes.ts';
import { messagesRoutes } from './modules/messages/routes.ts';
import { createMessagesService } from './modules/messages/service.ts';
import { systemRoutes, VERSION } from './modules/system/routes.ts';
import { profileRoutes } from './modules/users/profile.ts';
import { loadPrincipal } from './modules/users/principal-repo.ts';
import { DOCS_PREFIX, registerAuth } from './plugins/auth.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { type LogSettings, loggerOptions, RequestLogController } from './plugins/request-logging.ts';
import { registerPollPriority } from './plugins/polls.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { serializerCompiler } from './plugins/serializer.ts';
import { registerUnstorableStringCheck, validatorCompiler } from './plugins/validation.ts';
import { registerWeb } from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Exposed so modules (and tests) can invalidate a user's cached principal after a change. */
    principals: PrincipalCache;
    accessTokens: AccessTokens;
    /** The channel accounts' health schedule, exposed so tests run it when they choose (as its job does). */
    channelHealth: ChannelHealth;
    /** The accounts' pictures, exposed so tests fetch one when they choose (as its job does). */
    channelAvatars: Avatars;
    /** The publishing pipeline's worker, exposed so tests run a send or the sweeper when they choose. */
    publishing: PublishingWorker;
    /** The screenshot proofs of publications, exposed so tests take one when they choose (as its job does). */
    publicationScreenshots: Screenshots;
    /** The platforms (and in the sandbox their local servers), exposed so tests reach a server's switches. */
    platforms: PlatformRegistry;
    /** The metrics schedule and the roll-ups, exposed so tests run a reading or a refresh when they choose (as their jobs do). */
    statistics: StatisticsModule;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  masterSecret: Buffer;
  clock?: Clock;
  /** Without it nothing is logged (tests); credentials are redacted from every line either way. */
  logger?: LogSettings;
  /** Background work (material processing); without it nothing is enqueued (some tests). */
  jobs?: JobQueue;
  /** How far lists count their totals; tests lower the bound to cross it with a few rows. */
  lists?: ListSettings;
}

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Builds the HTTP application; no I/O happens at import time, all of it here, from `deps`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const lists = deps.lists ?? DEFAULT_LIST_SETTINGS;
  const app = Fastify({
    logger: deps.logger ? loggerOptions(deps.logger) : false,
    logController: new RequestLogController(),
    bodyLimit: config.bodyLimit,
    // The nearest `trustProxy` hops, never all: trusting every hop would take the client's own
    // left-most X-Forwarded-For entry as its address.
    trustProxy: config.trustProxy > 0 ? (_address: string, hop: number) => hop < config.trustProxy : false,
    return503OnClosing: true,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  });
  // On shutdown, in-flight requests finish and their keep-alive connections then close, so
  // close() does not wait out the keep-alive timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  // Prometheus metrics: none unless METRICS=on (lib/metrics); the parts below count into them.
  const metrics =
    config.metrics &&
    createMetrics({
      queues: deps.jobs && { database, schema: deps.jobs.schema },
      log: (message, err) => app.log.warn({ err }, message),
    });

  // The API speaks JSON only: any other body type is a 415 naming the body.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  registerUnstorableStringCheck(app);
  app.setSerializerCompiler(serializerCompiler);

  const accessTokens = createAccessTokens(deriveKey(deps.masterSecret, 'jwt'), config.accessTokenTtl, clock);
  const principals = createPrincipalCache({
    load: (userId) => loadPrincipal(database.db, userId, clock.now()),
    clock,
  });
  if (database.pool) {
    const unlisten = await principals.listen(database.pool);
    app.addHook('onClose', unlisten);
  }
  app.decorate('principals', principals);
  app.decorate('accessTokens', accessTokens);
  // With LDAP_URL the company directory is an LDAP or Active Directory server.
  const ldap = config.ldap && {
    directory: ldapDirectory({ ...config.ldap, log: (message, err) => app.log.warn({ err }, message) }),
    passwordCheck: config.ldap.passwordCheck,
  };
  const auth = createAuthService({
    db: database.db,
    clock,
    accessTokens,
    refreshTokenTtl: config.refreshTokenTtl,
    principals,
    ...(ldap?.passwordCheck
      ? {
          passwordCheck: {
            verify: (account: string, password: string) => ldap.directory.verifyPassword(account, password),
            localAccounts: new Set(config.ldap?.localAccounts ?? []),
          },
        }
      : {}),
  });
  // With OIDC_ISSUER, single sign-on through that OpenID Connect provider.
  const oidc =
    config.oidc &&
    createOidc({
      db: database.db,
      clock,
      settings: config.oidc,
      key: deriveKey(deps.masterSecret, 'oidc-state'),
      auth,
      log: (message, err) => app.log.warn({ err }, message),
    });
  const userAdmin = createUserAdminService({
    db: database.db,
    clock,
    principals,
    directory: ldap?.directory ?? builtInDirectory(database.db),
    lists,
  });
  const notifier = createNotifier({ clock });
  const messages = createMessagesService({ db: database.db, clock, notifier, lists });
  const materials = createMaterialsModule({
    db: database.db,
    clock,
    config,
    masterSecret: deps.masterSecret,
    jobs: deps.jobs,
    log: (message, err) => app.log.warn({ err }, message),
    lists,
    sharedUploadLocks: database.kind === 'postgres',
  });
  await materials.registerJobs();
  app.addHook('onClose', async () => materials.close());
  const channels = createChannelsModule({
    db: database.db,
    clock,
    config,
    masterSecret: deps.masterSecret,
    lists,
    notifier,
    jobs: deps.jobs,
    storage: materials.storage,
    log: (message, err) => app.log.warn({ err }, message),
  });
  await channels.registerJobs();
  if (metrics) channels.registry.measure(metrics.platforms);
  const publishing = createPublishingModule({
    db: database.db,
    clock,
    registry: channels.registry,
    vault: channels.vault,
    storage: materials.storage,
    notifier,
    jobs: deps.jobs,
    log: (message, detail) => app.log.info(detail ?? {}, `publishing: ${message}`),
    materials,
    allowPrivate: config.channels.allowPrivate,
    publicOrigin: config.channels.redirectUri
      ? new URL(config.channels.redirectUri).origin
      : `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}`,
    staleSendMs: config.publishing.staleSendMs,
    sweepEveryMs: config.publishing.sweepEveryMs,
    lists,
    metrics: metrics?.publishing,
  });
  await publishing.registerJobs();
  const statistics = createStatisticsModule({
    db: database.db,
    clock,
    registry: channels.registry,
    vault: channels.vault,
    jobs: deps.jobs,
    log: (message, detail) => app.log.info(detail ?? {}, `statistics: ${message}`),
  });
  await statistics.registerJobs();
  app.decorate('statistics', statistics);
  app.addHook('onClose', async () => publishing.close());
  app.decorate('publishing', publishing.worker);
  app.decorate('publicationScreenshots', publishing.screenshots);
  app.decorate('platforms', channels.registry);
  app.decorate('channelHealth', channels.health);
  app.decorate('channelAvatars', channels.avatars);
  app.addHook('onClose', () => channels.close());

  await app.register(fastifyCookie);
  registerSecurityHeaders(app);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Postdeck API', version: VERSION },
      servers: [{ url: API_BASE }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });

  registerPollPriority(app);
  registerAuth(app, { accessTokens, principals });
  registerErrorHandling(app);
  await registerMetrics(app, metrics, config.metrics);
  await registerWeb(app, config.webDist ?? DEFAULT_WEB_DIST);
  await app.register(async (manual) => {
    await registerCompression(manual);
    manualRoutes(manual);
  });
  // Registered at the root: the viewer builds its asset links from routePrefix alone.
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });
  await app.register(
    async (api) => {
      await registerCompression(api);
      systemRoutes(api, { db: database.db, config, sandbox: channels.registry.sandbox });
      authRoutes(api, auth, userAdmin);
      oidcRoutes(api, oidc);
      userAdminRoutes(api, userAdmin);
      profileRoutes(api, { db: database.db, clock, principals });
      messagesRoutes(api, messages);
      departmentRoutes(api, { db: database.db });
      departmentAdminRoutes(api, createDepartmentAdminService({ db: database.db, clock, principals }));
      roleRoutes(api, { db: database.db, roles: createRoleService({ db: database.db, clock, principals }) });
      menuAdminRoutes(api, createMenuAdminService({ db: database.db, clock, principals }));
      auditRoutes(api, { db: database.db, clock, lists });
      contentRoutes(
        api,
        createContentService({ db: database.db, clock, materials: materials.service, lists }),
      );
      materials.routes(api);
      channels.routes(api);
      publishing.routes(api);
      statistics.routes(api);
      publishExportRoutes(api, { db: database.db, clock });
      publishImportRoutes(api, { db: database.db, clock, jobs: deps.jobs, materials: materials.service });
      publishScheduleRoutes(api, {
        db: database.db,
        clock,
        publicOrigin: config.channels.redirectUri ? new URL(config.channels.redirectUri).origin : undefined,
      });
    },
    { prefix: API_BASE },
  );

  return app;
}

export type App = FastifyInstance;
