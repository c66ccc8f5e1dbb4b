import { type ChildProcess, execFile, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { PublishingPlatform } from '@postdeck/contract/platforms';
import { submitConsent } from '@postdeck/platform-fakes/oauth/consent-client';
import pg from 'pg';
import sharp from 'sharp';
import { RATE_LIMITS } from '../src/modules/publishing/rate-budget.ts';
import type { Connection, PlatformServersInfo, ServedPost } from './platform-servers.ts';

/**
 * Never lost, never twice, under kill -9 (issue 20 item 11): Postdeck publishes to the local
 * platform servers, which run in a process of their own (platform-servers.ts) so their posts
 * outlive the kills, while Postdeck itself is killed with SIGKILL and started again at random
 * moments. Everything goes through Postdeck's API as a user would: the accounts are connected
 * through each platform's consent page (or bot token, app password), the media uploaded, each
 * publication made from a content of its own whose text carries a unique marker. Afterwards
 * every publication must be in exactly one final state, and the servers must hold exactly one
 * post for each published one and none for a failed one; an unconfirmed one (its answer was
 * lost and the platform has no way to look for it) may have gone out once, never twice.
 */

const FINAL = new Set(['published', 'failed', 'unconfirmed']);
const ADMIN_PASSWORD = 'Kill!bench1';
/** The password the first sign-in chooses (adminSession's rule: the old one and '#'). */
const CHOSEN_PASSWORD = `${ADMIN_PASSWORD}#`;
/** Media each platform needs (platform-capabilities: mediaRequired), the rest post text only. */
const MEDIA: Partial<Record<PublishingPlatform, 'image' | 'video'>> = {
  instagram: 'image',
  youtube: 'video',
  tiktok: 'video',
};

export interface KillRunOptions {
  publications: number;
  /** 0: no kills, one batch, for the throughput figure. */
  kills: number;
  /** Only these platforms' accounts (all ten by default). */
  platforms?: readonly PublishingPlatform[];
  /** Seeds the order of the publications and the moments of the kills: a run can be repeated. */
  seed: number;
  /** A PostgreSQL database of the run's own (the caller creates and drops it); PGlite otherwise. */
  databaseUrl?: string | undefined;
  /** Longest wait after a batch of publications is made before the kill, in ms. */
  maxKillDelayMs?: number;
  /** PUBLISH_STALE_SEND_MS and PUBLISH_SWEEP_MS for the server. */
  staleSendMs?: number;
  sweepMs?: number;
  /** After the last start, the longest wait for every publication to be final, in ms. */
  settleTimeoutMs?: number;
  log?: (line: string) => void;
}

export interface Outcome {
  id: number;
  marker: string;
  platform: string;
  status: string;
  /** Posts on the platform's server carrying the publication's marker. */
  posts: number;
  /** Events that moved it into a final state. */
  finals: number;
  why: string | null;
}

export interface KillRunReport {
  database: 'pglite' | 'postgres';
  publications: number;
  accounts: number;
  kills: number;
  /** The server ended by itself (not by one of the kills). */
  crashes: number;
  /** From a kill to the server answering again, in ms: the median and the longest. */
  restartMs: { p50: number; max: number };
  /** platform → state → publications. */
  states: Record<string, Record<string, number>>;
  /** platform → seconds from made to final, the median and the longest. */
  latency: Record<string, { p50: number; max: number }>;
  unsettled: Outcome[];
  /** More than one final event. */
  finalTwice: Outcome[];
  /** Published without a post on its platform's server. */
  lost: Outcome[];
  /** More than one post, whatever the state. */
  twice: Outcome[];
  /** A post for a publication that is neither published nor unconfirmed. */
  stray: Outcome[];
  unconfirmed: (Outcome & { posted: boolean })[];
  /** Posts on the servers that carry no marker of this run. */
  unknownPosts: number;
  /** Sends a kill cut off, which a restart had to reconcile (resent with the same key, looked for, or left unconfirmed). */
  reconciled: number;
  seconds: number;
  /** Published ones from the first made to the last final, by the server's own timestamps. */
  publishedPerSecond: number;
}

/** `run` on a database of its own on the PostgreSQL server at `serverUrl`, dropped afterwards. */
export async function withPostgresDatabase<T>(
  serverUrl: string,
  run: (url: string) => Promise<T>,
): Promise<T> {
  const name = `postdeck_kill_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

/** mulberry32: small, seeded, good enough to pick moments. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Runs `task` over `items`, `width` at a time. */
async function pool<T, R>(items: readonly T[], width: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  });
  await Promise.all(lanes);
  return results;
}

async function startPlatformServers(log: (line: string) => void) {
  const child = fork(here('./platform-servers.ts'), [], {
    execArgv: [],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  // Kept for a start that fails, not printed: the PDS and the fakes' timers warn on every run.
  let tail = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4_000);
  });
  const info = await new Promise<PlatformServersInfo>((resolve, reject) => {
    child.once('message', (message) => resolve(message as PlatformServersInfo));
    child.once('exit', (code) => reject(new Error(`the platform servers exited with ${code}:\n${tail}`)));
  });
  log(`platform servers up (pid ${child.pid})`);
  return {
    info,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

interface Account {
  id: number;
  platform: PublishingPlatform;
}

interface Planned {
  account: Account;
  marker: string;
}

/**
 * Which account each publication goes to: round robin, each account up to what its rate budget
 * (rate-budget.ts) lets through within two minutes with a fifth to spare for retries, so the run
 * measures the pipeline rather than waits for a bucket to refill (TikTok takes 6 inits a minute,
 * YouTube 100 uploads a day for the whole app).
 */
export function planPublications(accounts: readonly Account[], count: number): Planned[] {
  const perPlatform = new Map<string, number>();
  for (const account of accounts)
    perPlatform.set(account.platform, (perPlatform.get(account.platform) ?? 0) + 1);
  const allowance = (account: Account) => {
    const limits = RATE_LIMITS[account.platform];
    const cost = MEDIA[account.platform] ? 2 : 1;
    const within = (bucket: { capacity: number; perSecond: number }) =>
      (0.8 * (bucket.capacity + bucket.perSecond * 120)) / cost;
    const shared = limits.platform
      ? within(limits.platform) / (perPlatform.get(account.platform) ?? 1)
      : Number.POSITIVE_INFINITY;
    return Math.floor(Math.min(within(limits.account), shared));
  };
  const room = accounts.map(allowance);
  const given = accounts.map(() => 0);
  const planned: Planned[] = [];
  while (planned.length < count) {
    let progressed = false;
    for (const [index, account] of accounts.entries()) {
      if (planned.length >= count) break;
      if ((given[index] ?? 0) >= (room[index] ?? 0)) continue;
      given[index] = (given[index] ?? 0) + 1;
      planned.push({ account, marker: `[kill-${String(planned.length + 1).padStart(5, '0')}]` });
      progressed = true;
    }
    if (!progressed)
      throw new Error(`the accounts' rate budgets take at most ${planned.length} publications`);
  }
  return planned;
}

