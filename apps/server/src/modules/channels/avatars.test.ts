import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { ChannelAccount, ConnectTargets } from '@postdeck/contract/channels';
import { submitConsent } from '@postdeck/platform-fakes/oauth/consent-client';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelAccounts } from '../../db/schema.ts';
import { manualClock } from '../../lib/clock.ts';
import { deriveKey } from '../../lib/secrets.ts';
import { createPlatformRegistry } from '../../platforms/registry.ts';
import { createTokenVault } from '../../platforms/token-vault.ts';
import { createLocalStorage } from '../../storage/local-storage.ts';
import { tempDirs } from '../../test/temp-dirs.ts';
import {
  ADMIN_PASSWORD,
  type TestApp,
  call,
  createBootstrappedDatabase,
  createTestApp,
  login,
  testConfig,
} from '../../test/test-app.ts';
import { rootDepartment } from '../departments/department-repo.ts';
import { createAvatarSigner } from './avatar-urls.ts';
import { avatarKey, createAvatars } from './avatars.ts';

const tempDir = tempDirs('postdeck-avatars-');
const clock = manualClock(new Date('2026-03-01T09:00:00Z'));
const ORIGIN = 'http://console.test';

describe('accounts’ pictures in the sandbox (issue 19, item 9)', () => {
  let t: TestApp;
  let token: string;
  let departmentId: number;
  let filesDir: string;

  beforeAll(async () => {
    const root = tempDir();
    filesDir = join(root, 'files');
    const materials = { ...testConfig().materials, filesDir, uploadsDir: join(root, 'uploads') };
    t = await createTestApp({ clock, jobs: true, config: { materials } });
    token = (await login(t.app, 'admin', ADMIN_PASSWORD)).accessToken;
    departmentId = await rootDepartment(t.db);
  });
  afterAll(() => t.close());

  const post = async <T>(path: string, body: unknown) =>
    (await call(t.app, 'POST', path, { token, body })).body.data as T;
  const list = async (platform: string) =>
    (
      (await call(t.app, 'GET', '/channel/account/list', { token, query: { platform } })).body.data as {
        items: ChannelAccount[];
      }
    ).items;

  /** Connects every target of an OAuth platform as the admin; the targets as the callback listed them. */
  async function connect(platform: string) {
    const start = await post<{ authorizationUrl: string }>('/channel/connect/start', {
      platform,
      departmentId,
    });
    const back = await submitConsent(start.authorizationUrl, { decision: 'approve' });
    const targets = await post<ConnectTargets>('/channel/connect/callback', {
      state: back.searchParams.get('state'),
      code: back.searchParams.get('code'),
    });
    await post('/channel/connect/pick', {
      connectionId: targets.connectionId,
      externalIds: targets.targets.map((target) => target.externalId),
    });
    return targets;
  }

  /** The accounts once the job fetched their pictures (pg-boss polls every half second). */
  async function withPictures(platform: string): Promise<ChannelAccount[]> {
    for (let tries = 0; tries < 100; tries++) {
      const accounts = await list(platform);
      if (accounts.length > 0 && accounts.every((account) => account.avatarUrl !== null)) return accounts;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${platform}: no pictures after 10 s`);
  }

  it('lists targets without the platform’s picture addresses, which the CSP would block', async () => {
    const targets = await connect('facebook');
    expect(targets.targets.length).toBe(2);
    expect(targets.targets.every((target) => target.avatarUrl === null)).toBe(true);
  });

  it('fetches each saved account’s picture from its local server after the connection, into its own storage', async () => {
    const pages = await withPictures('facebook');
    const rows = await t.db.select().from(channelAccounts).where(eq(channelAccounts.platform, 'facebook'));
    for (const row of rows) {
      expect(row.avatarUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/avatars\//);
      expect(row.avatarSha256).toMatch(/^[0-9a-f]{64}$/);
      const stored = await createLocalStorage(filesDir).stat(avatarKey(row.avatarSha256 ?? ''));
      expect(stored?.bytes).toBeGreaterThan(0);
    }
    // The answer links Postdeck's own origin, never the platform's.
    for (const page of pages) {
      const url = new URL(page.avatarUrl ?? '', ORIGIN);
      expect(url.origin).toBe(ORIGIN);
      expect(url.pathname).toMatch(new RegExp(`^/prod-api/channel/avatar/${page.id}/[0-9a-f]{64}\\.webp$`));
    }
  });

  it('serves the picture from our origin as a small WebP, cacheable for good by this user only', async () => {
    const [page] = await list('facebook');
    const answer = await t.app.inject({ method: 'GET', url: page?.avatarUrl ?? '' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/webp');
    expect(answer.headers['cache-control']).toMatch(/^private, max-age=\d+, immutable$/);
    expect(await sharp(answer.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 96,
      height: 96,
    });
  });

  it('draws an SVG picture of the sandbox (X’s) into the same kind of file', async () => {
    await connect('x');
    const [account] = await withPictures('x');
    const answer = await t.app.inject({ method: 'GET', url: account?.avatarUrl ?? '' });
    expect([answer.statusCode, answer.headers['content-type']]).toEqual([200, 'image/webp']);
  });

  it('fetches it anew, from the address the platform lists now, when the health schedule renews the grant', async () => {
    const [account] = await list('x');
    const id = account?.id ?? 0;
    const before = (await t.db.select().from(channelAccounts).where(eq(channelAccounts.id, id)))[0];
    await t.db
      .update(channelAccounts)
      .set({ avatarUrl: 'http://127.0.0.1:9/expired.svg', avatarSha256: null, avatarFetchedAt: null })
      .where(eq(channelAccounts.id, id));
    clock.advance(2 * 3600 * 1000);
    expect((await t.app.channelHealth.run()).refreshed).toBeGreaterThanOrEqual(1);
    token = (await login(t.app, 'admin', ADMIN_PASSWORD)).accessToken;
    await withPictures('x');
    const after = (await t.db.select().from(channelAccounts).where(eq(channelAccounts.id, id)))[0];
    expect([after?.avatarUrl, after?.avatarSha256]).toEqual([before?.avatarUrl, before?.avatarSha256]);
  });

  it('answers 404 to a link tampered with, one for another picture, and one past its expiry', async () => {
    const [page] = await list('facebook');
    const url = page?.avatarUrl ?? '';
    const status = async (path: string) => (await t.app.inject({ method: 'GET', url: path })).statusCode;
    expect(await status(url.replace(/sig=./, 'sig=A'))).toBe(404);
    expect(await status(url.replace(/uid=\d+/, 'uid=999'))).toBe(404);
    expect(await status(url.replace(/\/[0-9a-f]{64}\.webp/, `/${'0'.repeat(64)}.webp`))).toBe(404);
    expect(await status(url.split('?')[0] ?? '')).toBe(404);
    clock.advance(9 * 24 * 3600 * 1000);
    expect(await status(url)).toBe(404);
  });
});

describe('a picture’s address outside the sandbox', () => {
  let hits = 0;
  let server: Server;
  let port = 0;
  const png = sharp({ create: { width: 4, height: 4, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();

  beforeAll(async () => {
    const body = await png;
    server = createServer((_request, response) => {
      hits += 1;
      response.writeHead(200, { 'content-type': 'image/png' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  let database: Awaited<ReturnType<typeof createBootstrappedDatabase>>;
  let accounts = 0;
  beforeAll(async () => {
    database = await createBootstrappedDatabase();
  });
  afterAll(() => database.database.close());

  /** Avatars live or in the sandbox, with a new account whose picture is at `url`. */
  async function accountWithPicture(url: string, options: { sandbox: boolean; allowPrivate?: string[] }) {
    const { db } = database.database;
    const registry = createPlatformRegistry(
      { sandbox: options.sandbox, redirectUri: `${ORIGIN}/authOpen`, credentials: {}, hosts: {} },
      clock,
    );
    const masterSecret = Buffer.alloc(48, 7);
    const avatars = createAvatars({
      db,
      clock,
      storage: createLocalStorage(tempDir()),
      registry,
      vault: createTokenVault({ masterSecret, keys: testConfig().channelTokenKeys }),
      signer: createAvatarSigner(deriveKey(masterSecret, 'channel-avatars'), clock),
      allowPrivate: options.allowPrivate ?? [],
    });
    const [row] = await db
      .insert(channelAccounts)
      .values({
        platform: 'x',
        externalId: String(++accounts),
        name: 'Somebody',
        departmentId: database.rootDepartmentId,
        avatarUrl: url,
      })
      .returning({ id: channelAccounts.id });
    const id = row?.id ?? 0;
    return {
      refresh: () => avatars.refresh(id),
      stored: async () => (await db.select().from(channelAccounts).where(eq(channelAccounts.id, id)))[0],
      close: () => registry.close(),
    };
  }

  it.each([
    (p: number) => `http://127.0.0.1:${p}/a.png`,
    (p: number) => `http://localhost:${p}/a.png`,
    (p: number) => `http://127.1:${p}/a.png`,
    (p: number) => `http://2130706433:${p}/a.png`,
    (p: number) => `http://[::ffff:127.0.0.1]:${p}/a.png`,
    (p: number) => `http://a@127.0.0.1:${p}/a.png`,
  ])('is refused and never fetched when it names loopback (%#)', async (spell) => {
    const account = await accountWithPicture(spell(port), { sandbox: false });
    expect(await account.refresh()).toBe('refused');
    expect(hits).toBe(0);
    expect((await account.stored())?.avatarSha256).toBeNull();
    expect((await account.stored())?.avatarFetchedAt).toEqual(clock.now());
    await account.close();
  });

  it('is refused in the sandbox too when it is not one of the sandbox’s own servers', async () => {
    const account = await accountWithPicture(`http://127.0.0.1:${port}/a.png`, { sandbox: true });
    expect(await account.refresh()).toBe('refused');
    expect(hits).toBe(0);
    await account.close();
  });

  it('is fetched where the operator allowed that address (CHANNEL_ALLOW_PRIVATE)', async () => {
    const account = await accountWithPicture(`http://127.0.0.1:${port}/a.png`, {
      sandbox: false,
      allowPrivate: [`127.0.0.1:${port}`],
    });
    expect(await account.refresh()).toBe('stored');
    expect(hits).toBe(1);
    expect((await account.stored())?.avatarSha256).toMatch(/^[0-9a-f]{64}$/);
    await account.close();
  });
});
