import { execFile, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { PublishingPlatform } from '@postdeck/contract/platforms';
import { submitConsent } from '@postdeck/platform-fakes/oauth/consent-client';
import pg from 'pg';
import type { Connection, PlatformServersInfo } from './platform-servers.ts';

/**
 * What the benchmarks and tests that drive Postdeck from outside share: the local platform
 * servers in a process of their own, a PostgreSQL database of a run's own, and a client of
 * Postdeck's API that signs in, connects accounts through each platform's consent and uploads
 * media, as the console does.
 */
export const FINAL = new Set(['published', 'failed', 'unconfirmed']);
export const ADMIN_PASSWORD = 'Kill!bench1';
/** The password the first sign-in chooses (adminSession's rule: the old one and '#'). */
export const CHOSEN_PASSWORD = `${ADMIN_PASSWORD}#`;
/** Media each platform needs (platform-capabilities: mediaRequired), the rest post text only. */
export const MEDIA: Partial<Record<PublishingPlatform, 'image' | 'video'>> = {
  instagram: 'image',
  youtube: 'video',
  tiktok: 'video',
};

/**
 * `run` on a database of its own on the PostgreSQL server at `serverUrl`, dropped afterwards;
 * its name is `prefix`, an underscore and a random hex.
 */
export async function withPostgresDatabase<T>(
  serverUrl: string,
  run: (url: string) => Promise<T>,
  prefix = 'postdeck_kill',
): Promise<T> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
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

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Runs `task` over `items`, `width` at a time. */
export async function pool<T, R>(
  items: readonly T[],
  width: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
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

export async function startPlatformServers(log: (line: string) => void) {
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

export interface Account {
  id: number;
  platform: PublishingPlatform;
}

export class Api {
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

export async function connect(api: Api, connection: Connection, departmentId: number): Promise<Account[]> {
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
export async function upload(api: Api, name: string, mime: string, bytes: Buffer): Promise<number> {
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
export async function testVideo(dir: string): Promise<Buffer> {
  const file = join(dir, 'pattern.mp4');
  const input = ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=540x960:rate=10', '-t', '5'];
  await promisify(execFile)('ffmpeg', [...input, '-pix_fmt', 'yuv420p', '-y', file]);
  return readFile(file);
}

export type Detail = {
  id: number;
  status: string;
  account: { platform: string };
  error: { kind: string; message: string | null } | null;
  events: { from: string | null; to: string; at: string; detail: Record<string, unknown> }[];
  createdAt: string;
};

/** The environment a forked Postdeck starts from: this one, less what would steer it elsewhere. */
export function childEnv(extra: Record<string, string>): Record<string, string> {
  return {
    ...Object.fromEntries(
      Object.entries(process.env).filter(
        (entry): entry is [string, string] =>
          entry[1] !== undefined &&
          !/^(DATABASE_URL|TEST_|VITEST|CHANNEL|PUBLISH_|POSTDECK_ROLE|S3_|STORAGE)/.test(entry[0]),
      ),
    ),
    ...extra,
  };
}

/** One Postdeck process (`main.ts`, as `npm start` runs it) forked with its own environment. */
export interface PostdeckProcess {
  readonly name: string;
  readonly base: string;
  readonly pid: number;
  /** Whether it has ended. */
  readonly ended: boolean;
  /** Its last 4,000 characters of output. */
  tail(): string;
  /** Resolves with the first line of output from now on that matches, rejects after `timeoutMs`. */
  waitForLine(pattern: RegExp, timeoutMs: number): Promise<string>;
  /** Sends `signal` and waits for the end (SIGKILL, SIGTERM). */
  end(signal: NodeJS.Signals): Promise<void>;
  /** SIGSTOP and SIGCONT: frozen, it holds its connections and its jobs but does nothing. */
  freeze(): void;
  thaw(): void;
}

/**
 * Forks Postdeck and waits until it says it is ready (`/prod-api/ready`: migrated, database
 * reachable). `onUnexpectedEnd` hears of an end no `end()` asked for.
 */
export async function startPostdeck(options: {
  name: string;
  env: Record<string, string>;
  port: number;
  onUnexpectedEnd?: (process: PostdeckProcess, why: string) => void;
}): Promise<PostdeckProcess> {
  const base = `http://127.0.0.1:${options.port}`;
  const child = fork(here('../src/main.ts'), [], {
    env: { ...options.env, PORT: String(options.port), HOST: '127.0.0.1' },
    execArgv: [],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let tail = '';
  let partial = '';
  const watchers = new Set<(line: string) => void>();
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    tail = (tail + text).slice(-4_000);
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) for (const watcher of watchers) watcher(line);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // A harness that dies leaves no Postdeck behind.
  const orphan = () => void child.kill('SIGKILL');
  process.once('exit', orphan);
  let asked = false;
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      process.off('exit', orphan);
      if (!asked) options.onUnexpectedEnd?.(handle, `${code ?? signal}`);
      resolve();
    }),
  );
  const handle: PostdeckProcess = {
    name: options.name,
    base,
    pid: child.pid ?? 0,
    get ended() {
      return ended();
    },
    tail: () => tail,
    waitForLine: (pattern, timeoutMs) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          watchers.delete(watcher);
          reject(new Error(`${options.name}: no line matching ${pattern} in ${timeoutMs} ms`));
        }, timeoutMs);
        const watcher = (line: string) => {
          if (!pattern.test(line)) return;
          clearTimeout(timer);
          watchers.delete(watcher);
          resolve(line);
        };
        watchers.add(watcher);
      }),
    async end(signal) {
      asked = true;
      if (!ended()) {
        // A frozen process would never hear a SIGTERM.
        child.kill('SIGCONT');
        child.kill(signal);
      }
      await exited;
    },
    freeze: () => void child.kill('SIGSTOP'),
    thaw: () => void child.kill('SIGCONT'),
  };
  for (let i = 0; i < 1200 && !ended(); i++) {
    try {
      if ((await fetch(`${base}/prod-api/ready`)).ok) return handle;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  await handle.end('SIGKILL');
  throw new Error(`Postdeck (${options.name}) did not start:\n${tail}`);
}

/** A PostgreSQL cluster of a run's own (scripts/test-postgres.sh), so it can be restarted under the workers. */
export interface PrivatePostgres {
  url: string;
  /** Stopped (fast: open connections are cut) and started again, its data kept. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const port = await freePort();
  const dir = join(tmpdir(), `postdeck-pg-${port}-${randomBytes(4).toString('hex')}`);
  const script = here('../../../scripts/test-postgres.sh');
  const run = (command: string) =>
    promisify(execFile)('bash', [script, command], {
      env: { ...process.env, PGTEST_PORT: String(port), PGTEST_DIR: dir },
    });
  await run('start');
  return {
    url: `postgres://postdeck@127.0.0.1:${port}/postgres`,
    restart: async () => {
      await run('restart');
    },
    async stop() {
      await run('stop');
      await rm(dir, { recursive: true, force: true });
    },
  };
}
