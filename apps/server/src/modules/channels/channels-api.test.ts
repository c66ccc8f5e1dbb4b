import type { ChannelAccount, ConnectTargets } from '@postdeck/contract/channels';
import { submitConsent } from '@postdeck/platform-fakes/oauth/consent-client';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, channelAccounts, notifications } from '../../db/schema.ts';
import { manualClock } from '../../lib/clock.ts';
import { departmentTree } from '../../test/fixtures.ts';
import { signUpPeople } from '../../test/people.ts';
import { type TestApp, call, createTestApp } from '../../test/test-app.ts';

const PASSWORD = 'Secr3t!pw';
const clock = manualClock(new Date('2026-03-01T09:00:00Z'));
let t: TestApp;
let dept: Awaited<ReturnType<typeof departmentTree>>;
let tokens: Record<string, string>;
let signInAgain: () => Promise<void>;
let hints: Record<string, Record<string, string>> = {};

type Answer<T> = { status: number; body: { code: number; msg: string; data: T } };
const get = <T>(path: string, who: string, query: Record<string, string> = {}) =>
  call(t.app, 'GET', path, { token: tokens[who], query }) as Promise<Answer<T>>;
const post = <T>(path: string, who: string, body: unknown) =>
  call(t.app, 'POST', path, { token: tokens[who], body }) as Promise<Answer<T>>;
const fields = (answer: Answer<unknown>) =>
  ((answer.body.data as { errors?: { field: string }[] } | null)?.errors ?? []).map((e) => e.field);

beforeAll(async () => {
  t = await createTestApp({ clock });
  dept = await departmentTree(t.db);
  ({ tokens, signInAgain } = await signUpPeople(
    t,
    [
      ['lead', dept.news, 'dept_admin'],
      ['editor', dept.news, 'editor'],
      ['intl', dept.intl, 'dept_admin'],
    ],
    { prefix: 'c', name: 'Cy', password: PASSWORD },
  ));
  const platforms = await get<{ platforms: { platform: string; sandboxHints?: Record<string, string> }[] }>(
    '/channel/platforms',
    'lead',
  );
  hints = Object.fromEntries(platforms.body.data.platforms.map((p) => [p.platform, p.sandboxHints ?? {}]));
});
afterAll(() => t.close());

const list = async (who: string, query: Record<string, string> = {}) =>
  (await get<{ items: ChannelAccount[] }>('/channel/account/list', who, query)).body.data.items;

describe('the platforms', () => {
  it('runs on the sandbox with nothing configured, and says what to type where a platform asks', async () => {
    const answer = await get<{ sandbox: boolean; platforms: { platform: string; mode: string }[] }>(
      '/channel/platforms',
      'editor',
    );
    expect(answer.body.data.sandbox).toBe(true);
    expect(answer.body.data.platforms.find((p) => p.platform === 'telegram')?.mode).toBe('sandbox');
    expect(hints['telegram']).toEqual({
      botToken: expect.stringMatching(/^\d+:/),
      channel: '@postdeck_news',
    });
    expect(hints['mastodon']?.['instance']).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await get<{ sandbox: boolean }>('/public/config', 'editor')).body.data.sandbox).toBe(true);
  });
});

