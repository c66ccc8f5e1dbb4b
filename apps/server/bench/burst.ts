import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PublishingPlatform } from '@postdeck/contract/platforms';
import sharp from 'sharp';
import { type Bucket, RATE_LIMITS, windowMs } from '../src/modules/publishing/rate-budget.ts';
import {
  type Account,
  ADMIN_PASSWORD,
  Api,
  childEnv,
  connect,
  FINAL,
  freePort,
  MEDIA,
  pool,
  type PostdeckProcess,
  sleep,
  startPlatformServers,
  startPostdeck,
  testVideo,
  upload,
} from './harness.ts';
import type { LoadResult } from './paced-load.ts';
import type { ServedPost, ServerLimit } from './platform-servers.ts';
import { quantile } from './stats.ts';

/**
 * On time (issue 22 item 4): many publications due in the same minute over the 50 accounts of
 * the local platform servers, made ahead of time through Postdeck's API; then how late each one
 * reached its platform (the due time to the platform's answer, `publishedAt`), whether a local
 * server saw an account go over its limit, and how the bell's unread poll fared meanwhile.
 *
 * Each account gets the same number of publications, made as publish actions of one content to
 * every account of a kind (text alone; an image for Instagram, a video for YouTube and TikTok,
 * which take nothing else), round after round, a round's due time `spreadMs / rounds` after the
 * one before: with `spreadMs` 60,000 they fall due evenly across the minute, with 0 all at its
 * first instant.
 *
 * An account is "held back" when its platform's limits (rate-budget.ts) cannot let its share out
 * within the minute: those wait for their turn, on purpose, and are reported apart.
 */

export interface BurstOptions {
  /** How many publications in all (each account gets an equal share). */
  publications: number;
  /** Their due times spread evenly over this many ms from the start (0: all at once). */
  spreadMs: number;
  /** The start on a whole minute of the clock (the composer schedules whole minutes), else as soon as made. */
  wholeMinute: boolean;
  /** The least time between the last publication made and the start (default 5 s). */
  marginMs?: number;
  /** A PostgreSQL database: one API process and `workers` worker processes; PGlite and one process without. */
  databaseUrl?: string | undefined;
  workers?: number;
  platforms?: readonly PublishingPlatform[] | undefined;
  /** Unread polls a second through the (first) API process, during the minute and the settling (0: none). */
  pollRate: number;
  /** How long after the last due time to wait for the accounts not held back (default 3 minutes). */
  settleMs?: number;
  /** Added to every Postdeck process's environment. */
  env?: Record<string, string>;
  log?: (line: string) => void;
}