class Api {
  token = '';
  readonly base: string;
  constructor(base: string) {
    this.base = base;
  }

  async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const answer = await this.once<T>(method, path, body);
    // The session outlives restarts (the same POSTDECK_SECRET), not its 15 minutes.
    if (answer.status !== 401 || !this.token) return answer.data();
    await this.signIn(false);
    return (await this.once<T>(method, path, body)).data();
  }

  private async once<T>(method: 'GET' | 'POST', path: string, body?: unknown) {
    const url = new URL(`${this.base}/prod-api${path}`);
    if (method === 'GET' && body) url.search = new URLSearchParams(body as Record<string, string>).toString();
    const res = await fetch(url, {
      method,
      headers: {
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
    });
    const envelope = (await res.json()) as { code: number; msg: string; data: T };
    return {
      status: res.status,
      data: () => {
        if (envelope.code !== 200)
          throw new Error(
            `${method} ${path}: ${envelope.code} ${envelope.msg} ${JSON.stringify(envelope.data)}`,
          );
        return envelope.data;
      },
    };
  }

  async signIn(first: boolean) {
    const password = first ? ADMIN_PASSWORD : CHOSEN_PASSWORD;
    this.token = '';
    const { accessToken } = await this.call<{ accessToken: string }>('POST', '/control/user/login', {
      username: 'admin',
      password,
    });
    this.token = accessToken;
    if (first)
      await this.call('POST', '/control/user/pass/update', {
        oldPassword: ADMIN_PASSWORD,
        newPassword: CHOSEN_PASSWORD,
      });
  }
}

