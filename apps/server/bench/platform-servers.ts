import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_BLUESKY_HOSTS } from '../src/platforms/bluesky/hosts.ts';
import { DEFAULT_FACEBOOK_HOSTS } from '../src/platforms/facebook/adapter.ts';
import { DEFAULT_INSTAGRAM_HOSTS } from '../src/platforms/instagram/adapter.ts';
import { DEFAULT_LINKEDIN_HOSTS } from '../src/platforms/linkedin/api.ts';
import { SANDBOX_CLIENT } from '../src/platforms/sandbox.ts';
import { DEFAULT_TIKTOK_HOSTS } from '../src/platforms/tiktok/adapter.ts';
import { DEFAULT_VK_HOSTS } from '../src/platforms/vk/adapter.ts';
import { DEFAULT_X_HOSTS } from '../src/platforms/x/api.ts';
import { DEFAULT_YOUTUBE_HOSTS } from '../src/platforms/youtube/adapter.ts';

/**
 * The local platform servers of packages/platform-fakes in a process of their own, so that the
 * posts they hold outlive a Postdeck killed with SIGKILL (the kill benchmark and its test), each
 * seeded with `ACCOUNTS` accounts Postdeck can connect through its own API. Postdeck reaches them
 * as it would the real hosts: live mode, `CHANNEL_HOSTS_*` and the sandbox's app credentials,
 * which every fake here knows.
 *
 * Run alone (`node apps/server/bench/platform-servers.ts`) it prints the environment to start
 * Postdeck with and what to connect; forked, it sends the same to its parent. It serves every
 * post of every fake (Bluesky's read back from the PDS) as JSON at `postsUrl`.
 */
export const ACCOUNTS_PER_PLATFORM = 5;

/** How to connect one account (or, for a consent that lists several targets, `pick` of them). */
export type Connection =
  | {
      platform: 'facebook' | 'instagram' | 'youtube' | 'x' | 'vk' | 'linkedin' | 'tiktok' | 'mastodon';
      /** The consent page's answer: whose account, which channel. */
      answer: { userId?: string; choose?: string[] };
      /** Mastodon's instance, typed by the user. */
      instance?: string;
      /**
       * Where the browser reaches the consent page, if not at the address Postdeck gives: the
       * Mastodon fake behind its TLS front, whose certificate only Postdeck is told to trust.
       */
      consentOrigin?: string;
      /** How many of the targets the consent brings back to pick (the first ones). */
      pick: number;
    }
  | { platform: 'telegram'; botToken: string; channel: string }
  | { platform: 'bluesky'; identifier: string; appPassword: string };

export interface PlatformServersInfo {
  /** What to add to Postdeck's environment. */
  env: Record<string, string>;
  connections: Connection[];
  /** GET: every post the servers hold, `{ server, account, id, text, at, deleted }[]` (ServedPost). */
  postsUrl: string;
  /**
   * GET: the calls each server refused because an account went over one of the platform's
   * documented limits, `{ server, account, limit, exceeded }[]` (ServerLimit); only the servers
   * that keep a limit count (X, Mastodon, TikTok, Instagram's posts a day, YouTube's quota).
   */
  limitsUrl: string;
}

export interface ServerLimit {
  server: string;
  account: string;
  limit: string;
  exceeded: number;
}

export interface ServedPost {
  server: string;
  account: string;
  id: string;
  text: string;
  /** When the server made it (Bluesky: the record's createdAt, which Postdeck sets). */
  at: string;
  deleted: boolean;
}

const allAt = (defaults: object, url: string) =>
  JSON.stringify(Object.fromEntries(Object.keys(defaults).map((key) => [key, url])));

