import { AtpAgent } from '@atproto/api';
import { type FakeServer, startFakeServer } from '../fake-server.ts';
import type { LocalPds } from './pds.ts';
import { startLocalPds } from './pds-child.ts';
import { postPageRoutes, profilePageRoutes } from './post-page.ts';
import { proxyRoutes } from './proxy.ts';
import { VideoService } from './video.ts';
import { AppView } from './app-view.ts';

/**
 * Bluesky on loopback, for real: the reference PDS (@atproto/pds) with an in-memory PLC
 * directory, behind a small proxy that applies the fault switches (proxy.ts) and serves each
 * post's public page at bsky.app's path (post-page.ts). `url` is the one address a client needs:
 * the service it signs in at, the PDS that sessions' DID documents name, and the app host for
 * post pages, the video service (video.ts) and the appview's getPosts (app-view.ts). Accounts get `.test` handles. Posts live in the PDS: `posts` (the fakes' store)
 * stays empty; read them back with repo.getRecord or listRecords.
 */
export interface BlueskyServer extends FakeServer {
  /** The video service's jobs and what it received (video.ts). */
  video: VideoService;
  /** The appview's getPosts and getProfile: set a post's counts in `appView.counts`, an account's followers in `appView.followers` (app-view.ts). */
  appView: AppView;
  /** The PDS itself, without the proxy's faults (for tests that look behind the adapter). */
  pdsOrigin: string;
  createAccount(account: { handle: string; password?: string; email?: string }): Promise<BlueskyAccount>;
  /** A new app password for an account (what a user pastes into Postdeck's connect form). */
  createAppPassword(account: BlueskyAccount, name?: string): Promise<string>;
  /** An agent signed in to the PDS directly (no faults): to read records back or revoke app passwords. */
  signIn(account: BlueskyAccount): Promise<AtpAgent>;
}

export interface BlueskyAccount {
  did: string;
  handle: string;
  /** The account's own password (never given to Postdeck). */
  password: string;
}

export async function startBlueskyServer(options: { now?: () => Date } = {}): Promise<BlueskyServer> {
  let pds: LocalPds | undefined;
  const pdsOrigin = () => {
    if (!pds) throw new Error('the PDS is not started yet');
    return pds.origin;
  };
  const video = new VideoService(pdsOrigin);
  const appView = new AppView(pdsOrigin);
  const proxy = await startFakeServer({
    platform: 'bluesky',
    now: options.now,
    routes(app, ctx) {
      proxyRoutes(app, ctx, pdsOrigin, video, appView);
      postPageRoutes(app, pdsOrigin);
      profilePageRoutes(app, pdsOrigin);
    },
  });
  const port = new URL(proxy.url).port;
  try {
    pds = await startLocalPds({ publicPort: Number(port) });
  } catch (error) {
    await proxy.stop();
    throw error;
  }
  const started = pds;
  const direct = () => new AtpAgent({ service: started.origin });

  async function signIn(account: BlueskyAccount): Promise<AtpAgent> {
    const agent = direct();
    await agent.login({ identifier: account.handle, password: account.password });
    return agent;
  }

  return {
    ...proxy,
    // As the PDS names itself (a host name: DID documents and the client need one).
    url: `http://localhost:${port}`,
    pdsOrigin: started.origin,
    video,
    appView,
    async createAccount({ handle, password = `${handle}-password`, email = `${handle}@example.test` }) {
      const created = await direct().createAccount({ handle, password, email });
      return { did: created.data.did, handle: created.data.handle, password };
    },
    async createAppPassword(account, name = 'Postdeck') {
      const agent = await signIn(account);
      return (await agent.com.atproto.server.createAppPassword({ name })).data.password;
    },
    signIn,
    async stop() {
      await proxy.stop();
      await started.stop();
    },
  };
}

/** The sandbox's demo account: a handle and an app password to connect with. */
export interface BlueskySandboxAccount extends BlueskyAccount {
  appPassword: string;
}

/**
 * The demo account the sandbox mode connects (a Bluesky account is its own only target, so one
 * account is the whole seed); the sandbox starts the server lazily and calls this once.
 */
export async function seedBlueskySandbox(server: BlueskyServer): Promise<BlueskySandboxAccount> {
  const account = await server.createAccount({ handle: 'postdeck-demo.test' });
  return { ...account, appPassword: await server.createAppPassword(account, 'Postdeck sandbox') };
}