async function connect(api: Api, connection: Connection, departmentId: number): Promise<Account[]> {
  type Connected = { accounts: { id: number; platform: PublishingPlatform }[] };
  if (connection.platform === 'telegram') {
    const { botToken, channel } = connection;
    return (
      await api.call<Connected>('POST', '/channel/connect/telegram', { departmentId, botToken, channel })
    ).accounts;
  }
  if (connection.platform === 'bluesky') {
    const { identifier, appPassword } = connection;
    return (
      await api.call<Connected>('POST', '/channel/connect/bluesky', { departmentId, identifier, appPassword })
    ).accounts;
  }
  const { authorizationUrl } = await api.call<{ authorizationUrl: string }>(
    'POST',
    '/channel/connect/start',
    {
      platform: connection.platform,
      departmentId,
      ...(connection.instance ? { instance: connection.instance } : {}),
    },
  );
  const consent = new URL(authorizationUrl);
  if (connection.consentOrigin) {
    const origin = new URL(connection.consentOrigin);
    consent.protocol = origin.protocol;
    consent.host = origin.host;
  }
  const back = await submitConsent(consent.toString(), { decision: 'approve', ...connection.answer });
  const answer = Object.fromEntries(
    [...back.searchParams].map(([name, value]) => [name === 'device_id' ? 'deviceId' : name, value]),
  );
  const targets = await api.call<{ connectionId: number; targets: { externalId: string }[] }>(
    'POST',
    '/channel/connect/callback',
    answer,
  );
  const externalIds = targets.targets.slice(0, connection.pick).map((target) => target.externalId);
  return (
    await api.call<Connected>('POST', '/channel/connect/pick', {
      connectionId: targets.connectionId,
      externalIds,
    })
  ).accounts;
}

/** A file into the library through tus, as the console uploads it; its material id once processed. */
async function upload(api: Api, name: string, mime: string, bytes: Buffer): Promise<number> {
  const headers = { authorization: `Bearer ${api.token}`, 'tus-resumable': '1.0.0' };
  const metadata = `filename ${Buffer.from(name).toString('base64')},filetype ${Buffer.from(mime).toString('base64')}`;
  const created = await fetch(`${api.base}/prod-api/material/upload`, {
    method: 'POST',
    headers: { ...headers, 'upload-length': String(bytes.length), 'upload-metadata': metadata },
  });
  if (created.status !== 201) throw new Error(`upload create answered ${created.status}`);
  const location = new URL(created.headers.get('location') ?? '', `${api.base}/prod-api/material/upload/`);
  const patched = await fetch(location, {
    method: 'PATCH',
    headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: bytes,
  });
  if (patched.status !== 204) throw new Error(`upload PATCH answered ${patched.status}`);
  const uploadId = location.pathname.split('/').at(-1) ?? '';
  const { material } = await api.call<{ material: { id: number } }>('POST', '/material/uploadComplete', {
    uploadId,
  });
  for (let i = 0; i < 600; i++) {
    const detail = await api.call<{ status: string }>('GET', '/material/detail', { id: String(material.id) });
    if (detail.status === 'ready') return material.id;
    if (detail.status === 'failed') throw new Error(`${name} could not be processed`);
    await sleep(100);
  }
  throw new Error(`${name} was not processed in a minute`);
}

/** A five-second vertical test pattern, H.264, made by ffmpeg itself (as the materials tests make theirs). */
async function testVideo(dir: string): Promise<Buffer> {
  const file = join(dir, 'pattern.mp4');
  const input = ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=540x960:rate=10', '-t', '5'];
  await promisify(execFile)('ffmpeg', [...input, '-pix_fmt', 'yuv420p', '-y', file]);
  return readFile(file);
}

type Detail = {
  id: number;
  status: string;
  account: { platform: string };
  error: { kind: string; message: string | null } | null;
  events: { from: string | null; to: string; at: string; detail: Record<string, unknown> }[];
  createdAt: string;
};

