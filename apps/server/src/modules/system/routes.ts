import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { route } from '../../lib/route.ts';

export const VERSION = '0.1.0';

export function systemRoutes(app: FastifyInstance, deps: { db: Db; config: Config }) {
  route(app, 'health', async () => {
    await deps.db.execute(sql`select 1`);
    return { status: 'ok' as const };
  });

  route(app, 'publicConfig', async () => ({
    ssoLoginUrl: deps.config.ssoLoginUrl ?? null,
    ssoLogoutUrl: deps.config.ssoLogoutUrl ?? null,
    systemId: deps.config.systemId,
    operationManualUrl: deps.config.operationManualUrl,
    version: VERSION,
  }));
}
