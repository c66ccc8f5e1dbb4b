import type { FastifyInstance } from 'fastify';
import type { FakeContext, FakeServer } from '../fake-server.ts';
import { type OAuthFakeOptions, startOAuthFake } from '../oauth/start.ts';
import type { OAuthUser } from '../oauth/store.ts';
import { analyticsRoutes } from './analytics-admin.ts';
import { AnalyticsData, analyticsDataRoutes } from './analytics-data.ts';
import { analyticsPageRoutes } from './analytics-pages.ts';
import { oauthRoutes } from './oauth.ts';
import { type AnalyticsAccount, type AnalyticsProperty, GoogleState, type YoutubeChannel } from './state.ts';
import { pageRoutes } from './youtube-pages.ts';
import { uploadRoutes } from './youtube-upload.ts';
import { videoRoutes } from './youtube-videos.ts';

/**
 * Google on loopback, every host of it on one port (platforms.md §3, §11): the consent page
 * (accounts.google.com), token and revoke (oauth2.googleapis.com), the YouTube Data API and its
 * resumable uploads (www.googleapis.com), the videos' /watch pages (www.youtube.com) and the
 * Analytics Admin API's accountSummaries (analyticsadmin.googleapis.com) and the Data API's
 * reports (analyticsdata.googleapis.com). The adapters take each
 * host as its own setting, so all of them point here. Fault switches match "METHOD /path" as
 * `call`; `account` is the channel id for YouTube calls, the Google user's id for the Admin API.
 */
export interface GoogleFake extends FakeServer {
  /** OAuth clients, users, tokens; channels, upload sessions, videos; GA4 accounts: for tests to look into. */
  state: GoogleState;
  addUser(user: { name: string; id?: string }): OAuthUser;
  addChannel(
    userId: string,
    channel: { title: string; handle?: string; description?: string },
  ): YoutubeChannel;
  addAnalyticsAccount(userIds: string[], displayName: string): AnalyticsAccount;
  addProperty(accountId: string, property: { displayName: string }): AnalyticsProperty;
  /** The GA4 properties' sessions, settings (time zone, seed) and quotas, and where tagged links come from. */
  analytics: AnalyticsData;
}

export type GoogleFakeOptions = OAuthFakeOptions;

export async function startGoogleFake(options: GoogleFakeOptions = {}): Promise<GoogleFake> {
  const analytics = new AnalyticsData(options.now ?? (() => new Date()));
  const server = await startOAuthFake(
    'google',
    options,
    (now) => new GoogleState(now),
    (app, ctx, state) => {
      routes(app, ctx, state);
      analyticsDataRoutes(app, ctx, state, analytics);
    },
  );
  const { state } = server;
  return {
    ...server,
    analytics,
    addUser: (user) => state.addUser(user),
    addChannel: (userId, channel) => state.addChannel(userId, channel),
    addAnalyticsAccount: (userIds, name) => state.addAnalyticsAccount(userIds, name),
    addProperty: (accountId, property) => state.addProperty(accountId, property),
  };
}

function routes(app: FastifyInstance, ctx: FakeContext, state: GoogleState): void {
  oauthRoutes(app, ctx, state);
  uploadRoutes(app, ctx, state);
  videoRoutes(app, ctx, state);
  pageRoutes(app, ctx, state);
  analyticsRoutes(app, ctx, state);
  analyticsPageRoutes(app, state);
}

export { seedGoogleSandbox } from './seed.ts';