describe('Telegram', () => {
  it('connects a channel the bot administers, into the chosen department', async () => {
    const answer = await post<{ accounts: ChannelAccount[] }>('/channel/connect/telegram', 'lead', {
      departmentId: dept.video,
      ...hints['telegram'],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.accounts).toEqual([
      expect.objectContaining({
        platform: 'telegram',
        name: 'Postdeck News',
        handle: '@postdeck_news',
        department: { id: dept.video, name: 'Video' },
        connectedBy: { id: expect.any(Number), name: 'Cy lead' },
        status: 'active',
        missingScopes: [],
        failures7d: 0,
      }),
    ]);
    expect(JSON.stringify(answer.body)).not.toContain(hints['telegram']?.['botToken']);
  });

  it('names the field: an unknown bot, a channel it cannot see, a bot that may not post', async () => {
    const connect = (botToken: string, channel: string) =>
      post('/channel/connect/telegram', 'lead', { departmentId: dept.news, botToken, channel });
    const unknown = await connect('7000000009:AAHnot-a-bot-the-sandbox-knows-at-all', '@postdeck_news');
    expect([unknown.status, unknown.body.code, fields(unknown)]).toEqual([400, 102010, ['botToken']]);
    const botToken = hints['telegram']?.['botToken'] ?? '';
    const member = await connect(botToken, '@postdeck_readers');
    expect([member.status, member.body.code, fields(member)]).toEqual([400, 102012, ['channel']]);
    const missing = await connect(botToken, '@nowhere_at_all');
    expect([missing.status, missing.body.code, fields(missing)]).toEqual([400, 102011, ['channel']]);
    const malformed = await connect('not a token', 'no channel');
    expect([malformed.status, fields(malformed).sort()]).toEqual([400, ['botToken', 'channel']]);
  });

  it("refuses a department outside the caller's scope, and a caller who may only view", async () => {
    const foreign = await post('/channel/connect/telegram', 'intl', {
      departmentId: dept.news,
      ...hints['telegram'],
    });
    expect([foreign.status, fields(foreign)]).toEqual([400, ['departmentId']]);
    const viewer = await post('/channel/connect/telegram', 'editor', {
      departmentId: dept.news,
      ...hints['telegram'],
    });
    expect(viewer.status).toBe(403);
  });
});

/** Starts a Mastodon connection as `who` and answers the instance's consent page. */
async function mastodonConsent(who: string, decision: 'approve' | 'deny') {
  const start = await post<{ authorizationUrl: string }>('/channel/connect/start', who, {
    platform: 'mastodon',
    departmentId: dept.news,
    instance: hints['mastodon']?.['instance'],
  });
  expect(start.status).toBe(200);
  const back = await submitConsent(start.body.data.authorizationUrl, { decision });
  // Back to the origin the request came to (inject's default host), since PUBLIC_URL is not set.
  expect(back.origin + back.pathname).toBe('http://localhost/authOpen');
  return Object.fromEntries(back.searchParams) as Record<string, string>;
}

describe('Mastodon through its consent page', () => {
  let connected: ChannelAccount;

  it('lists what the grant reaches, then connects the picked account', async () => {
    const { state, code } = await mastodonConsent('lead', 'approve');
    const targets = await post<ConnectTargets>('/channel/connect/callback', 'lead', { state, code });
    expect(targets.status).toBe(200);
    expect(targets.body.data).toMatchObject({
      platform: 'mastodon',
      department: { id: dept.news, name: 'Newsroom' },
      targets: [{ name: 'Postdeck Newsroom', handle: expect.stringMatching(/^@newsroom@/), existing: null }],
      missingScopes: [],
    });
    const picked = await post<{ accounts: ChannelAccount[] }>('/channel/connect/pick', 'lead', {
      connectionId: targets.body.data.connectionId,
      externalIds: targets.body.data.targets.map((target) => target.externalId),
    });
    expect(picked.status).toBe(200);
    connected = picked.body.data.accounts[0] as ChannelAccount;
    expect(connected).toMatchObject({
      platform: 'mastodon',
      status: 'active',
      department: { id: dept.news },
    });
    expect((await list('lead', { platform: 'mastodon' })).map((a) => a.id)).toEqual([connected.id]);
  });

  it('refuses a replayed answer, a denial, an answer older than ten minutes, and one started by someone else', async () => {
    const { state, code } = await mastodonConsent('lead', 'approve');
    expect((await post('/channel/connect/callback', 'lead', { state, code })).status).toBe(200);
    const replay = await post('/channel/connect/callback', 'lead', { state, code });
    expect([replay.status, replay.body.code]).toEqual([409, 102002]);

    const denied = await mastodonConsent('lead', 'deny');
    const refusal = await post('/channel/connect/callback', 'lead', {
      state: denied['state'],
      error: denied['error'],
      errorDescription: denied['error_description'],
    });
    expect([refusal.status, refusal.body.code, refusal.body.msg]).toEqual([
      400,
      102004,
      'Mastodon access was not granted, so nothing was connected',
    ]);

    const late = await mastodonConsent('lead', 'approve');
    clock.advance(10 * 60 * 1000 + 1);
    await signInAgain();
    const expired = await post('/channel/connect/callback', 'lead', late);
    expect([expired.status, expired.body.code]).toEqual([400, 102001]);

    const theirs = await mastodonConsent('lead', 'approve');
    const stolen = await post('/channel/connect/callback', 'admin', theirs);
    expect([stolen.status, stolen.body.code]).toEqual([400, 102003]);
  });

  it('renews an account connected again, keeping its row, and audits both', async () => {
    const again = await mastodonConsent('lead', 'approve');
    const targets = await post<ConnectTargets>('/channel/connect/callback', 'lead', again);
    expect(targets.body.data.targets[0]?.existing).toMatchObject({
      accountId: connected.id,
      status: 'active',
    });
    const pick = { connectionId: targets.body.data.connectionId, externalIds: [connected.externalId] };
    // Two submissions at once: one connects, the other finds the connection closed.
    const [first, second] = await Promise.all([
      post('/channel/connect/pick', 'lead', pick),
      post('/channel/connect/pick', 'lead', pick),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    // However late the second one comes, it is told the connection was used, not that it expired.
    const late = await post('/channel/connect/pick', 'lead', pick);
    expect([late.status, late.body.code]).toEqual([409, 102002]);
    const rows = await t.db.select().from(channelAccounts).where(eq(channelAccounts.platform, 'mastodon'));
    expect(rows.map((r) => r.id)).toEqual([connected.id]);
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.target, `channel:${connected.id}`)));
    expect(actions.map((a) => a.action)).toEqual(['channel.connect', 'channel.reconnect']);
  });

  it('refuses an instance that is not the sandbox', async () => {
    const answer = await post('/channel/connect/start', 'lead', {
      platform: 'mastodon',
      departmentId: dept.news,
      instance: 'http://169.254.169.254',
    });
    expect([answer.status, fields(answer)]).toEqual([400, ['instance']]);
  });

  it("words a too-long value in the caller's language, not in zod's English", async () => {
    const answer = await call(t.app, 'POST', '/channel/connect/start', {
      token: tokens['lead'],
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
      body: { platform: 'mastodon', departmentId: dept.news, instance: `${'a'.repeat(300)}.example` },
    });
    expect([answer.status, answer.body.data?.errors]).toEqual([
      400,
      [{ field: 'instance', message: '最多 253 个字符' }],
    ]);
  });

  it('releases: revoked at the instance, tokens wiped, row and history kept; a second release is refused', async () => {
    const released = await post<{
      account: ChannelAccount;
      revokedAtPlatform: boolean;
      heldPublications: number;
    }>('/channel/account/release', 'lead', { id: connected.id });
    expect(released.status).toBe(200);
    expect(released.body.data).toMatchObject({
      account: { id: connected.id, status: 'released', releasedBy: { name: 'Cy lead' } },
      revokedAtPlatform: true,
      heldPublications: 0,
    });
    const [row] = await t.db.select().from(channelAccounts).where(eq(channelAccounts.id, connected.id));
    expect([row?.tokensSealed, row?.tokenKeyId]).toEqual([null, null]);
    const again = await post('/channel/account/release', 'lead', { id: connected.id });
    expect([again.status, again.body.code]).toEqual([409, 102015]);
  });
});

