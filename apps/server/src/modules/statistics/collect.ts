import type { PublishingPlatform } from '@postdeck/contract/platforms';
import { PUBLISHING_PLATFORMS } from '@postdeck/contract/platforms';
import { sql } from 'drizzle-orm';
import { type Db, rawRows } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccountMetrics, PlatformAdapter } from '../../platforms/adapter.ts';
import { isPlatformError } from '../../platforms/errors.ts';
import type { PlatformRegistry } from '../../platforms/registry.ts';
import type { TokenVault } from '../../platforms/token-vault.ts';
import { accountGrant } from '../channels/account-repo.ts';
import { cleanMetrics, dateOf } from './metric-columns.ts';
import { nextCheckpoint, recordReading } from './record.ts';

/** A run (every minute) takes at most this many due readings in all. */
const BATCH = 200;
/** A reading taken by a run is not taken again for this long, whatever becomes of the run. */
const CLAIM_MS = 10 * 60_000;
/** A failed reading is tried again after an hour, doubling to a day; after this many it is given up. */
const RETRY_MS = 60 * 60_000;
const RETRY_MAX_MS = 24 * 60 * 60_000;
const FAILURES_MAX = 8;
/** An account whose grant the platform refused is not asked again for this long (the health schedule deals with the grant). */
const REFUSED_MS = 6 * 60 * 60_000;

/**
 * Readings per account per run (a minute), below what each platform lets one account read
 * (platforms.md "Rate limits"): X's post lookup is counted per user in 15 minutes, so one a minute;
 * Facebook and Instagram share Business Use Case limits with publishing, so three; the others,
 * whose limits are counted in hundreds per five minutes (Mastodon 300, Bluesky 3,000) or per
 * second (VK 3), ten. A 429 is honoured anyway: the account's readings wait as long as it says.
 */
export const READS_PER_RUN: Readonly<Record<PublishingPlatform, number>> = {
  x: 1,
  facebook: 3,
  instagram: 3,
  youtube: 10,
  tiktok: 10,
  linkedin: 10,
  vk: 10,
  mastodon: 10,
  bluesky: 10,
  telegram: 10,
};

export interface CollectDeps {
  db: Db;
  clock: Clock;
  vault: TokenVault;
  registry: PlatformRegistry;
  log?: ((message: string, detail?: Record<string, unknown>) => void) | undefined;
}

export interface CollectReport {
  read: number;
  failed: number;
  ended: number;
}

interface DueReading {
  publication_id: number;
  account_id: number;
  account_external_id: string;
  platform: PublishingPlatform;
  status: string;
  external_id: string | null;
  published_at: Date | string;
  failures: number;
}

/**
 * The metrics schedule (issue 23, item 1): each published post's counts read through its
 * adapter at its checkpoints, each account's followers daily. A reading that fails is tried again
 * later and never touches the publication or the account: a platform that will not tell its
 * counts has not unpublished anything.
 */
