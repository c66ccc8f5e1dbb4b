import { randomUUID } from 'node:crypto';
import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import { isPublishingPlatform, type PublishingPlatform } from '@postdeck/contract/platforms';
import type { PublicationStatus } from '@postdeck/contract/publishing';
import type { PublishOptions } from '@postdeck/contract/publish-options';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { channelAccounts, publications } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { PublishingMetrics } from '../../lib/metrics/metrics.ts';
import type { PlatformAdapter, PostInput, PublishedPost } from '../../platforms/adapter.ts';
import { PlatformError, isPlatformError } from '../../platforms/errors.ts';
import type { PlatformRegistry } from '../../platforms/registry.ts';
import type { TokenVault } from '../../platforms/token-vault.ts';
import type { FileStorage } from '../../storage/storage.ts';
import { accountGrant } from '../channels/account-repo.ts';
import type { Notifier } from '../messages/notifier.ts';
import { failureWatchers } from './failure-watchers.ts';
import { causedByMedia, mediaFiles } from './media.ts';
import { PAUSED_KIND, heldByPause, sendSeam } from './pauses.ts';
import { budgetsFor, takeBudget } from './rate-budget.ts';
import { move } from './states.ts';

/** Sends of one publication before a known failure is final. */
export const MAX_ATTEMPTS = 5;
/** A send with no sign of life for this long is taken for dead: the sweeper reconciles it. */
export const STALE_SEND_MS = 5 * 60_000;
/** How often a living send says so (a long video upload). */
const HEARTBEAT_MS = 60_000;
/**
 * The send jobs of publications with media, a lane of their own (module.ts): such a send waits
 * while the platform processes the media (Instagram and YouTube are asked every 10 s), and in
 * the one lane a burst of them held every loop while text posts fell due behind them.
 */
export const MEDIA_SEND_PRIORITY = -1;
/** Mastodon keeps an Idempotency-Key for an hour (platforms.md): later, only a lookup tells. */
const KEY_WINDOW_MS: Partial<Record<PublishingPlatform, number>> = { mastodon: 55 * 60_000 };

export interface PublishingDeps {
  db: Db;
  clock: Clock;
  registry: PlatformRegistry;
  vault: TokenVault;
  storage: FileStorage;
  notifier: Notifier;
  jobs?: JobQueue | undefined;
  /** A material's address the platform can fetch it from (Instagram, TikTok pull media), signed for the author. */
  publicUrl?: ((materialId: number, authorId: number) => string | undefined) | undefined;
  log?: ((message: string, detail?: Record<string, unknown>) => void) | undefined;
  /** PUBLISH_STALE_SEND_MS: STALE_SEND_MS unless set (tests and the kill benchmark settle sooner). */
  staleSendMs?: number | undefined;
  /** Sends by outcome and schedule lateness for /metrics; nothing is counted without it. */
  metrics?: PublishingMetrics | undefined;
}

/** A log line of one attempt: its publication and attempt ids are added to `detail`. */
type AttemptLog = (message: string, detail?: Record<string, unknown>) => void;

type Row = typeof publications.$inferSelect;

/** Backoff of the n-th retry of a known failure: 30 s, 1, 2, 4 min…, at most 15. */
export const retryDelayMs = (attempt: number) =>
  Math.min(15 * 60_000, 30_000 * 2 ** Math.max(0, attempt - 1));

/**
 * The publishing pipeline's worker side (DESIGN.md §6): a due publication is sent at most once
 * per attempt, its outcome written under the attempt that sent it; an answer that was lost is
 * reconciled (same key where the platform dedupes, else looked for, else unconfirmed), never
 * resent blindly.
 */