export interface Lateness {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export interface PlatformOutcome {
  platform: PublishingPlatform;
  accounts: number;
  heldBack: boolean;
  made: number;
  published: number;
  failed: number;
  unconfirmed: number;
  /** Queued for a later try (its budget, a retry) when the run ended. */
  waiting: number;
  /** Anything else when the run ended (scheduled, publishing…). */
  other: number;
  /** Seconds from due to the platform's answer, over all made (Infinity: not published by the end). */
  lateness: Lateness;
}

export interface BurstReport {
  database: 'pglite' | 'postgres';
  processes: string;
  publications: number;
  accounts: number;
  spreadMs: number;
  startedAt: string;
  platforms: PlatformOutcome[];
  /** Seconds, over every publication of the accounts not held back (Infinity: not published by the end). */
  notHeldBack: Lateness & { made: number };
  heldBack: Lateness & { made: number };
  /** What the local servers counted over a limit. */
  limits: ServerLimit[];
  /** The unread poll during the 5 s before the start, and from the start to the end of the settling. */
  pollIdle: LoadResult | undefined;
  pollBurst: LoadResult | undefined;
  /** Invariants: the ids of publications that broke them. */
  notFinalNotHeldBack: number[];
  /** Published with no post or more than one post on its server, or a post and not published. */
  postMismatch: { id: number; status: string; posts: number }[];
  /** A post on its server (or a publishedAt) before the publication's due time. */
  early: { id: number; dueAt: string; at: string }[];
  /**
   * Where the lateness of the accounts not held back goes, over a sample of them (their histories
   * read after the run): from the due time to the worker taking the job (the move to queued), and
   * from there to the platform's answer.
   */
  split: { sampled: number; pickup: Lateness; send: Lateness };
  /** Seconds from the first made to the last made (not counted in the lateness). */
  makeSeconds: number;
  crashes: number;
}

/** Whether an account's share of the minute fits in its platform's limits (rate-budget.ts) within the minute. */
export function heldBack(
  platform: PublishingPlatform,
  perAccount: number,
  accountsOnPlatform: number,
): boolean {
  const cost = 1 + (MEDIA[platform] ? 1 : 0);
  const limits = RATE_LIMITS[platform];
  // What a limit lets out within a minute: its capacity in each of its windows the minute holds.
  const minute = (bucket: Bucket) => bucket.capacity * Math.ceil(60_000 / windowMs(bucket));
  if (minute(limits.account) < perAccount * cost) return true;
  return limits.platform !== undefined && minute(limits.platform) < perAccount * cost * accountsOnPlatform;
}

type Item = {
  id: number;
  platform: PublishingPlatform;
  status: string;
  scheduledAt: string | null;
  publishedAt: string | null;
  updatedAt: string;
  text: string;
};

/**
 * Over every publication made, not only those published: one not published by the end is later
 * than any that was (Infinity), so a p99 that falls among them says so instead of flattering.
 */
const lateness = (seconds: number[], made: number): Lateness => {
  const sorted = [...seconds].sort((a, b) => a - b);
  const all = [...sorted, ...Array.from({ length: Math.max(0, made - sorted.length) }, () => Infinity)];
  return {
    count: sorted.length,
    p50: quantile(all, 0.5),
    p99: quantile(all, 0.99),
    max: all.at(-1) ?? 0,
  };
};

/**
 * How many publish actions still have a publication of `platforms` not final: one small page per
 * platform and state (its total), light enough to ask every few seconds during the run.
 */
async function pendingOn(api: Api, platforms: readonly PublishingPlatform[]): Promise<number> {
  let pending = 0;
  for (const platform of platforms)
    for (const status of ['scheduled', 'queued', 'publishing'])
      pending += (
        await api.call<{ total: number }>('GET', '/content/publish/pubAdmHistory', {
          pageSize: '1',
          platform,
          status,
        })
      ).total;
  return pending;
}

/** The unread poll at `rate` a second until `stop()`: the latencies of its answers (ms), and failures. */
function unreadPoller(api: Api, rate: number) {
  const latencies: number[] = [];
  let failures = 0;
  let stopped = false;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  const running = (async () => {
    for (let i = 0; !stopped; i++) {
      const wait = started + (i * 1000) / rate - performance.now();
      if (wait > 0) await sleep(wait);
      const sent = performance.now();
      inFlight.push(
        fetch(`${api.base}/prod-api/infor/notReadList`, {
          method: 'POST',
          headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ readStatus: 1, page: 1, pageSize: 1, type: 'publish_failure' }),
        }).then(
          async (res) => {
            await res.arrayBuffer();
            latencies.push(performance.now() - sent);
            if (!res.ok) failures++;
          },
          () => void failures++,
        ),
      );
    }
  })();
  return {
    async stop(): Promise<LoadResult> {
      stopped = true;
      await running;
      await Promise.all(inFlight);
      const seconds = (performance.now() - started) / 1000;
      const sorted = latencies.sort((a, b) => a - b);
      return {
        requests: { average: sorted.length / seconds, total: sorted.length },
        latency: { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), max: sorted.at(-1) ?? 0 },
        non2xx: failures,
        errors: 0,
        timeouts: 0,
      };
    },
  };
}

/** Every publication, through the admin's publish history (a page of 100 publish actions at a time). */
async function readAll(api: Api): Promise<Item[]> {
  type Page = {
    items: {
      children: {
        id: number;
        account: { platform: PublishingPlatform };
        status: string;
        scheduledAt: string | null;
        publishedAt: string | null;
        updatedAt: string;
        text: string;
      }[];
    }[];
    next: string | null;
  };
  const items: Item[] = [];
  let after: string | null = null;
  do {
    const page: Page = await api.call<Page>('GET', '/content/publish/pubAdmHistory', {
      pageSize: '100',
      ...(after ? { after } : {}),
    });
    for (const parent of page.items)
      for (const child of parent.children)
        items.push({
          id: child.id,
          platform: child.account.platform,
          status: child.status,
          scheduledAt: child.scheduledAt,
          publishedAt: child.publishedAt,
          updatedAt: child.updatedAt,
          text: child.text,
        });
    after = page.next;
  } while (after);
  return items;
}