export function createMetricsCollector(deps: CollectDeps) {
  const { db, clock } = deps;

  /** Claims the due readings of this run, each account's share at most, by moving them ahead. */
  async function claimDue(now: Date): Promise<DueReading[]> {
    const caps = sql.raw(
      `case p.platform ${PUBLISHING_PLATFORMS.map((p) => `when '${p}' then ${READS_PER_RUN[p]}`).join(' ')} else 1 end`,
    );
    return rawRows<DueReading>(
      db,
      sql`
      with due as (
        select pm.publication_id, row_number() over (partition by p.account_id order by pm.next_at) as turn, ${caps} as cap
        from (select * from publication_metrics where next_at <= ${now.toISOString()}::timestamptz
              order by next_at limit ${BATCH * 5}) pm
        join publications p on p.id = pm.publication_id
      ),
      claimed as (
        update publication_metrics pm set next_at = ${new Date(now.getTime() + CLAIM_MS).toISOString()}::timestamptz
        where pm.publication_id in (select publication_id from due where turn <= cap limit ${BATCH})
          and pm.next_at <= ${now.toISOString()}::timestamptz
        returning pm.publication_id, pm.failures
      )
      select c.publication_id, c.failures, p.account_id, a.external_id as account_external_id, p.platform,
        p.status, p.external_id, p.published_at
      from claimed c join publications p on p.id = c.publication_id join channel_accounts a on a.id = p.account_id`,
    );
  }

  async function end(publicationId: number) {
    await db.execute(
      sql`update publication_metrics set next_at = null where publication_id = ${publicationId}`,
    );
  }

  async function postpone(publicationId: number, failures: number, until: Date, error: unknown) {
    const lastError = isPlatformError(error)
      ? { kind: error.kind, message: error.detail.platformMessage ?? error.message }
      : { kind: 'internal', message: error instanceof Error ? error.message : String(error) };
    await db.execute(sql`
      update publication_metrics
      set failures = ${failures}, last_error = ${JSON.stringify(lastError)}::jsonb,
        next_at = ${failures >= FAILURES_MAX ? null : until.toISOString()}::timestamptz
      where publication_id = ${publicationId}`);
  }

  /** One run: what was read, what failed (to be tried again), what ended (withdrawn, deleted, given up). */
  async function run(): Promise<CollectReport> {
    const now = clock.now();
    const report: CollectReport = { read: 0, failed: 0, ended: 0 };
    // Accounts the platform held back in this run: their other readings wait with them.
    const heldUntil = new Map<number, Date>();
    for (const due of await claimDue(now)) {
      if (due.status !== 'published' || !due.external_id) {
        await end(due.publication_id);
        report.ended++;
        continue;
      }
      const held = heldUntil.get(due.account_id);
      if (held) {
        await db.execute(sql`
          update publication_metrics set next_at = ${held.toISOString()}::timestamptz
          where publication_id = ${due.publication_id}`);
        continue;
      }
      const adapter = (await deps.registry.adapter(due.platform)) as PlatformAdapter | undefined;
      const grant = await accountGrant(db, deps.vault, due.account_id);
      if (!adapter?.metrics) {
        await end(due.publication_id);
        report.ended++;
        continue;
      }
      try {
        if (!grant) throw new Error('the account has no grant (released)');
        const counted = await adapter.metrics(
          { externalId: due.account_external_id, grant },
          due.external_id,
        );
        const takenAt = Number.isNaN(Date.parse(counted.at)) ? clock.now() : new Date(counted.at);
        await recordReading(
          db,
          due.publication_id,
          { values: cleanMetrics(counted), takenAt },
          nextCheckpoint(dateOf(due.published_at), clock.now()),
        );
        report.read++;
      } catch (error) {
        const failures = due.failures + 1;
        let until = new Date(now.getTime() + Math.min(RETRY_MS * 2 ** (failures - 1), RETRY_MAX_MS));
        if (isPlatformError(error) && error.kind === 'rateLimited') {
          until = new Date(now.getTime() + (error.detail.retryAfterMs ?? 15 * 60_000));
          heldUntil.set(due.account_id, until);
        } else if (!grant || (isPlatformError(error) && error.kind === 'reauthorize')) {
          until = new Date(now.getTime() + REFUSED_MS);
          heldUntil.set(due.account_id, until);
        }
        await postpone(due.publication_id, failures, until, error);
        deps.log?.('metrics reading failed', {
          publicationId: due.publication_id,
          kind: isPlatformError(error) ? error.kind : 'internal',
          failures,
        });
        report.failed++;
      }
    }
    return report;
  }

  /**
   * The daily reading of every connected account whose adapter gives its counts; a second
   * reading on one day replaces the first. A failure leaves the day without a reading.
   */
  async function readAccounts(): Promise<{ read: number; failed: number }> {
    const now = clock.now();
    const day = now.toISOString().slice(0, 10);
    const accounts = await rawRows<{ id: number; platform: PublishingPlatform; external_id: string }>(
      db,
      sql`select id, platform, external_id from channel_accounts
          where status in ('active', 'expiring') and platform in ${PUBLISHING_PLATFORMS}
            and not exists (select 1 from account_metric_snapshots s where s.account_id = channel_accounts.id and s.day = ${day}::date)
          order by id`,
    );
    let read = 0;
    let failed = 0;
    for (const account of accounts) {
      const adapter = (await deps.registry.adapter(account.platform)) as PlatformAdapter | undefined;
      if (!adapter?.accountMetrics) continue;
      const grant = await accountGrant(db, deps.vault, account.id);
      if (!grant) continue;
      let counted: AccountMetrics;
      try {
        counted = await adapter.accountMetrics({ externalId: account.external_id, grant });
      } catch (error) {
        failed++;
        deps.log?.('account metrics reading failed', {
          accountId: account.id,
          kind: isPlatformError(error) ? error.kind : 'internal',
        });
        continue;
      }
      const whole = (v: number | undefined) =>
        v !== undefined && Number.isFinite(v) && v >= 0 ? Math.round(v) : null;
      await db.execute(sql`
        insert into account_metric_snapshots (account_id, day, taken_at, followers, reach)
        values (${account.id}, ${day}::date, ${now.toISOString()}::timestamptz, ${whole(counted.followers)}, ${whole(counted.reach)})
        on conflict (account_id, day) do update
        set taken_at = excluded.taken_at, followers = excluded.followers, reach = excluded.reach`);
      read++;
    }
    return { read, failed };
  }

  return { run, readAccounts };
}

export type MetricsCollector = ReturnType<typeof createMetricsCollector>;