describe('data scope', () => {
  it("shows and releases only the accounts of the caller's departments", async () => {
    const [video] = await list('lead', { platform: 'telegram' });
    expect(video?.department.name).toBe('Video');
    expect(await list('intl')).toEqual([]);
    expect((await get('/channel/account/detail', 'intl', { id: String(video?.id) })).status).toBe(404);
    expect((await post('/channel/account/release', 'intl', { id: video?.id })).status).toBe(404);
    expect((await get('/channel/account/detail', 'lead', { id: String(video?.id) })).status).toBe(200);
    // An editor's scope is their own department, not the Video department under it.
    expect((await get('/channel/account/detail', 'editor', { id: String(video?.id) })).status).toBe(404);
    expect((await post('/channel/account/release', 'editor', { id: video?.id })).status).toBe(403);
  });

  it('filters by platform, department and status', async () => {
    expect((await list('admin', { status: 'released' })).map((a) => a.platform)).toEqual(['mastodon']);
    expect((await list('admin', { departmentId: String(dept.video) })).map((a) => a.platform)).toEqual([
      'telegram',
    ]);
    expect(await list('admin', { platform: 'youtube' })).toEqual([]);
    const bad = await get('/channel/account/list', 'admin', { status: 'sleeping' });
    expect([bad.status, fields(bad)]).toEqual([400, ['status']]);
  });
});

