import { API_BASE } from '@postdeck/contract/constants';
import { endpoints } from '@postdeck/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { route } from '../../lib/route.ts';

export const VERSION = '0.1.0';

export function systemRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    config: Config;
    /** The channel platforms run on the local sandbox servers. */ sandbox?: boolean;
  },
) {
  // Liveness only: a database outage is readiness's to report (front-door.ts); restarting the
  // process would not bring the database back.
  route(app, 'health', async () => ({ status: 'ok' as const }));

  // With OIDC the sign-on addresses are Postdeck's own routes (absolute: the browser leaves the
  // app for them), which lead to the provider.
  const { oidc } = deps.config;
  const own = (path: string) => (oidc ? `${oidc.publicUrl}${API_BASE}${path}` : null);
  route(app, 'publicConfig', async () => ({
    ssoLoginUrl: own(endpoints.oidcLogin.path) ?? deps.config.ssoLoginUrl ?? null,
    ssoLogoutUrl: own(endpoints.oidcLogout.path) ?? deps.config.ssoLogoutUrl ?? null,
    oidc: oidc !== undefined,
    systemId: deps.config.systemId,
    operationManualUrl: deps.config.operationManualUrl,
    version: VERSION,
    sandbox: deps.sandbox ?? false,
  }));
}