export async function runBurst(options: BurstOptions): Promise<BurstReport> {
  const log = options.log ?? (() => undefined);
  const work = mkdtempSync(join(tmpdir(), 'postdeck-burst-'));
  const platforms = await startPlatformServers(log);
  const workers = options.databaseUrl ? (options.workers ?? 2) : 0;
  const env = childEnv({
    ...platforms.info.env,
    DATA_DIR: join(work, 'data'),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ADMIN_PASSWORD,
    POSTDECK_SECRET: randomBytes(48).toString('base64url'),
    LOG_LEVEL: 'warn',
    // The screenshot proofs (a Chromium each) would take the two cores the pipeline is measured on.
    CHROMIUM_PATH: join(work, 'no-chromium'),
    MALLOC_TRIM_THRESHOLD_: '131072',
    ...options.env,
  });
  let crashes = 0;
  const onUnexpectedEnd = (ended: PostdeckProcess, why: string) => {
    crashes += 1;
    log(`${ended.name} ended by itself (${why}):\n${ended.tail()}`);
  };
  const processes: PostdeckProcess[] = [];
  const apiPort = await freePort();
  // The address the platforms that fetch media themselves (Instagram, TikTok) are given: the API's,
  // since a worker serves only its probes.
  if (workers) env['PUBLIC_URL'] = `http://127.0.0.1:${apiPort}`;
  try {
    // The API (or the one process) migrates first; the workers find it done.
    processes.push(
      await startPostdeck({
        name: workers ? 'api' : 'postdeck',
        env: { ...env, POSTDECK_ROLE: workers ? 'api' : 'all' },
        port: apiPort,
        onUnexpectedEnd,
      }),
    );
    processes.push(
      ...(await Promise.all(
        Array.from({ length: workers }, async (_, i) =>
          startPostdeck({
            name: `worker ${i + 1}`,
            env: { ...env, POSTDECK_ROLE: 'worker' },
            port: await freePort(),
            onUnexpectedEnd,
          }),
        ),
      )),
    );
    const api = new Api((processes[0] as PostdeckProcess).base);
    await api.signIn(true);
    const { department } = await api.call<{ department: { id: number } }>('GET', '/control/user/info');
    const accounts: Account[] = [];
    for (const connection of platforms.info.connections)
      if (!options.platforms || options.platforms.includes(connection.platform))
        accounts.push(...(await connect(api, connection, department.id)));
    log(`${accounts.length} accounts connected`);

    const kinds = new Set(accounts.map((account) => MEDIA[account.platform]));
    const media: Partial<Record<'image' | 'video', number>> = {};
    if (kinds.has('image')) {
      const image = await sharp({ create: { width: 1080, height: 1080, channels: 3, background: '#2a7' } })
        .jpeg()
        .toBuffer();
      media.image = await upload(api, 'square.jpg', 'image/jpeg', image);
    }
    if (kinds.has('video'))
      media.video = await upload(api, 'pattern.mp4', 'video/mp4', await testVideo(work));

    // A round: one publish action per kind of media, to every account of that kind.
    const rounds = Math.max(1, Math.round(options.publications / accounts.length));
    const groups = new Map<'text' | 'image' | 'video', Account[]>();
    for (const account of accounts) {
      const kind = MEDIA[account.platform] ?? 'text';
      groups.set(kind, [...(groups.get(kind) ?? []), account]);
    }
    const actions = Array.from({ length: rounds }, (_, round) =>
      [...groups].map(([kind, members]) => ({ round, kind, members })),
    ).flat();
    const made = performance.now();
    const contents = await pool(actions, 4, (action) =>
      api.call<{ id: number }>('POST', '/content/create', {
        title: `Burst round ${action.round + 1} (${action.kind})`,
        body: {
          type: 'doc',
          content: [
            { type: 'paragraph', content: [{ type: 'text', text: `Burst round ${action.round + 1}` }] },
          ],
        },
        departmentId: department.id,
        materialIds: action.kind === 'text' ? [] : [media[action.kind] as number],
      }),
    );
    const contentSeconds = (performance.now() - made) / 1000;
    // The publish actions take longer than the contents (a row, an event and a job per account).
    const margin = options.marginMs ?? 5_000;
    const earliest = Date.now() + contentSeconds * 4000 + margin;
    const start = options.wholeMinute ? Math.ceil(earliest / 60_000) * 60_000 : earliest;
    const dueOf = (round: number) => start + Math.floor((round * options.spreadMs) / rounds);
    log(
      `${contents.length} contents in ${contentSeconds.toFixed(0)} s; due from ${new Date(start).toISOString()} over ${options.spreadMs / 1000} s`,
    );
    let serial = 0;
    await pool(
      actions.map((action, index) => ({ action, content: contents[index] as { id: number } })),
      4,
      async ({ action, content }) => {
        const targets = action.members.map((account) => {
          serial += 1;
          const marker = `[burst-${String(serial).padStart(6, '0')}]`;
          return { accountId: account.id, text: `On time ${marker} on ${account.platform}` };
        });
        await api.call('POST', '/content/publish/create', {
          contentId: content.id,
          targets,
          scheduledAt: new Date(dueOf(action.round)).toISOString(),
        });
      },
    );
    const makeSeconds = (performance.now() - made) / 1000;
    const left = start - Date.now();
    log(
      `${serial} publications made in ${makeSeconds.toFixed(0)} s, ${(left / 1000).toFixed(1)} s before the start`,
    );
    if (left < 1_000)
      throw new Error(
        'the publications were made too late for their start: raise marginMs (BENCH_BURST_MARGIN_S)',
      );

    const poll = () => (options.pollRate > 0 ? unreadPoller(api, options.pollRate) : undefined);
    // The session's token must outlive the run: a fresh one now (they last 15 minutes).
    await api.signIn(false);
    const idleMs = Math.min(5_000, start - Date.now() - 1_000);
    await sleep(start - Date.now() - idleMs);
    const idlePoller = poll();
    await sleep(Math.max(0, start - Date.now()));
    const pollIdle = await idlePoller?.stop();
    log('the minute starts');
    const burstPoller = poll();
    const settleMs = options.settleMs ?? 180_000;
    const lastDue = start + options.spreadMs;
    const perAccount = rounds;
    const count = (platform: PublishingPlatform) => accounts.filter((a) => a.platform === platform).length;
    const isHeldBack = (platform: PublishingPlatform) => heldBack(platform, perAccount, count(platform));
    const watched = [...new Set(accounts.map((account) => account.platform))].filter((p) => !isHeldBack(p));
    // Polled through the minute and until the accounts not held back are done (or the settling ends).
    await sleep(lastDue - Date.now());
    for (;;) {
      const pending = await pendingOn(api, watched);
      if (pending === 0 || Date.now() > lastDue + settleMs) break;
      log(`publish actions with a publication not final on the accounts not held back: ${pending}`);
      await sleep(5_000);
    }
    const pollBurst = await burstPoller?.stop();
    log('settled');
    const items = await readAll(api);
    // Sends still go on (the held back ones): a publication whose state changed between the two
    // reads around the servers' posts is left out of the comparison with the posts.
    const posts = (await (await fetch(platforms.info.postsUrl)).json()) as ServedPost[];
    const limits = (await (await fetch(platforms.info.limitsUrl)).json()) as ServerLimit[];
    const again = new Map((await readAll(api)).map((item) => [item.id, item.status]));
    const split = await splitOf(
      api,
      items.filter((item) => !isHeldBack(item.platform) && item.status === 'published'),
    );
    const steady = new Set(items.filter((item) => again.get(item.id) === item.status).map((item) => item.id));
    return judge({
      split,
      steady,
      options,
      processes: workers ? `1 API + ${workers} workers` : 'one',
      accounts,
      items,
      posts,
      limits,
      isHeldBack,
      start,
      makeSeconds,
      pollIdle,
      pollBurst,
      crashes,
    });
  } finally {
    await Promise.all(processes.map((process) => process.end('SIGTERM')));
    await platforms.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

/** The histories of up to 400 published publications, evenly picked: pickup and send times (s). */
async function splitOf(api: Api, published: Item[]): Promise<BurstReport['split']> {
  const step = Math.max(1, Math.floor(published.length / 400));
  const sample = published.filter((_, index) => index % step === 0);
  type History = { scheduledAt: string; events: { to: string; at: string }[] };
  const read = await pool(sample, 4, (item) =>
    api.call<History>('GET', '/content/publish/detail', { id: String(item.id) }),
  );
  const pickup: number[] = [];
  const send: number[] = [];
  for (const history of read) {
    // The last move to queued: the one the attempt that published it began with.
    const queued = history.events.filter((event) => event.to === 'queued').at(-1);
    const done = history.events.find((event) => event.to === 'published');
    if (!queued || !done) continue;
    pickup.push((Date.parse(queued.at) - Date.parse(history.scheduledAt)) / 1000);
    send.push((Date.parse(done.at) - Date.parse(queued.at)) / 1000);
  }
  return {
    sampled: pickup.length,
    pickup: lateness(pickup, pickup.length),
    send: lateness(send, send.length),
  };
}

function judge(run: {
  split: BurstReport['split'];
  steady: ReadonlySet<number>;
  options: BurstOptions;
  processes: string;
  accounts: Account[];
  items: Item[];
  posts: ServedPost[];
  limits: ServerLimit[];
  isHeldBack: (platform: PublishingPlatform) => boolean;
  start: number;
  makeSeconds: number;
  pollIdle: LoadResult | undefined;
  pollBurst: LoadResult | undefined;
  crashes: number;
}): BurstReport {
  const { items, isHeldBack } = run;
  const postsByMarker = new Map<string, ServedPost[]>();
  for (const post of run.posts) {
    const marker = /\[burst-\d{6}\]/.exec(post.text)?.[0];
    if (marker) postsByMarker.set(marker, [...(postsByMarker.get(marker) ?? []), post]);
  }
  const late = (item: Item) =>
    item.status === 'published' && item.publishedAt && item.scheduledAt
      ? (Date.parse(item.publishedAt) - Date.parse(item.scheduledAt)) / 1000
      : undefined;
  const postMismatch: BurstReport['postMismatch'] = [];
  const early: BurstReport['early'] = [];
  for (const item of items) {
    const marker = /\[burst-\d{6}\]/.exec(item.text)?.[0] ?? '';
    const served = postsByMarker.get(marker) ?? [];
    const expected = item.status === 'published' ? 1 : 0;
    const unknown = item.status === 'unconfirmed' || item.status === 'publishing';
    if (run.steady.has(item.id) && served.length !== expected && !(unknown && served.length <= 1))
      postMismatch.push({ id: item.id, status: item.status, posts: served.length });
    const due = Date.parse(item.scheduledAt ?? '');
    for (const at of [item.publishedAt, ...served.map((post) => post.at)])
      if (at && Date.parse(at) < due) early.push({ id: item.id, dueAt: item.scheduledAt ?? '', at });
  }
  const byPlatform = new Map<PublishingPlatform, Item[]>();
  for (const item of items) byPlatform.set(item.platform, [...(byPlatform.get(item.platform) ?? []), item]);
  const outcomes: PlatformOutcome[] = [...byPlatform]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([platform, list]) => {
      const counted = (status: string) => list.filter((item) => item.status === status).length;
      return {
        platform,
        accounts: run.accounts.filter((account) => account.platform === platform).length,
        heldBack: isHeldBack(platform),
        made: list.length,
        published: counted('published'),
        failed: counted('failed'),
        unconfirmed: counted('unconfirmed'),
        waiting: counted('queued'),
        other: list.filter((item) => !FINAL.has(item.status) && item.status !== 'queued').length,
        lateness: lateness(
          list.flatMap((item) => late(item) ?? []),
          list.length,
        ),
      };
    });
  const group = (held: boolean) => {
    const list = items.filter((item) => isHeldBack(item.platform) === held);
    return {
      made: list.length,
      ...lateness(
        list.flatMap((item) => late(item) ?? []),
        list.length,
      ),
    };
  };
  return {
    database: run.options.databaseUrl ? 'postgres' : 'pglite',
    processes: run.processes,
    publications: items.length,
    accounts: run.accounts.length,
    spreadMs: run.options.spreadMs,
    startedAt: new Date(run.start).toISOString(),
    platforms: outcomes,
    notHeldBack: group(false),
    heldBack: group(true),
    limits: run.limits,
    pollIdle: run.pollIdle,
    pollBurst: run.pollBurst,
    notFinalNotHeldBack: items
      .filter((item) => !isHeldBack(item.platform) && !FINAL.has(item.status))
      .map((item) => item.id),
    postMismatch,
    early,
    split: run.split,
    makeSeconds: run.makeSeconds,
    crashes: run.crashes,
  };
}
