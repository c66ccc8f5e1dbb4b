import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PublishingPlatform } from '@postdeck/contract/platforms';
import sharp from 'sharp';
import { RATE_LIMITS } from '../src/modules/publishing/rate-budget.ts';
import {
  type Account,
  ADMIN_PASSWORD,
  Api,
  childEnv,
  connect,
  type Detail,
  FINAL,
  freePort,
  MEDIA,
  pool,
  type PostdeckProcess,
  prng,
  sleep,
  startPlatformServers,
  startPostdeck,
  testVideo,
  upload,
} from './harness.ts';
import type { ServedPost, ServerLimit } from './platform-servers.ts';

export { withPostgresDatabase } from './harness.ts';

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
  /**
   * The at-scale layout instead of one process: `apis` processes with POSTDECK_ROLE=api (the
   * publications are made through each in turn) and `workers` with POSTDECK_ROLE=worker, with
   * `env` added (object storage). Needs `databaseUrl`.
   */
  layout?: { apis: number; workers: number; env?: Record<string, string> };
  /**
   * What happens after each of the `kills` batches instead of the one process killed and started
   * again: a worker killed, frozen, the database restarted. Answers a line for the log.
   */
  disrupt?: (processes: Processes, batch: number) => Promise<string>;
  /** Runs once every publication is final, before the processes end (to read their metrics, say). */
  inspect?: (processes: Processes) => Promise<void>;
  log?: (line: string) => void;
}

/** The running Postdeck processes of a run, for `disrupt`. */
export interface Processes {
  apis: PostdeckProcess[];
  workers: PostdeckProcess[];
  /** Starts the worker `index` again (after a kill). */
  restartWorker(index: number): Promise<void>;
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
  /** Calls the platform servers refused because an account went over a documented limit. */
  limitsExceeded: ServerLimit[];
  /** Sends a kill cut off, which a restart had to reconcile (resent with the same key, looked for, or left unconfirmed). */
  reconciled: number;
  seconds: number;
  /** Published ones from the first made to the last final, by the server's own timestamps. */
  publishedPerSecond: number;
}