/** Starts a connection to an OAuth platform as `who` and answers its sandbox consent page. */
async function consent(platform: string, decision: 'approve' | 'deny', untick: string[] = []) {
  const start = await post<{ authorizationUrl: string }>('/channel/connect/start', 'lead', {
    platform,
    departmentId: dept.news,
  });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const back = await submitConsent(start.body.data.authorizationUrl, { decision, untick });
  return Object.fromEntries(
    [...back.searchParams].map(([name, value]) => [name === 'device_id' ? 'deviceId' : name, value]),
  ) as Record<string, string>;
}

async function connectAll(platform: string) {
  const targets = await post<ConnectTargets>(
    '/channel/connect/callback',
    'lead',
    await consent(platform, 'approve'),
  );
  expect(targets.status, JSON.stringify(targets.body)).toBe(200);
  const picked = await post<{ accounts: ChannelAccount[] }>('/channel/connect/pick', 'lead', {
    connectionId: targets.body.data.connectionId,
    externalIds: targets.body.data.targets.map((target) => target.externalId),
  });
  expect(picked.status, JSON.stringify(picked.body)).toBe(200);
  return picked.body.data.accounts;
}

describe('every platform of the sandbox', () => {
  it('connects two Facebook pages with their page tokens, and refuses a grant missing a permission', async () => {
    const pages = await connectAll('facebook');
    expect(pages.map((p) => p.name).sort()).toEqual(['Postdeck Sandbox Events', 'Postdeck Sandbox News']);
    expect(pages.every((p) => p.status === 'active' && p.tokenExpiresAt !== null)).toBe(true);
    const partial = await consent('facebook', 'approve', ['pages_manage_posts']);
    const refused = await post('/channel/connect/callback', 'lead', partial);
    expect([refused.status, refused.body.code]).toEqual([400, 102005]);
    expect(refused.body.msg).toContain('pages_manage_posts');
  });

  it.each([
    ['instagram', 1],
    ['youtube', 1],
    ['ga4', 2],
    ['x', 1],
    ['vk', 2],
    ['linkedin', 2],
    ['tiktok', 1],
  ])('connects %s through its consent page (%i targets)', async (platform, count) => {
    const accounts = await connectAll(platform);
    expect(accounts).toHaveLength(count);
    expect(accounts.every((a) => a.platform === platform && a.status === 'active')).toBe(true);
  });

  it("shows the communities one VK grant reaches on each community's detail (what /vk shows)", async () => {
    const communities = await list('lead', { platform: 'vk' });
    expect(communities).toHaveLength(2);
    const [first, second] = communities;
    const detail = await get<ChannelAccount>('/channel/account/detail', 'lead', { id: String(first?.id) });
    expect(detail.body.data.sameGrant).toEqual([{ id: second?.id, name: second?.name }]);
  });

  it('brings a denial back from a platform as a message, and connects Bluesky with an app password', async () => {
    const denied = await post('/channel/connect/callback', 'lead', await consent('youtube', 'deny'));
    expect([denied.status, denied.body.msg]).toEqual([
      400,
      'YouTube access was not granted, so nothing was connected',
    ]);
    const wrong = await post('/channel/connect/bluesky', 'lead', {
      departmentId: dept.news,
      identifier: hints['bluesky']?.['identifier'],
      appPassword: 'wron-gpas-swor-d000',
    });
    expect([wrong.status, wrong.body.code, fields(wrong)]).toEqual([400, 102013, ['appPassword']]);
    const connected = await post<{ accounts: ChannelAccount[] }>('/channel/connect/bluesky', 'lead', {
      departmentId: dept.news,
      ...hints['bluesky'],
    });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    expect(connected.body.data.accounts[0]).toMatchObject({
      platform: 'bluesky',
      handle: '@postdeck-demo.test',
    });
  });

  it('refuses to release an account of another platform than the one named, and releases nothing', async () => {
    const [facebookPage] = await list('lead', { platform: 'facebook' });
    const refused = await post('/channel/account/release', 'lead', {
      id: facebookPage?.id,
      platform: 'youtube',
    });
    expect([refused.status, refused.body.code, fields(refused)]).toEqual([400, 102017, ['id']]);
    expect(refused.body.msg).toBe('This is a Facebook account, not a YouTube one: nothing was released');
    const [still] = await list('lead', { platform: 'facebook' });
    expect(still?.status).toBe('active');
  });

  it('says why a release revoked nothing: a grant other accounts still use, a platform without a revoke', async () => {
    const [first, second] = await list('lead', { platform: 'ga4', status: 'active' });
    const release = (id: number | undefined, platform: string) =>
      post<{ revokedAtPlatform: boolean; notRevokedReason?: string }>('/channel/account/release', 'lead', {
        id,
        platform,
      });
    // GA4 properties of one consent share its grant: Google's revoke waits for the last of them.
    const kept = await release(first?.id, 'ga4');
    expect([kept.status, kept.body.data.revokedAtPlatform, kept.body.data.notRevokedReason]).toEqual([
      200,
      false,
      'sharedGrant',
    ]);
    const last = await release(second?.id, 'ga4');
    expect([last.body.data.revokedAtPlatform, last.body.data.notRevokedReason]).toEqual([true, undefined]);
    const [bot] = await list('lead', { platform: 'telegram', status: 'active' });
    const telegram = await release(bot?.id, 'telegram');
    expect([telegram.body.data.revokedAtPlatform, telegram.body.data.notRevokedReason]).toEqual([
      false,
      'unsupported',
    ]);
  });

  it('releases a YouTube channel, revoking its grant at Google', async () => {
    const [channel] = await list('lead', { platform: 'youtube' });
    const released = await post<{ revokedAtPlatform: boolean; account: ChannelAccount }>(
      '/channel/account/release',
      'lead',
      { id: channel?.id },
    );
    expect([
      released.status,
      released.body.data.revokedAtPlatform,
      released.body.data.account.status,
    ]).toEqual([200, true, 'released']);
  });
});