export function createPublishingWorker(deps: PublishingDeps) {
  const { db, clock } = deps;
  /**
   * The only way the worker logs: a line bound to the publication and the attempt it is about
   * (issue 22), so that every line of a send can be followed whatever else runs beside it.
   */
  const attemptLog = (publicationId: number, attemptId: string): AttemptLog => {
    const write = deps.log;
    if (!write) return () => undefined;
    return (message, detail) => write(message, { ...detail, publicationId, attemptId });
  };
  const staleSendMs = deps.staleSendMs ?? STALE_SEND_MS;
  // A living send must never look stale, however short the bound is set.
  const heartbeatMs = Math.min(HEARTBEAT_MS, staleSendMs / 3);
  // A due row whose job was lost waits as long as a silent send, at most the minute it always had.
  const lateMs = Math.min(60_000, staleSendMs);
  /** Sends this process is making: publication id to attempt id (handBack's list at shutdown). */
  const inFlight = new Map<number, string>();

  async function load(id: number): Promise<Row | undefined> {
    const [row] = await db.select().from(publications).where(eq(publications.id, id));
    return row;
  }

  async function enqueue(
    name: 'publishing.send' | 'publishing.reconcile',
    id: number,
    at?: Date,
    row?: Pick<Row, 'mediaIds'>,
  ) {
    const lane = name === 'publishing.send' && row?.mediaIds.length ? { priority: MEDIA_SEND_PRIORITY } : {};
    await deps.jobs?.send(name, { publicationId: id }, { ...lane, ...(at ? { startAfter: at } : {}) });
  }

  async function adapterOf(platform: PublishingPlatform): Promise<PlatformAdapter | undefined> {
    return (await deps.registry.adapter(platform)) as PlatformAdapter | undefined;
  }

  async function postInput(row: Row, onRead?: (index: number, offset: number) => void): Promise<PostInput> {
    return {
      text: row.text,
      link: row.link ?? undefined,
      media: await mediaFiles(
        db,
        deps.storage,
        row.mediaIds,
        deps.publicUrl && ((materialId) => deps.publicUrl?.(materialId, row.authorId)),
        onRead,
      ),
      idempotencyKey: row.idempotencyKey,
      options: row.options as PublishOptions,
      progress: row.progress as Record<string, string>,
    };
  }

  /** Tells the author (the bell, the failure banner of spec §4) in the same transaction as the change. */
  function failureNotice(row: Row, accountName: string, kind: string) {
    return async (tx: Db) => {
      const watchers = await failureWatchers(tx, row, clock.now());
      await deps.notifier.notify(tx, {
        userIds: [row.authorId, ...watchers],
        type: 'publish_failure',
        title: row.title,
        channelName: accountName,
        oppId: row.id,
        content: kind,
      });
    };
  }

  async function accountName(row: Row): Promise<string> {
    if (row.accountId === null) return '';
    const [account] = await db
      .select({ name: channelAccounts.name })
      .from(channelAccounts)
      .where(eq(channelAccounts.id, row.accountId));
    return account?.name ?? '';
  }

  async function published(row: Row, attemptId: string, post: PublishedPost, how: string) {
    const moved = await move(db, {
      id: row.id,
      from: ['publishing'],
      to: 'published',
      attemptId,
      set: { externalId: post.externalId, externalUrl: post.url, publishedAt: clock.now(), errorKind: null },
      detail: { how, url: post.url },
      at: clock.now(),
      also: async (tx) => {
        await deps.notifier.notify(tx, {
          userIds: [row.authorId],
          type: 'publish_success',
          title: row.title,
          oppId: row.id,
        });
        // The proof (issue 20 item 8), committed with the state it proves.
        await deps.jobs?.send('publishing.screenshot', { publicationId: row.id }, { tx });
      },
    });
    if (!moved) return;
    attemptLog(row.id, attemptId)('published', { how });
    deps.metrics?.settled(row.platform ?? '', 'published');
  }

  async function failed(row: Row, attemptId: string, error: PlatformError | undefined, why: string) {
    const name = await accountName(row);
    const kind = error?.kind ?? 'internal';
    const moved = await move(db, {
      id: row.id,
      from: ['publishing'],
      to: 'failed',
      attemptId,
      set: {
        errorKind: kind,
        errorMessage: error?.detail.platformMessage ?? why,
        errorRaw: (error?.detail.raw ?? null) as never,
      },
      detail: { kind, message: error?.detail.platformMessage ?? why },
      at: clock.now(),
      also: failureNotice(row, name, kind),
    });
    attemptLog(row.id, attemptId)('failed', { kind });
    if (moved) deps.metrics?.settled(row.platform ?? '', 'failed');
  }

  async function unconfirmed(row: Row, attemptId: string, why: string) {
    const name = await accountName(row);
    const moved = await move(db, {
      id: row.id,
      from: ['publishing'],
      to: 'unconfirmed',
      attemptId,
      set: { errorKind: 'outcomeUnknown', errorMessage: why },
      detail: { why },
      at: clock.now(),
      also: failureNotice(row, name, 'outcomeUnknown'),
    });
    attemptLog(row.id, attemptId)('unconfirmed', { why });
    if (moved) deps.metrics?.settled(row.platform ?? '', 'unconfirmed');
  }

  /** Back to the queue for another try at `at` (a known failure, a rate limit, a resend with the same key). */
  async function requeue(row: Row, attemptId: string, at: Date, detail: Record<string, unknown>) {
    const moved = await move(db, {
      id: row.id,
      from: ['publishing'],
      to: 'queued',
      attemptId,
      set: { nextAttemptAt: at },
      detail,
      at: clock.now(),
    });
    if (!moved) return;
    deps.metrics?.settled(row.platform ?? '', 'retried');
    await enqueue('publishing.send', row.id, at, row);
  }

  /**
   * What to do when a send's answer was lost (DESIGN.md §6), strongest first: resend with the
   * same key where the platform dedupes by it; look for the post; else the author settles it.
   */
  async function reconcile(row: Row, attemptId: string, adapter: PlatformAdapter | undefined, cause: string) {
    const platform = row.platform as PublishingPlatform;
    const startedAt = row.attemptStartedAt ?? clock.now();
    const window = KEY_WINDOW_MS[platform];
    const keyStillDedupes = window === undefined || clock.now().getTime() - startedAt.getTime() < window;
    if (
      PLATFORM_CAPABILITIES[platform].idempotency === 'key' &&
      keyStillDedupes &&
      row.attempts < MAX_ATTEMPTS
    ) {
      await requeue(row, attemptId, clock.now(), { reconcile: 'resendSameKey', cause });
      return;
    }
    if (adapter?.find && row.accountId !== null) {
      const grant = await accountGrant(db, deps.vault, row.accountId);
      if (grant) {
        let found: PublishedPost | null;
        try {
          const account = await accountOf(row);
          found = await adapter.find(
            { externalId: account.externalId, grant },
            await postInput(row),
            // A margin for clocks: the platform's time of the post may trail ours a little.
            new Date(startedAt.getTime() - 60_000).toISOString(),
          );
        } catch (error) {
          // A lookup that could not finish decides nothing: the sweeper asks again later.
          attemptLog(row.id, attemptId)('lookup did not finish', { error: String(error) });
          return;
        }
        if (found) return published(row, attemptId, found, 'found');
        return unconfirmed(row, attemptId, 'not found after a lost answer');
      }
    }
    return unconfirmed(row, attemptId, cause);
  }

  async function accountOf(row: Row) {
    const [account] = await db
      .select({
        id: channelAccounts.id,
        externalId: channelAccounts.externalId,
        status: channelAccounts.status,
        name: channelAccounts.name,
      })
      .from(channelAccounts)
      .where(eq(channelAccounts.id, row.accountId ?? -1));
    if (!account) throw new Error(`publication ${row.id}: its account is gone`);
    return account;
  }

  /**
   * The handler of 'publishing.send': one attempt of one publication, if it is (still) due. The
   * text lane (`lane` 'text') hands a publication with media to the media lane.
   */
  async function send(id: number, lane?: 'text'): Promise<void> {
    let row = await load(id);
    if (!row || row.accountId === null || !row.platform || !isPublishingPlatform(row.platform)) return;
    if (lane === 'text' && row.mediaIds.length > 0) return enqueue('publishing.send', id, undefined, row);
    const now = clock.now();
    if (row.status === 'scheduled') {
      if (row.scheduledAt && row.scheduledAt > now)
        return enqueue('publishing.send', id, row.scheduledAt, row);
      if (!(await move(db, { id, from: ['scheduled'], to: 'queued', at: now }))) return;
      row = (await load(id)) ?? row;
    }
    if (row.status !== 'queued') return;
    if (row.nextAttemptAt && row.nextAttemptAt > now)
      return enqueue('publishing.send', id, row.nextAttemptAt, row);
    const account = await accountOf(row);
    if (account.status === 'released') {
      await move(db, { id, from: ['queued'], to: 'held', detail: { why: 'accountReleased' }, at: now });
      return;
    }
    const platform = row.platform as PublishingPlatform;
    const budget = await takeBudget(db, budgetsFor(platform, account.id, 1 + row.mediaIds.length), now, id);
    if (budget !== true) {
      const at = new Date(now.getTime() + budget);
      await db.update(publications).set({ nextAttemptAt: at }).where(eq(publications.id, id));
      return enqueue('publishing.send', id, at, row);
    }
    const attemptId = randomUUID();
    await sendSeam.run?.('read', id);
    // The send is ours from here: at most one attempt per publication is 'publishing'.
    const taken = await move(db, {
      id,
      from: ['queued'],
      to: 'publishing',
      set: { attemptId, attemptStartedAt: now, attempts: row.attempts + 1, nextAttemptAt: null },
      at: now,
      // In the move's transaction, so a pause either holds it here or counts it as sending.
      unless: heldByPause(id, account.id, now),
    });
    if (!taken) return;
    await sendSeam.run?.('taken', id);
    attemptLog(id, attemptId)('sending', { platform, attempt: row.attempts + 1 });
    row = { ...row, attemptId, attemptStartedAt: now, attempts: row.attempts + 1, status: 'publishing' };
    const heartbeat = setInterval(() => {
      void db
        .update(publications)
        .set({ updatedAt: clock.now() })
        .where(and(eq(publications.id, id), eq(publications.attemptId, attemptId)))
        .catch(() => undefined);
    }, heartbeatMs);
    heartbeat.unref();
    inFlight.set(id, attemptId);
    try {
      await attempt(row, attemptId, account);
    } finally {
      clearInterval(heartbeat);
      inFlight.delete(id);
    }
  }

  /** Whether the attempt is still this send's: a reconciliation may have taken it over meanwhile. */
  async function stillOurs(id: number, attemptId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: publications.id })
      .from(publications)
      .where(
        and(
          eq(publications.id, id),
          eq(publications.attemptId, attemptId),
          eq(publications.status, 'publishing'),
        ),
      );
    return row !== undefined;
  }

  async function attempt(row: Row, attemptId: string, account: { externalId: string; id: number }) {
    const platform = row.platform as PublishingPlatform;
    const adapter = await adapterOf(platform);
    const grant = await accountGrant(db, deps.vault, account.id);
    if (!adapter || !grant)
      return failed(row, attemptId, undefined, adapter ? 'noGrant' : 'platformUnavailable');
    const post = await postInput(row, uploadMeter(row.id, attemptId));
    if (post.media.length < row.mediaIds.length) return failed(row, attemptId, undefined, 'mediaMissing');
    // A worker frozen (SIGSTOP, a stalled VM) past its lease finds its attempt reconciled by
    // another when it wakes: sending now could post what the reconciliation decided was not.
    if (!(await stillOurs(row.id, attemptId))) {
      attemptLog(row.id, attemptId)('attempt taken over before sending; not sent');
      return;
    }
    post.onProgress = async (ids) => {
      await db
        .update(publications)
        .set({
          progress: sql`${publications.progress} || ${JSON.stringify(ids)}::jsonb`,
          updatedAt: clock.now(),
        })
        .where(and(eq(publications.id, row.id), eq(publications.attemptId, attemptId)));
    };
    let outcome: PublishedPost;
    try {
      outcome = await adapter.publish({ externalId: account.externalId, grant }, post);
    } catch (error) {
      // A lost answer, media storage failing under the request, a failure of ours: no answer to time.
      if (isPlatformError(error) && error.kind !== 'outcomeUnknown' && !causedByMedia(error)) answered(row);
      return afterError(row, attemptId, adapter, error);
    }
    answered(row);
    return published(row, attemptId, outcome, 'answer');
  }

  /**
   * Schedule lateness: from when the publication was due (its schedule, or its creation when
   * published now) to the platform's answer, on the first attempt only: a retry's wait is its
   * backoff's, not the schedule's.
   */
  function answered(row: Row) {
    if (row.attempts !== 1 || !deps.metrics) return;
    const due = row.scheduledAt ?? row.createdAt;
    deps.metrics.lateness(row.platform ?? '', (clock.now().getTime() - due.getTime()) / 1000);
  }

  /**
   * How far the media upload has gone, for queryChunkVideoStatus: the furthest byte of each file
   * the adapter has read, written at most every two seconds (a chunk's read is the chunk sent).
   */
  function uploadMeter(id: number, attemptId: string) {
    const furthest: number[] = [];
    let writtenAt = 0;
    return (index: number, offset: number) => {
      furthest[index] = Math.max(furthest[index] ?? 0, offset);
      const now = clock.now().getTime();
      if (now - writtenAt < 2000) return;
      writtenAt = now;
      const sent = String(furthest.reduce((sum, bytes) => sum + (bytes ?? 0), 0));
      void db
        .update(publications)
        .set({ progress: sql`${publications.progress} || ${JSON.stringify({ bytesSent: sent })}::jsonb` })
        .where(and(eq(publications.id, id), eq(publications.attemptId, attemptId)))
        .catch(() => undefined);
    };
  }

  async function afterError(row: Row, attemptId: string, adapter: PlatformAdapter, error: unknown) {
    if (causedByMedia(error)) {
      // The media could not be read from storage (object storage down): the request carrying them
      // never completed, so no post was made; the publication waits and is tried again.
      if (row.attempts < MAX_ATTEMPTS)
        return requeue(row, attemptId, new Date(clock.now().getTime() + retryDelayMs(row.attempts)), {
          kind: 'transient',
          message: 'media storage unavailable',
        });
      return failed(
        row,
        attemptId,
        new PlatformError('transient', {
          platform: row.platform as PublishingPlatform,
          platformMessage: 'media storage unavailable',
        }),
        'retries exhausted',
      );
    }
    if (!isPlatformError(error)) {
      // Not a platform's answer: a bug of ours, possibly after the request left. Never resent blindly.
      attemptLog(row.id, attemptId)('send failed unexpectedly', { error: String(error) });
      return reconcile(row, attemptId, adapter, 'unexpected error');
    }
    const now = clock.now().getTime();
    switch (error.kind) {
      case 'outcomeUnknown':
        return reconcile(row, attemptId, adapter, error.detail.platformMessage ?? 'answer lost');
      case 'rateLimited':
        return requeue(row, attemptId, new Date(now + (error.detail.retryAfterMs ?? 60_000)), {
          kind: 'rateLimited',
        });
      case 'transient':
        if (row.attempts < MAX_ATTEMPTS)
          return requeue(row, attemptId, new Date(now + retryDelayMs(row.attempts)), {
            kind: 'transient',
            message: error.detail.platformMessage,
          });
        return failed(row, attemptId, error, 'retries exhausted');
      default:
        return failed(row, attemptId, error, error.kind);
    }
  }

  /** The handler of 'publishing.reconcile': a send left in flight (its worker died, or its lookup did not finish). */
  async function reconcileStale(id: number): Promise<void> {
    const row = await load(id);
    if (!row || row.status !== 'publishing' || !row.attemptId || !row.platform) return;
    if (row.updatedAt.getTime() > clock.now().getTime() - staleSendMs) return;
    await reconcile(
      row,
      row.attemptId,
      await adapterOf(row.platform as PublishingPlatform),
      'the worker sending it stopped',
    );
  }

  /**
   * The sweeper (every minute): sends whose worker went quiet are reconciled; due rows whose job
   * is gone (a crash between the commit and the enqueue) are queued again. Each handler checks
   * the row's state itself, so a job sent twice does no harm.
   */
  async function sweep(): Promise<{ stale: number; due: number }> {
    const now = clock.now();
    const staleBefore = new Date(now.getTime() - staleSendMs);
    const lateBefore = new Date(now.getTime() - lateMs);
    const stale = await db
      .select({ id: publications.id })
      .from(publications)
      .where(and(eq(publications.status, 'publishing'), lt(publications.updatedAt, staleBefore)))
      .limit(500);
    for (const { id } of stale) await enqueue('publishing.reconcile', id);
    const due = await db
      .select({ id: publications.id })
      .from(publications)
      .where(
        // Publications a pause holds wait for its resume, which queues them itself.
        sql`(${publications.status} = 'queued' and ${publications.errorKind} is distinct from ${PAUSED_KIND} and coalesce(${publications.nextAttemptAt}, ${publications.updatedAt}) < ${lateBefore.toISOString()}::timestamptz)
          or (${publications.status} = 'scheduled' and ${publications.scheduledAt} < ${lateBefore.toISOString()}::timestamptz)`,
      )
      .limit(500);
    for (const { id } of due) await enqueue('publishing.send', id);
    return { stale: stale.length, due: due.length };
  }

  /**
   * At shutdown, after the grace: the sends still running are about to die with this process, so
   * they are marked silent now and the next sweep of any worker reconciles them (DESIGN.md §6).
   */
  async function handBack(): Promise<number> {
    let handed = 0;
    for (const [id, attemptId] of inFlight) {
      const rows = await db
        .update(publications)
        .set({ updatedAt: new Date(0) })
        .where(
          and(
            eq(publications.id, id),
            eq(publications.attemptId, attemptId),
            eq(publications.status, 'publishing'),
          ),
        )
        .returning({ id: publications.id });
      handed += rows.length;
      if (rows.length > 0) attemptLog(id, attemptId)('handed back at shutdown');
    }
    inFlight.clear();
    return handed;
  }

  return { send, reconcileStale, sweep, handBack };
}

export type PublishingWorker = ReturnType<typeof createPublishingWorker>;
export type { PublicationStatus };
