import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import { isPublishingPlatform } from '@postdeck/contract/platforms';
import type {
  ManualWithdrawReason,
  WithdrawArticleBody,
  WithdrawArticleResult,
} from '@postdeck/contract/publish-history';
import type { PublicationStatus } from '@postdeck/contract/publishing';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { channelAccounts, type publications } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import type { PlatformAdapter } from '../../platforms/adapter.ts';
import { isPlatformError } from '../../platforms/errors.ts';
import type { PlatformRegistry } from '../../platforms/registry.ts';
import type { TokenVault } from '../../platforms/token-vault.ts';
import { type RequestMeta, auditChange } from '../audit/audit.ts';
import { accountGrant } from '../channels/account-repo.ts';
import { visiblePublication } from './present.ts';
import { move } from './states.ts';
import { stateNow, targetsOf } from './targets.ts';

export const WITHDRAW_ACTIONS = {
  withdraw: 'publish.withdraw',
  withdrawByHand: 'publish.withdraw.manual',
  cancel: 'publish.cancel',
} as const;

/** Not gone out yet: withdrawing it cancels it. */
const NOT_SENT: readonly PublicationStatus[] = ['scheduled', 'queued', 'held'];

type Row = typeof publications.$inferSelect;
type Outcome =
  | { to: 'withdrawn' }
  | { to: 'cancelled' }
  | { to: 'manual'; reason: ManualWithdrawReason }
  | { to: 'kept'; status: PublicationStatus; error: { kind: string; message: string | null } | null };

export interface WithdrawArticleDeps {
  db: Db;
  clock: Clock;
  registry: PlatformRegistry;
  vault: TokenVault;
}

/**
 * withdrawArticle (issue 21): deletes published posts from their platforms. A delete that
 * reached the platform and was confirmed moves the publication to withdrawn (guarded, so two
 * withdraws at once make one change; platforms' deletes are idempotent, so both asking is
 * harmless). What cannot be deleted through the API goes on a checklist; the user deletes it on
 * the platform and marks it withdrawn with a note. One still sending is told apart, never
 * touched: its outcome is not known yet.
 */
export function createWithdrawArticle(deps: WithdrawArticleDeps) {
  const { db, clock } = deps;

  async function moved(
    row: Row,
    to: 'withdrawn' | 'cancelled',
    action: (typeof WITHDRAW_ACTIONS)[keyof typeof WITHDRAW_ACTIONS],
    principal: Principal,
    meta: RequestMeta,
    detail: Record<string, unknown>,
  ) {
    const now = clock.now();
    const left = await move(db, {
      id: row.id,
      from: to === 'withdrawn' ? ['published'] : NOT_SENT,
      to,
      actorId: principal.id,
      at: now,
      detail,
      ...(to === 'withdrawn' ? { set: { withdrawnAt: now } } : {}),
      also: (tx) =>
        auditChange(tx, principal, meta, {
          action,
          target: `publication:${row.id}`,
          detail,
          at: now,
        }),
    });
    if (left) return true;
    // Someone else moved it first: withdrawn by another request is as good as by this one.
    return (await stateNow(db, row)) === to;
  }

  /** Why this published post cannot be deleted through the API now, if so. */
  function manualReason(row: Row): ManualWithdrawReason | undefined {
    if (!row.platform || !isPublishingPlatform(row.platform)) return 'platformCannotDelete';
    const capabilities = PLATFORM_CAPABILITIES[row.platform];
    if (!capabilities.canDelete) return 'platformCannotDelete';
    const hours = 'deleteWithinHours' in capabilities ? capabilities.deleteWithinHours : undefined;
    const sentAt = row.publishedAt ?? row.updatedAt;
    if (hours !== undefined && clock.now().getTime() - sentAt.getTime() >= hours * 3_600_000) return 'tooOld';
    return undefined;
  }

  async function removeOne(row: Row, principal: Principal, meta: RequestMeta): Promise<Outcome> {
    const status = row.status as PublicationStatus;
    if (NOT_SENT.includes(status))
      return (await moved(row, 'cancelled', WITHDRAW_ACTIONS.cancel, principal, meta, {
        how: 'withdrawArticle',
      }))
        ? { to: 'cancelled' }
        : { to: 'kept', status: await stateNow(db, row), error: null };
    if (status !== 'published' || row.externalId === null) return { to: 'kept', status, error: null };
    const reason = manualReason(row);
    if (reason) return { to: 'manual', reason };
    const [account] = await db
      .select({ externalId: channelAccounts.externalId, status: channelAccounts.status })
      .from(channelAccounts)
      .where(eq(channelAccounts.id, row.accountId ?? -1));
    const grant =
      account && account.status !== 'released'
        ? await accountGrant(db, deps.vault, row.accountId ?? -1)
        : undefined;
    const adapter = (await deps.registry.adapter(row.platform as never)) as PlatformAdapter | undefined;
    if (!account || !grant || !adapter) return { to: 'manual', reason: 'accountReleased' };
    try {
      await adapter.remove({ externalId: account.externalId, grant }, row.externalId);
    } catch (error) {
      if (!isPlatformError(error)) throw error;
      // The platform said no to this post (too old, not the poster's to delete): by hand.
      if (error.kind === 'rejected') return { to: 'manual', reason: 'platformRefused' };
      return {
        to: 'kept',
        status,
        error: { kind: error.kind, message: error.detail.platformMessage ?? null },
      };
    }
    return (await moved(row, 'withdrawn', WITHDRAW_ACTIONS.withdraw, principal, meta, { how: 'deleted' }))
      ? { to: 'withdrawn' }
      : { to: 'kept', status: await stateNow(db, row), error: null };
  }

  return {
    async withdraw(
      principal: Principal,
      body: WithdrawArticleBody,
      meta: RequestMeta,
    ): Promise<WithdrawArticleResult> {
      const row = await visiblePublication(db, principal, body.id);
      if (body.note !== undefined) {
        // By hand: one post the user deleted on the platform themselves.
        if (row.accountId === null)
          throw new AppError('withdrawNoteNeedsOne', {
            fieldErrors: [fieldError('id', 'withdrawNoteNeedsOne')],
          });
        if (row.status !== 'published') throw new AppError('publicationNotPublished');
        const detail = { how: 'manual', note: body.note };
        if (!(await moved(row, 'withdrawn', WITHDRAW_ACTIONS.withdrawByHand, principal, meta, detail)))
          throw new AppError('publicationNotPublished');
        return { withdrawn: [row.id], cancelled: [], manual: [], kept: [] };
      }
      const targets = await targetsOf(db, row);
      const outcomes = await Promise.all(targets.map((target) => removeOne(target, principal, meta)));
      const result: WithdrawArticleResult = { withdrawn: [], cancelled: [], manual: [], kept: [] };
      outcomes.forEach((outcome, index) => {
        const target = targets[index] as Row;
        if (outcome.to === 'withdrawn') result.withdrawn.push(target.id);
        else if (outcome.to === 'cancelled') result.cancelled.push(target.id);
        else if (outcome.to === 'manual')
          result.manual.push({
            id: target.id,
            platform: target.platform as never,
            url: target.externalUrl,
            reason: outcome.reason,
          });
        else result.kept.push({ id: target.id, status: outcome.status, error: outcome.error });
      });
      // One asked for by itself while it is still on its way: said plainly.
      if (row.accountId !== null && result.kept[0]?.status === 'publishing')
        throw new AppError('publicationSending');
      return result;
    },
  };
}

export type WithdrawArticle = ReturnType<typeof createWithdrawArticle>;
