import type { ChannelAccount, ConnectTargets } from '@postdeck/contract/channels';
import type { PublishingPlatform } from '@postdeck/contract/platforms';
import { submitConsent } from '@postdeck/platform-fakes/oauth/consent-client';
import { type TestApp, call } from './test-app.ts';

type Answer<T> = { status: number; body: { code: number; msg: string; data: T } };

/** The platforms a test can connect on the sandbox's local servers (Bluesky's PDS is started apart), and GA4 as a data source. */
export type SandboxPlatform = Exclude<PublishingPlatform, 'bluesky'> | 'ga4';

async function ok<T>(answer: Promise<unknown>, what: string): Promise<T> {
  const res = (await answer) as Answer<T>;
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/**
 * One account connected through the console's own calls, as a user connects it: a bot token for
 * Telegram, the consent page of the platform's local server for the others (the first target
 * it offers unless told). The sandbox's hints give the credentials and Mastodon's instance.
 */
export async function connectSandboxAccount(
  app: TestApp['app'],
  token: string | undefined,
  platform: SandboxPlatform,
  departmentId: number,
  /** Which of the consent's targets to keep (a second Facebook page for another department). */
  target = 0,
): Promise<ChannelAccount> {
  const platforms = await ok<{ platforms: { platform: string; sandboxHints?: Record<string, string> }[] }>(
    call(app, 'GET', '/channel/platforms', { token }),
    'platforms',
  );
  const hints = platforms.platforms.find((p) => p.platform === platform)?.sandboxHints ?? {};
  if (platform === 'telegram') {
    const connected = await ok<{ accounts: ChannelAccount[] }>(
      call(app, 'POST', '/channel/connect/telegram', { token, body: { departmentId, ...hints } }),
      'telegram',
    );
    return first(connected.accounts, platform);
  }
  const start = await ok<{ authorizationUrl: string }>(
    call(app, 'POST', '/channel/connect/start', {
      token,
      body: { platform, departmentId, ...(hints['instance'] ? { instance: hints['instance'] } : {}) },
    }),
    `${platform} start`,
  );
  const back = await submitConsent(start.authorizationUrl, { decision: 'approve' });
  const answer = Object.fromEntries(
    [...back.searchParams].map(([name, value]) => [name === 'device_id' ? 'deviceId' : name, value]),
  );
  const targets = await ok<ConnectTargets>(
    call(app, 'POST', '/channel/connect/callback', { token, body: answer }),
    `${platform} callback`,
  );
  const picked = await ok<{ accounts: ChannelAccount[] }>(
    call(app, 'POST', '/channel/connect/pick', {
      token,
      body: { connectionId: targets.connectionId, externalIds: [targets.targets[target]?.externalId] },
    }),
    `${platform} pick`,
  );
  return first(picked.accounts, platform);
}

function first(accounts: ChannelAccount[], platform: string): ChannelAccount {
  const [account] = accounts;
  if (!account) throw new Error(`no ${platform} account`);
  return account;
}