export interface Planned {
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

/** One run: servers up, accounts connected, publications made in batches with a kill after each. */
export async function runKillLoop(options: KillRunOptions): Promise<KillRunReport> {
  const log = options.log ?? (() => undefined);
  const rng = prng(options.seed);
  const work = mkdtempSync(join(tmpdir(), 'postdeck-kill-'));
  const platforms = await startPlatformServers(log);
  const layout = options.layout;
  if (layout && !options.databaseUrl) throw new Error('the at-scale layout needs a PostgreSQL database');
  const env = childEnv({
    ...platforms.info.env,
    DATA_DIR: join(work, 'data'),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ADMIN_PASSWORD,
    POSTDECK_SECRET: randomBytes(48).toString('base64url'),
    LOG_LEVEL: 'warn',
    // The screenshot proofs (a Chromium each) would take the two cores the pipeline is measured on.
    CHROMIUM_PATH: join(work, 'no-chromium'),
    PUBLISH_STALE_SEND_MS: String(options.staleSendMs ?? 5_000),
    PUBLISH_SWEEP_MS: String(options.sweepMs ?? 2_000),
    MALLOC_TRIM_THRESHOLD_: '131072',
    ...layout?.env,
  });
  let crashes = 0;
  const onUnexpectedEnd = (ended: PostdeckProcess, why: string) => {
    crashes += 1;
    log(`${ended.name} ended by itself (${why}):\n${ended.tail()}`);
  };
  const apiPorts = await Promise.all(Array.from({ length: layout?.apis ?? 1 }, () => freePort()));
  const workerPorts = await Promise.all(Array.from({ length: layout?.workers ?? 0 }, () => freePort()));
  const processes: Processes = {
    apis: [],
    workers: [],
    async restartWorker(index) {
      processes.workers[index] = await startPostdeck({
        name: `worker ${index + 1}`,
        env: { ...env, POSTDECK_ROLE: 'worker' },
        port: workerPorts[index] ?? 0,
        onUnexpectedEnd,
      });
    },
  };
  const apis = apiPorts.map((port) => new Api(`http://127.0.0.1:${port}`));
  const api = apis[0] as Api;
  const startApi = async (index: number) => {
    processes.apis[index] = await startPostdeck({
      name: layout ? `api ${index + 1}` : 'postdeck',
      env: { ...env, POSTDECK_ROLE: layout ? 'api' : 'all' },
      port: apiPorts[index] ?? 0,
      onUnexpectedEnd,
    });
  };
  async function startAll() {
    // The first migrates and bootstraps alone; the others find it done.
    await startApi(0);
    await Promise.all([
      ...apiPorts.slice(1).map((_, i) => startApi(i + 1)),
      ...workerPorts.map((_, i) => processes.restartWorker(i)),
    ]);
  }
  const endAll = (signal: NodeJS.Signals) =>
    Promise.all([...processes.apis, ...processes.workers].map((process) => process.end(signal)));
  /** The one process of the embedded layout killed and started again: how long until it answered. */
  const killAndRestart = async () => {
    await endAll('SIGKILL');
    const restart = performance.now();
    await startApi(0);
    const ms = performance.now() - restart;
    restarts.push(ms);
    return `up again in ${Math.round(ms)} ms`;
  };
  const disrupt = options.disrupt ?? killAndRestart;
  const restarts: number[] = [];

  const started = performance.now();
  try {
    await startAll();
    await api.signIn(true);
    for (const other of apis.slice(1)) other.token = api.token;
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
    let turn = 0;
    async function publish(item: Planned) {
      // Through each API process in turn, as a load balancer would spread them.
      const via = apis[turn++ % apis.length] as Api;
      const text = `Kill bench ${item.marker} on ${item.account.platform}`;
      const kind = MEDIA[item.account.platform];
      const content = await via.call<{ id: number }>('POST', '/content/create', {
        title: `Kill bench ${item.marker}`,
        body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
        departmentId: department.id,
        materialIds: kind ? [media[kind]] : [],
      });
      const { publications } = await via.call<{ publications: { id: number }[] }>(
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
      log(`disruption ${batch + 1}, ${delay} ms after its batch: ${await disrupt(processes, batch)}`);
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
    const limits = (await (await fetch(platforms.info.limitsUrl)).json()) as ServerLimit[];
    const seconds = (performance.now() - started) / 1000;
    await options.inspect?.(processes);
    const report = judge(options, accounts.length, crashes, made, details, posts, seconds);
    report.limitsExceeded = limits.filter((limit) => limit.exceeded > 0);
    const sorted = restarts.sort((a, b) => a - b);
    report.restartMs = {
      p50: Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0),
      max: Math.round(sorted.at(-1) ?? 0),
    };
    return report;
  } finally {
    await endAll('SIGTERM');
    await platforms.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * What a run broke of "never lost, never twice": empty when nothing. Unconfirmed ones are allowed
 * (the platform could not be asked), but each must say why.
 */
export function breaches(report: KillRunReport): Record<string, unknown> {
  const found: Record<string, unknown> = {
    crashes: report.crashes,
    unsettled: report.unsettled,
    finalTwice: report.finalTwice,
    lost: report.lost,
    twice: report.twice,
    stray: report.stray,
    unknownPosts: report.unknownPosts,
    limitsExceeded: report.limitsExceeded,
    unconfirmedWithoutWhy: report.unconfirmed.filter((unconfirmed) => !unconfirmed.why),
  };
  return Object.fromEntries(
    Object.entries(found).filter(([, value]) => (Array.isArray(value) ? value.length > 0 : value !== 0)),
  );
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
    limitsExceeded: [],
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