/** One run: servers up, accounts connected, publications made in batches with a kill after each. */
export async function runKillLoop(options: KillRunOptions): Promise<KillRunReport> {
  const log = options.log ?? (() => undefined);
  const rng = prng(options.seed);
  const work = mkdtempSync(join(tmpdir(), 'postdeck-kill-'));
  // The server's last words, for a start that fails (its log lines are warnings and errors only).
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4_000);
  };
  const platforms = await startPlatformServers(log);
  const port = await freePort();
  const api = new Api(`http://127.0.0.1:${port}`);
  const env: Record<string, string> = {
    ...Object.fromEntries(
      Object.entries(process.env).filter(
        (entry): entry is [string, string] =>
          entry[1] !== undefined && !/^(DATABASE_URL|TEST_|VITEST|CHANNEL|PUBLISH_)/.test(entry[0]),
      ),
    ),
    ...platforms.info.env,
    DATA_DIR: join(work, 'data'),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_PASSWORD,
    POSTDECK_SECRET: randomBytes(48).toString('base64url'),
    LOG_LEVEL: 'warn',
    // The screenshot proofs (a Chromium each) would take the two cores the pipeline is measured on.
    CHROMIUM_PATH: join(work, 'no-chromium'),
    PUBLISH_STALE_SEND_MS: String(options.staleSendMs ?? 5_000),
    PUBLISH_SWEEP_MS: String(options.sweepMs ?? 2_000),
    MALLOC_TRIM_THRESHOLD_: '131072',
  };

  let server: ChildProcess | undefined;
  // A harness that dies leaves no server behind (the platform servers end with their channel).
  const orphan = () => void server?.kill('SIGKILL');
  process.once('exit', orphan);
  let crashes = 0;
  const killed = new WeakSet<ChildProcess>();
  async function startServer() {
    const child = fork(here('../src/main.ts'), [], {
      env,
      execArgv: [],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('exit', (code, signal) => {
      if (!killed.has(child)) {
        crashes += 1;
        log(`the server ended by itself (${code ?? signal}):\n${tail}`);
      }
    });
    server = child;
    for (let i = 0; i < 1200; i++) {
      if (child.exitCode !== null || child.signalCode !== null) break;
      try {
        if ((await fetch(`${api.base}/prod-api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error(`Postdeck did not start:\n${tail}`);
  }
  async function killServer() {
    const child = server;
    if (!child) return;
    killed.add(child);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
  }

  const started = performance.now();
  try {
    await startServer();
    await api.signIn(true);
    const { department } = await api.call<{ department: { id: number } }>('GET', '/control/user/info');
    const accounts: Account[] = [];
    for (const connection of platforms.info.connections)
      if (!options.platforms || options.platforms.includes(connection.platform))
        accounts.push(...(await connect(api, connection, department.id)));
    log(`${accounts.length} accounts connected`);
    const image = await sharp({ create: { width: 1080, height: 1080, channels: 3, background: '#2a7' } })
      .jpeg()
      .toBuffer();
    const media = {
      image: await upload(api, 'square.jpg', 'image/jpeg', image),
      video: await upload(api, 'pattern.mp4', 'video/mp4', await testVideo(work)),
    };

    log('media uploaded');
    const planned = planPublications(accounts, options.publications);
    // Shuffled, so each batch mixes platforms.
    for (let i = planned.length - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [planned[i], planned[j]] = [planned[j] as Planned, planned[i] as Planned];
    }
    const made = new Map<number, Planned>();
    const restarts: number[] = [];
    async function publish(item: Planned) {
      const text = `Kill bench ${item.marker} on ${item.account.platform}`;
      const kind = MEDIA[item.account.platform];
      const content = await api.call<{ id: number }>('POST', '/content/create', {
        title: `Kill bench ${item.marker}`,
        body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
        departmentId: department.id,
        materialIds: kind ? [media[kind]] : [],
      });
      const { publications } = await api.call<{ publications: { id: number }[] }>(
        'POST',
        '/content/publish/create',
        { contentId: content.id, targets: [{ accountId: item.account.id, text }] },
      );
      const [publication] = publications;
      if (!publication) throw new Error(`no publication for ${item.marker}`);
      made.set(publication.id, item);
    }

    const batches = Math.max(1, options.kills);
    const maxDelay = options.maxKillDelayMs ?? 2_000;
    for (let batch = 0; batch < batches; batch++) {
      const from = Math.floor((batch * planned.length) / batches);
      const to = Math.floor(((batch + 1) * planned.length) / batches);
      await pool(planned.slice(from, to), 4, publish);
      if (batch >= options.kills) continue;
      const delay = Math.floor(rng() * maxDelay);
      await sleep(delay);
      await killServer();
      const restart = performance.now();
      await startServer();
      restarts.push(performance.now() - restart);
      log(
        `kill ${batch + 1}: ${delay} ms after its batch; up again in ${Math.round(performance.now() - restart)} ms`,
      );
    }

    log(`${made.size} publications made`);
    // The last start: everything must come to a final state now.
    const bound = performance.now() + (options.settleTimeoutMs ?? 120_000);
    const details = new Map<number, Detail>();
    let pending = [...made.keys()];
    while (pending.length > 0) {
      const read = await pool(pending, 4, (id) =>
        api.call<Detail>('GET', '/content/publish/detail', { id: String(id) }),
      );
      for (const detail of read) details.set(detail.id, detail);
      pending = read.filter((detail) => !FINAL.has(detail.status)).map((detail) => detail.id);
      if (pending.length === 0 || performance.now() > bound) break;
      await sleep(1_000);
    }
    log(pending.length === 0 ? 'every publication final' : `${pending.length} not final in time`);
    const posts = (await (await fetch(platforms.info.postsUrl)).json()) as ServedPost[];
    const seconds = (performance.now() - started) / 1000;
    const report = judge(options, accounts.length, crashes, made, details, posts, seconds);
    const sorted = restarts.sort((a, b) => a - b);
    report.restartMs = {
      p50: Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0),
      max: Math.round(sorted.at(-1) ?? 0),
    };
    return report;
  } finally {
    if (server && server.exitCode === null && server.signalCode === null) {
      killed.add(server);
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    process.off('exit', orphan);
    await platforms.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

function judge(
  options: KillRunOptions,
  accounts: number,
  crashes: number,
  made: Map<number, Planned>,
  details: Map<number, Detail>,
  posts: ServedPost[],
  seconds: number,
): KillRunReport {
  // Deleted ones count too: a second post taken down again was still a second post.
  const byMarker = new Map<string, number>();
  let unknownPosts = 0;
  for (const post of posts) {
    const marker = /\[kill-\d{5}\]/.exec(post.text)?.[0];
    if (marker) byMarker.set(marker, (byMarker.get(marker) ?? 0) + 1);
    else unknownPosts += 1;
  }
  const outcomes: Outcome[] = [...made].map(([id, item]) => {
    const detail = details.get(id);
    return {
      id,
      marker: item.marker,
      platform: item.account.platform,
      status: detail?.status ?? 'unknown',
      posts: byMarker.get(item.marker) ?? 0,
      finals: detail?.events.filter((event) => FINAL.has(event.to)).length ?? 0,
      why: detail?.error?.message ?? detail?.error?.kind ?? null,
    };
  });
  const states: Record<string, Record<string, number>> = {};
  for (const outcome of outcomes) {
    const platform = (states[outcome.platform] ??= {});
    platform[outcome.status] = (platform[outcome.status] ?? 0) + 1;
  }
  const waits = new Map<string, number[]>();
  for (const detail of details.values()) {
    const final = detail.events.find((event) => FINAL.has(event.to));
    if (!final) continue;
    const list = waits.get(detail.account.platform) ?? [];
    list.push((Date.parse(final.at) - Date.parse(detail.createdAt)) / 1000);
    waits.set(detail.account.platform, list);
  }
  const latency = Object.fromEntries(
    [...waits].map(([platform, list]) => {
      const sorted = list.sort((a, b) => a - b);
      return [platform, { p50: sorted[Math.floor(sorted.length / 2)] ?? 0, max: sorted.at(-1) ?? 0 }];
    }),
  );
  const published = [...details.values()].filter((detail) => detail.status === 'published');
  const firstMade = Math.min(...[...details.values()].map((detail) => Date.parse(detail.createdAt)));
  const lastFinal = Math.max(
    ...published.flatMap((detail) =>
      detail.events.filter((event) => event.to === 'published').map((event) => Date.parse(event.at)),
    ),
  );
  return {
    database: options.databaseUrl ? 'postgres' : 'pglite',
    publications: made.size,
    accounts,
    kills: options.kills,
    crashes,
    restartMs: { p50: 0, max: 0 },
    states,
    latency,
    unsettled: outcomes.filter((o) => !FINAL.has(o.status)),
    finalTwice: outcomes.filter((o) => o.finals > 1),
    lost: outcomes.filter((o) => o.status === 'published' && o.posts === 0),
    twice: outcomes.filter((o) => o.posts > 1),
    stray: outcomes.filter((o) => o.status !== 'published' && o.status !== 'unconfirmed' && o.posts > 0),
    unconfirmed: outcomes
      .filter((o) => o.status === 'unconfirmed')
      .map((o) => ({ ...o, posted: o.posts > 0 })),
    unknownPosts,
    reconciled: [...details.values()].filter((detail) =>
      detail.events.some(
        (event) =>
          event.from === 'publishing' &&
          ('reconcile' in event.detail || event.detail['how'] === 'found' || event.to === 'unconfirmed'),
      ),
    ).length,
    seconds,
    publishedPerSecond: published.length > 0 ? published.length / ((lastFinal - firstMade) / 1000) : 0,
  };
}