describe('the health schedule', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const notified = async (type: string) =>
    (
      await t.db
        .select({
          title: notifications.title,
          channelName: notifications.channelName,
          userId: notifications.userId,
        })
        .from(notifications)
        .where(eq(notifications.type, type))
    ).map((n) => `${n.channelName}: ${n.title}`);

  it('renews a token before it ends, once per grant', async () => {
    const [channel] = await connectAll('youtube');
    expect(channel?.status).toBe('active');
    const before = channel?.tokenExpiresAt ?? '';
    clock.advance(55 * 60 * 1000);
    const report = await t.app.channelHealth.run();
    await signInAgain();
    expect(report.refreshed).toBeGreaterThanOrEqual(1);
    const [after] = await list('lead', { platform: 'youtube', status: 'active' });
    expect(Date.parse(after?.tokenExpiresAt ?? '')).toBeGreaterThan(Date.parse(before));
  });

  it('tells the administrators when the platform refuses the refresh, and the account needs reconnecting', async () => {
    const start = await post<{ authorizationUrl: string }>('/channel/connect/start', 'lead', {
      platform: 'youtube',
      departmentId: dept.news,
    });
    const google = new URL(start.body.data.authorizationUrl).origin;
    await fetch(`${google}/__fake/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'revokedGrant', call: 'POST /token' }),
    });
    clock.advance(60 * 60 * 1000);
    await t.app.channelHealth.run();
    await fetch(`${google}/__fake/faults`, { method: 'DELETE' });
    await signInAgain();
    const [channel] = await list('lead', { platform: 'youtube', status: 'reauthorize' });
    expect(channel).toMatchObject({ lastFailure: { kind: 'reauthorize' }, failures7d: 1 });
    expect(await notified('channel_reauthorize')).toContain(`YouTube: ${channel?.name}`);
  });

  it("warns a week before a token that cannot be renewed ends (Facebook's), then asks to reconnect", async () => {
    const pages = await list('lead', { platform: 'facebook' });
    const ends = Date.parse(pages[0]?.tokenExpiresAt ?? '');
    clock.set(new Date(ends - 7 * DAY + 1000));
    await t.app.channelHealth.run();
    await signInAgain();
    expect((await list('lead', { platform: 'facebook' })).map((p) => p.status)).toEqual([
      'expiring',
      'expiring',
    ]);
    expect(await notified('channel_expiring')).toEqual(
      expect.arrayContaining(['Facebook: Postdeck Sandbox News', 'Facebook: Postdeck Sandbox Events']),
    );
    clock.set(new Date(ends + 1000));
    await t.app.channelHealth.run();
    await signInAgain();
    expect((await list('lead', { platform: 'facebook' })).map((p) => p.status)).toEqual([
      'reauthorize',
      'reauthorize',
    ]);
  });
});
