import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import type { ChannelPlatform } from '@postdeck/contract/platforms';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { channelAccountFailures, channelAccounts } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { isPlatformError } from '../../platforms/errors.ts';
import type { PlatformRegistry } from '../../platforms/registry.ts';
import type { TokenVault } from '../../platforms/token-vault.ts';
import type { Notifier } from '../messages/notifier.ts';
import { accountAdministrators } from './account-admins.ts';
import { accountGrant, accountsSharingGrant, replaceGrant } from './account-repo.ts';
import { sweepConnections } from './connection-state.ts';
import { renewalPlan } from './renewal-plan.ts';

/** A run takes this many due accounts; the next run (every few minutes) takes the rest. */
const BATCH = 100;
/** An account taken by a run is not taken again for this long, whatever happens to the run. */
const CLAIM_MS = 5 * 60 * 1000;
/** A refresh that failed without a verdict (platform down, rate limited) is tried again after this. */
const RETRY_MS = 15 * 60 * 1000;

export interface HealthDeps {
  db: Db;
  clock: Clock;
  vault: TokenVault;
  registry: PlatformRegistry;
  notifier: Notifier;
  /** Brings old pictures up to date when a grant is renewed (avatars.ts); optional for tests. */
  avatars?: { renewed(accountIds: readonly number[]): Promise<void> } | undefined;
}

interface DueAccount {
  id: number;
  platform: string;
  externalId: string;
  name: string;
  departmentId: number;
  tokenExpiresAt: Date | null;
}

export interface HealthReport {
  refreshed: number;
  warned: number;
  reauthorize: number;
  retried: number;
}

/**
 * The channel accounts' health schedule (issue 12, item 7): tokens the platform renews are
 * renewed before they end (once per grant, for every account sharing it: the communities of one
 * VK user rotate one refresh token); tokens it cannot renew warn the account's administrators a
 * week ahead, and at their end the account needs re-authorisation; a refresh the platform
 * refuses marks it so and tells them. Each account is claimed by one run (renew_by moves ahead
 * first), so two runs at once never act on the same account twice.
 */
export function createChannelHealth(deps: HealthDeps) {
  const { db, clock, vault, registry, notifier } = deps;

  async function claimDue(now: Date): Promise<DueAccount[]> {
    const due = db
      .select({ id: channelAccounts.id })
      .from(channelAccounts)
      .where(and(lte(channelAccounts.renewBy, now), inArray(channelAccounts.status, ['active', 'expiring'])))
      .orderBy(asc(channelAccounts.renewBy))
      .limit(BATCH);
    return db
      .update(channelAccounts)
      .set({ renewBy: new Date(now.getTime() + CLAIM_MS) })
      .where(and(inArray(channelAccounts.id, due), lte(channelAccounts.renewBy, now)))
      .returning({
        id: channelAccounts.id,
        platform: channelAccounts.platform,
        externalId: channelAccounts.externalId,
        name: channelAccounts.name,
        departmentId: channelAccounts.departmentId,
        tokenExpiresAt: channelAccounts.tokenExpiresAt,
      });
  }

  async function tell(account: DueAccount, type: 'channel_expiring' | 'channel_reauthorize') {
    const userIds = await accountAdministrators(db, account.departmentId);
    await notifier.notify(db, {
      userIds,
      type,
      title: account.name,
      channelName: PLATFORM_CAPABILITIES[account.platform as ChannelPlatform].displayName,
    });
  }

  async function fail(
    account: DueAccount,
    kind: string,
    message: string | undefined,
    now: Date,
    status?: string,
  ) {
    await db.transaction(async (tx) => {
      await tx
        .insert(channelAccountFailures)
        .values({ accountId: account.id, kind, message: message ?? null, at: now });
      await tx
        .update(channelAccounts)
        .set({
          lastFailureAt: now,
          lastFailure: { kind, message: message ?? null },
          updatedAt: now,
          ...(status ? { status, renewBy: null } : { renewBy: new Date(now.getTime() + RETRY_MS) }),
        })
        .where(eq(channelAccounts.id, account.id));
    });
  }

  async function refresh(account: DueAccount, now: Date): Promise<keyof HealthReport> {
    const platform = account.platform as ChannelPlatform;
    const grant = await accountGrant(db, vault, account.id);
    const adapter = await registry.adapter(platform);
    if (!grant || !adapter?.refresh) return 'retried';
    try {
      const renewed = await adapter.refresh(grant);
      const renewBy = renewalPlan(platform, renewed).at;
      const holders = [account, ...(await accountsSharingGrant(db, vault, account, grant))];
      for (const holder of holders) await replaceGrant(db, vault, holder, renewed, renewBy, now);
      // The renewal is done whatever becomes of the pictures: the next one tries them again.
      await deps.avatars?.renewed(holders.map((holder) => holder.id)).catch(() => undefined);
      return 'refreshed';
    } catch (error) {
      if (!isPlatformError(error)) throw error;
      if (error.kind === 'reauthorize' || error.kind === 'rejected') {
        await fail(account, error.kind, error.detail.platformMessage, now, 'reauthorize');
        await tell(account, 'channel_reauthorize');
        return 'reauthorize';
      }
      await fail(account, error.kind, error.detail.platformMessage, now);
      return 'retried';
    }
  }

  /** A token that cannot be renewed: a week ahead, a warning; at its end, re-authorisation. */
  async function expire(account: DueAccount, now: Date): Promise<keyof HealthReport> {
    if (account.tokenExpiresAt && account.tokenExpiresAt <= now) {
      await fail(account, 'reauthorize', 'the token ended', now, 'reauthorize');
      await tell(account, 'channel_reauthorize');
      return 'reauthorize';
    }
    await db
      .update(channelAccounts)
      .set({ status: 'expiring', renewBy: account.tokenExpiresAt, updatedAt: now })
      .where(eq(channelAccounts.id, account.id));
    await tell(account, 'channel_expiring');
    return 'warned';
  }

  return {
    async run(): Promise<HealthReport> {
      const now = clock.now();
      const report: HealthReport = { refreshed: 0, warned: 0, reauthorize: 0, retried: 0 };
      for (const account of await claimDue(now)) {
        const renewal = PLATFORM_CAPABILITIES[account.platform as ChannelPlatform].tokenRenewal;
        report[renewal === 'refresh' ? await refresh(account, now) : await expire(account, now)] += 1;
      }
      await sweepConnections(db, now);
      return report;
    },
  };
}

export type ChannelHealth = ReturnType<typeof createChannelHealth>;