async function start(): Promise<{ info: PlatformServersInfo; stop(): Promise<void> }> {
  const clients = [SANDBOX_CLIENT];
  const n = ACCOUNTS_PER_PLATFORM;
  const range = Array.from({ length: n }, (_, i) => i + 1);
  const [graphModule, google, x, vk, linkedin, tiktok, telegram, mastodon, bluesky] = await Promise.all([
    import('@postdeck/platform-fakes/graph/server'),
    import('@postdeck/platform-fakes/google/server'),
    import('@postdeck/platform-fakes/x/server'),
    import('@postdeck/platform-fakes/vk/server'),
    import('@postdeck/platform-fakes/linkedin/server'),
    import('@postdeck/platform-fakes/tiktok/server'),
    import('@postdeck/platform-fakes/telegram/server'),
    import('@postdeck/platform-fakes/mastodon/server'),
    import('@postdeck/platform-fakes/bluesky/server'),
  ]);
  // One after the other: the PDS's start is the slow one, and the rest take milliseconds.
  const fakes = {
    graph: await graphModule.startGraphFake({ clients }),
    google: await google.startGoogleFake({ clients }),
    x: await x.startXFake({ clients }),
    vk: await vk.startVkFake({ clients }),
    linkedin: await linkedin.startLinkedInFake({ clients }),
    tiktok: await tiktok.startTikTokFake({ clients }),
    telegram: await telegram.startTelegramFake(),
    mastodon: await mastodon.startMastodonFake(),
  };
  const pds = await bluesky.startBlueskyServer();
  const connections: Connection[] = [];

  const editor = fakes.graph.addUser({ name: 'Kill Bench Editor' });
  for (const i of range) {
    const page = fakes.graph.addPage({
      name: `Kill Bench Page ${i}`,
      username: `killpage${i}`,
      admins: [editor.id],
    });
    fakes.graph.linkInstagram(page.id, { username: `kill.bench.${i}`, name: `Kill Bench ${i}` });
  }
  connections.push(
    { platform: 'facebook', answer: {}, pick: n },
    { platform: 'instagram', answer: {}, pick: n },
  );

  const googleUser = fakes.google.addUser({ name: 'Kill Bench Editor' });
  for (const i of range) {
    // A grant reaches the one channel chosen on Google's consent page.
    const channel = fakes.google.addChannel(googleUser.id, {
      title: `Kill Bench ${i}`,
      handle: `killbench${i}`,
    });
    connections.push({ platform: 'youtube', answer: { choose: [channel.id] }, pick: 1 });
  }
  for (const i of range) {
    const user = fakes.x.addUser({ username: `kill_bench_${i}`, name: `Kill Bench ${i}` });
    connections.push({ platform: 'x', answer: { userId: user.id }, pick: 1 });
  }
  const vkUser = fakes.vk.addUser({ firstName: 'Kill', lastName: 'Bench', screenName: 'kill_bench' });
  for (const i of range)
    fakes.vk.addCommunity({ name: `Kill Bench ${i}`, screenName: `kill_bench_${i}`, admins: [vkUser.id] });
  connections.push({ platform: 'vk', answer: {}, pick: n });
  const member = fakes.linkedin.addMember({ givenName: 'Kill', familyName: 'Bench' });
  for (const i of range)
    fakes.linkedin.addOrganization({
      localizedName: `Kill Bench ${i}`,
      vanityName: `kill-bench-${i}`,
      admins: [{ memberId: member.id }],
    });
  connections.push({ platform: 'linkedin', answer: {}, pick: n });
  for (const i of range) {
    const creator = fakes.tiktok.addCreator({ username: `kill.bench.${i}`, nickname: `Kill Bench ${i}` });
    connections.push({ platform: 'tiktok', answer: { userId: creator.openId }, pick: 1 });
  }
  const botToken = '7000000002:AAHkill-bench-postdeck-bot-token-0001';
  const bot = fakes.telegram.addBot({ username: 'kill_bench_bot', firstName: 'Kill Bench', token: botToken });
  for (const i of range) {
    fakes.telegram.addChannel({
      title: `Kill Bench ${i}`,
      username: `kill_bench_${i}`,
      members: [[bot.id, { status: 'administrator', canPostMessages: true, canDeleteMessages: true }]],
    });
    connections.push({ platform: 'telegram', botToken, channel: `@kill_bench_${i}` });
  }
  // Live, Postdeck takes only https instances: the fake gets a TLS front with a certificate of its own.
  const tls = await tlsFront(fakes.mastodon.url);
  for (const i of range) {
    const user = fakes.mastodon.addUser({ username: `killbench${i}`, displayName: `Kill Bench ${i}` });
    connections.push({
      platform: 'mastodon',
      answer: { userId: user.id },
      instance: tls.url,
      consentOrigin: fakes.mastodon.url,
      pick: 1,
    });
  }
  const blueskyAccounts: { did: string; handle: string }[] = [];
  for (const i of range) {
    const account = await pds.createAccount({ handle: `kill-bench-${i}.test` });
    blueskyAccounts.push(account);
    const appPassword = await pds.createAppPassword(account, 'Postdeck kill bench');
    connections.push({ platform: 'bluesky', identifier: account.handle, appPassword });
  }

  async function posts(): Promise<ServedPost[]> {
    const served: ServedPost[] = Object.entries(fakes).flatMap(([server, fake]) =>
      fake.posts.all().map((post) => ({
        server,
        account: post.account,
        id: post.id,
        text: post.text,
        at: post.createdAt.toISOString(),
        deleted: post.deletedAt !== undefined,
      })),
    );
    // Bluesky's posts are records in the PDS, not in the fakes' store.
    for (const account of blueskyAccounts) {
      let cursor: string | undefined;
      do {
        const url = new URL('/xrpc/com.atproto.repo.listRecords', pds.pdsOrigin);
        url.search = new URLSearchParams({
          repo: account.did,
          collection: 'app.bsky.feed.post',
          limit: '100',
          ...(cursor ? { cursor } : {}),
        }).toString();
        const page = (await (await fetch(url)).json()) as {
          records: { uri: string; value: { text?: string; createdAt?: string } }[];
          cursor?: string;
        };
        for (const record of page.records)
          served.push({
            server: 'bluesky',
            account: account.handle,
            id: record.uri,
            text: record.value.text ?? '',
            at: record.value.createdAt ?? '',
            deleted: false,
          });
        cursor = page.records.length > 0 ? page.cursor : undefined;
      } while (cursor);
    }
    return served;
  }

  const inspection = createServer((request, response) => {
    if (request.url === '/limits') {
      const limits: ServerLimit[] = Object.entries(fakes).flatMap(([server, fake]) =>
        fake.limitsExceeded().map((tally) => ({ server, ...tally })),
      );
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(limits));
      return;
    }
    if (request.url !== '/posts') {
      response.writeHead(404).end();
      return;
    }
    posts().then(
      (all) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(all)),
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => inspection.listen(0, '127.0.0.1', resolve));

  const { clientId, clientSecret } = SANDBOX_CLIENT;
  const graph = fakes.graph.url;
  const env: Record<string, string> = {
    CHANNELS_MODE: 'live',
    ...Object.fromEntries(
      ['FACEBOOK_APP', 'GOOGLE_CLIENT', 'X_CLIENT', 'LINKEDIN_CLIENT'].flatMap((prefix) => [
        [`${prefix}_ID`, clientId],
        [`${prefix}_SECRET`, clientSecret],
      ]),
    ),
    VK_CLIENT_ID: clientId,
    TIKTOK_CLIENT_KEY: clientId,
    TIKTOK_CLIENT_SECRET: clientSecret,
    CHANNEL_HOSTS_FACEBOOK: allAt(DEFAULT_FACEBOOK_HOSTS, graph),
    CHANNEL_HOSTS_INSTAGRAM: allAt(DEFAULT_INSTAGRAM_HOSTS, graph),
    CHANNEL_HOSTS_YOUTUBE: allAt(DEFAULT_YOUTUBE_HOSTS, fakes.google.url),
    CHANNEL_HOSTS_X: allAt(DEFAULT_X_HOSTS, fakes.x.url),
    CHANNEL_HOSTS_VK: allAt(DEFAULT_VK_HOSTS, fakes.vk.url),
    CHANNEL_HOSTS_LINKEDIN: allAt(DEFAULT_LINKEDIN_HOSTS, fakes.linkedin.url),
    CHANNEL_HOSTS_TIKTOK: allAt(DEFAULT_TIKTOK_HOSTS, fakes.tiktok.url),
    CHANNEL_HOSTS_TELEGRAM: JSON.stringify({
      apiBase: fakes.telegram.url,
      postUrlBase: fakes.telegram.pageBase,
    }),
    CHANNEL_HOSTS_BLUESKY: allAt(DEFAULT_BLUESKY_HOSTS, pds.url),
    // What the user and the platforms name rather than the operator (the Mastodon instance, the
    // PDS a session names, upload addresses) is on loopback here: these ports only.
    CHANNEL_ALLOW_PRIVATE: [
      ...[...Object.values(fakes).map((fake) => fake.url), tls.url].map(
        (url) => `127.0.0.1:${new URL(url).port}`,
      ),
      `localhost:${new URL(pds.url).port}`,
    ].join(','),
    NODE_EXTRA_CA_CERTS: tls.certFile,
  };
  return {
    info: {
      env,
      connections,
      postsUrl: `http://127.0.0.1:${(inspection.address() as AddressInfo).port}/posts`,
      limitsUrl: `http://127.0.0.1:${(inspection.address() as AddressInfo).port}/limits`,
    },
    async stop() {
      inspection.close();
      await tls.stop();
      await Promise.allSettled([...Object.values(fakes).map((fake) => fake.stop()), pds.stop()]);
    },
  };
}

/** An https front for a fake on loopback, its self-signed certificate (openssl) for 127.0.0.1 in a file. */
async function tlsFront(target: string) {
  const dir = mkdtempSync(join(tmpdir(), 'postdeck-fake-tls-'));
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  const inner = new URL(target);
  const front = createHttpsServer(
    { key: readFileSync(keyFile), cert: readFileSync(certFile) },
    (request, response) => {
      const forward = httpRequest(
        {
          host: inner.hostname,
          port: inner.port,
          method: request.method,
          path: request.url,
          headers: request.headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      forward.on('error', () => response.destroy());
      request.pipe(forward);
    },
  );
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${(front.address() as AddressInfo).port}`,
    certFile,
    async stop() {
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const servers = await start();
  if (process.send) process.send(servers.info);
  else console.log(JSON.stringify(servers.info, null, 2));
  const stop = () => void servers.stop().finally(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  // Forked: the parent going away (even killed) ends these servers too.
  process.once('disconnect', stop);
}
