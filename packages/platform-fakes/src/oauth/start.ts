import type { FastifyInstance } from 'fastify';
import { type FakeContext, type FakeServer, startFakeServer } from '../fake-server.ts';
import type { OAuthStore } from './store.ts';

/** What every OAuth platform's fake is started with. */
export interface OAuthFakeOptions {
  now?: () => Date;
  /** The OAuth clients registered with the fake; one with no redirect URIs takes any (the sandbox's). */
  clients?: { clientId: string; clientSecret: string; redirectUris?: string[] }[];
}

/**
 * An OAuth platform's fake: its state on the fake's clock, the clients registered before any
 * request comes, then the loopback server with the platform's routes.
 */
export async function startOAuthFake<S extends { readonly oauth: OAuthStore }>(
  platform: string,
  options: OAuthFakeOptions,
  createState: (now: () => Date) => S,
  routes: (app: FastifyInstance, ctx: FakeContext, state: S) => void,
): Promise<FakeServer & { state: S }> {
  const now = options.now ?? (() => new Date());
  const state = createState(now);
  for (const client of options.clients ?? []) state.oauth.addClient(client);
  const server = await startFakeServer({ platform, now, routes: (app, ctx) => routes(app, ctx, state) });
  return { ...server, state };
}
