import type { PauseBody, PauseScope, PublishingPause } from '@postdeck/contract/publishing-pauses';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, rawRows } from '../../db/client.ts';
import {
  channelAccounts,
  departments,
  publicationEvents,
  publications,
  publishingPauses,
  users,
} from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { postgresError, PG } from '../../lib/db-errors.ts';
import { type DepartmentScope, departmentScope, inScope } from '../../lib/department-scope.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { route, sessionOf } from '../../lib/route.ts';
import type { FastifyInstance } from 'fastify';
import { type RequestMeta, auditChange, requestMeta } from '../audit/audit.ts';

/**
 * Pauses of publishing (issue 20, item 6) and how the worker obeys them.
 *
 * The race that matters is a pause landing while a worker is about to send (issue 20, item 10).
 * Both sides meet on advisory locks of the scope, taken before any row lock: the worker holds
 * them shared over its queued → publishing move (with the pause check inside it), a pause or a
 * resume holds its scope's exclusively. So a pause committed before the move holds the
 * publication, and a pause that had to wait for the move counts it as already sending: never
 * a send that both sides think was stopped.
 *
 * A held publication stays 'queued' with error kind 'paused' (the reason as its message), its
 * due time kept, so the sweeper leaves it alone and a resume queues them again in due order.
 */

export const PAUSE_ACTIONS = { pause: 'publish.pause', resume: 'publish.resume' } as const;

/** The error kind of a queued publication a pause holds. */
export const PAUSED_KIND = 'paused';

/** Two-key advisory lock spaces, one per scope; 'all' has the one key 0. */
const LOCK_SPACE: Record<PauseScope, number> = { all: 7_301_501, department: 7_301_502, account: 7_301_503 };

/**
 * Tests only: where a pause can land in the worker's send: between its read of the publication
 * and its move to 'publishing' ('read'), inside the move once the scope locks are held
 * ('locked'), and right after the move ('taken').
 */
export const sendSeam: {
  run?: ((phase: 'read' | 'locked' | 'taken', publicationId: number) => Promise<void>) | undefined;
} = {};

type Lock = readonly [space: number, key: number];

async function lockScopes(tx: Db, locks: readonly Lock[], mode: 'shared' | 'exclusive') {
  // One order for every taker, so two never wait on each other.
  const sorted = [...locks].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  for (const [space, key] of sorted)
    await tx.execute(
      mode === 'shared'
        ? sql`select pg_advisory_xact_lock_shared(${space}::int4, ${key}::int4)`
        : sql`select pg_advisory_xact_lock(${space}::int4, ${key}::int4)`,
    );
}

const lockOf = (scope: PauseScope, targetId: number | null): Lock => [LOCK_SPACE[scope], targetId ?? 0];

/** The active pause holding an account (its own, its department's, everyone's), most specific first. */
function activePauseOf(account: SQL) {
  return sql`select p.id, p.reason, p.scope from publishing_pauses p
    where p.resumed_at is null and (
      p.scope = 'all'
      or (p.scope = 'account' and p.target_id = ${account})
      or (p.scope = 'department' and p.target_id = (select a.department_id from channel_accounts a where a.id = ${account})))
    order by case p.scope when 'account' then 0 when 'department' then 1 else 2 end, p.id
    limit 1`;
}

/** The publications a pause of this scope concerns, as a condition on `publications`. */
function publicationsOf(scope: PauseScope, targetId: number | null): SQL {
  if (scope === 'all') return sql`true`;
  if (scope === 'account') return sql`${publications.accountId} = ${targetId}`;
  return sql`${publications.accountId} in (select id from channel_accounts where department_id = ${targetId})`;
}

/**
 * The worker's check, for `move`'s `unless`: in the transaction of the queued → publishing move,
 * before the row lock. True holds the publication (it was marked, with a timeline event the first
 * time); false lets the move go on, clearing the mark of a pause lifted since.
 */
export function heldByPause(publicationId: number, accountId: number, at: Date) {
  return async (tx: Db): Promise<boolean> => {
    const [account] = await tx
      .select({ departmentId: channelAccounts.departmentId })
      .from(channelAccounts)
      .where(eq(channelAccounts.id, accountId));
    await lockScopes(
      tx,
      [
        lockOf('all', null),
        lockOf('account', accountId),
        ...(account ? [lockOf('department', account.departmentId)] : []),
      ],
      'shared',
    );
    await sendSeam.run?.('locked', publicationId);
    const [pause] = await rawRows<{ id: number; reason: string }>(tx, activePauseOf(sql`${accountId}`));
    if (!pause) {
      await tx
        .update(publications)
        .set({ errorKind: null, errorMessage: null })
        .where(and(eq(publications.id, publicationId), eq(publications.errorKind, PAUSED_KIND)));
      return false;
    }
    const marked = await tx
      .update(publications)
      .set({ errorKind: PAUSED_KIND, errorMessage: pause.reason, updatedAt: at })
      .where(
        and(
          eq(publications.id, publicationId),
          eq(publications.status, 'queued'),
          sql`${publications.errorKind} is distinct from ${PAUSED_KIND}`,
        ),
      )
      .returning({ id: publications.id });
    if (marked.length > 0)
      await tx.insert(publicationEvents).values({
        publicationId,
        fromStatus: 'queued',
        toStatus: 'queued',
        detail: { pausedBy: Number(pause.id), reason: pause.reason },
        at,
      });
    return true;
  };
}

/** For the composer: the pause holding each account, most specific first. */
export async function pausesOfAccounts(
  db: Db,
  accounts: readonly { id: number; departmentId: number }[],
): Promise<Map<number, { scope: PauseScope; reason: string }>> {
  const found = new Map<number, { scope: PauseScope; reason: string }>();
  if (accounts.length === 0) return found;
  const active = await db
    .select({
      scope: publishingPauses.scope,
      targetId: publishingPauses.targetId,
      reason: publishingPauses.reason,
    })
    .from(publishingPauses)
    .where(isNull(publishingPauses.resumedAt))
    .orderBy(asc(publishingPauses.id));
  const first = (scope: PauseScope, targetId: number | null) =>
    active.find((p) => p.scope === scope && p.targetId === targetId);
  for (const account of accounts) {
    const pause =
      first('account', account.id) ?? first('department', account.departmentId) ?? first('all', null);
    if (pause) found.set(account.id, { scope: pause.scope as PauseScope, reason: pause.reason });
  }
  return found;
}

export interface PauseServiceDeps {
  db: Db;
  clock: Clock;
  jobs?: JobQueue | undefined;
}

const pausedByUser = alias(users, 'paused_by');

/** The calls behind the pause panel: list, pause, resume. */
export function createPauseService(deps: PauseServiceDeps) {
  const { db, clock } = deps;

  async function rows(where: SQL) {
    return db
      .select({
        id: publishingPauses.id,
        scope: publishingPauses.scope,
        targetId: publishingPauses.targetId,
        reason: publishingPauses.reason,
        pausedAt: publishingPauses.pausedAt,
        resumedAt: publishingPauses.resumedAt,
        pausedBy: { id: pausedByUser.id, name: pausedByUser.name },
        departmentName: departments.name,
        account: {
          id: channelAccounts.id,
          name: channelAccounts.name,
          departmentId: channelAccounts.departmentId,
        },
      })
      .from(publishingPauses)
      .leftJoin(pausedByUser, eq(pausedByUser.id, publishingPauses.pausedById))
      .leftJoin(
        departments,
        and(eq(publishingPauses.scope, 'department'), eq(departments.id, publishingPauses.targetId)),
      )
      .leftJoin(
        channelAccounts,
        and(eq(publishingPauses.scope, 'account'), eq(channelAccounts.id, publishingPauses.targetId)),
      )
      .where(where)
      .orderBy(asc(publishingPauses.id));
  }
  type Row = Awaited<ReturnType<typeof rows>>[number];

  /**
   * Who sees a pause and who may lift it: everyone with the permission sees a pause of all
   * (it holds their posts too), and only a data scope of everything lifts it; a department's or
   * an account's is seen and lifted within the data scope that holds the department.
   */
  function access(scope: DepartmentScope, row: Row): { visible: boolean; canResume: boolean } {
    if (row.scope === 'all') return { visible: true, canResume: scope.all };
    const departmentId = row.scope === 'department' ? row.targetId : row.account?.departmentId;
    const visible = departmentId !== null && departmentId !== undefined && inScope(scope, departmentId);
    return { visible, canResume: visible };
  }

  function present(row: Row, canResume: boolean): PublishingPause {
    const targetName =
      row.scope === 'department' ? row.departmentName : row.scope === 'account' ? row.account?.name : null;
    return {
      id: row.id,
      scope: row.scope as PauseScope,
      target: row.targetId === null ? null : { id: row.targetId, name: targetName ?? '' },
      reason: row.reason,
      pausedBy: row.pausedBy,
      pausedAt: row.pausedAt.toISOString(),
      canResume,
    };
  }

  /** The target named by a pause, if the caller may pause it: 403 for all, 404 for what they cannot see. */
  async function checkTarget(principal: Principal, body: PauseBody): Promise<number | null> {
    const scope = await departmentScope(db, principal);
    if (body.scope === 'all') {
      if (!scope.all) throw new AppError('forbidden');
      return null;
    }
    let departmentId: number | undefined;
    if (body.scope === 'department') {
      const [found] = await db
        .select({ id: departments.id })
        .from(departments)
        .where(eq(departments.id, body.targetId));
      departmentId = found?.id;
    } else {
      const [found] = await db
        .select({ departmentId: channelAccounts.departmentId })
        .from(channelAccounts)
        .where(eq(channelAccounts.id, body.targetId));
      departmentId = found?.departmentId;
    }
    if (departmentId === undefined || !inScope(scope, departmentId)) throw new AppError('notFound');
    return body.targetId;
  }

  const taken = () =>
    new AppError('publishingPaused', { fieldErrors: [fieldError('targetId', 'publishingPaused')] });

  return {
    async list(principal: Principal) {
      const scope = await departmentScope(db, principal);
      const items: PublishingPause[] = [];
      for (const row of await rows(isNull(publishingPauses.resumedAt))) {
        const { visible, canResume } = access(scope, row);
        if (visible) items.push(present(row, canResume));
      }
      return { items, canPauseAll: scope.all };
    },

    async pause(principal: Principal, body: PauseBody, meta: RequestMeta) {
      const targetId = await checkTarget(principal, body);
      const now = clock.now();
      let created: { id: number; alreadySending: number; waiting: number };
      try {
        created = await db.transaction(async (tx) => {
          // Waits for the sends of the scope that are taking their publication right now.
          await lockScopes(tx, [lockOf(body.scope, targetId)], 'exclusive');
          const same = and(
            eq(publishingPauses.scope, body.scope),
            targetId === null ? isNull(publishingPauses.targetId) : eq(publishingPauses.targetId, targetId),
            isNull(publishingPauses.resumedAt),
          );
          const [active] = await tx.select({ id: publishingPauses.id }).from(publishingPauses).where(same);
          if (active) throw taken();
          const [row] = await tx
            .insert(publishingPauses)
            .values({
              scope: body.scope,
              targetId,
              reason: body.reason,
              pausedById: principal.id,
              pausedAt: now,
            })
            .returning({ id: publishingPauses.id });
          if (!row) throw new Error('pause insert returned nothing');
          const [counts] = await tx
            .select({
              sending: sql<number>`count(*) filter (where ${publications.status} = 'publishing')::int`,
              waiting: sql<number>`count(*) filter (where ${publications.status} in ('queued', 'scheduled'))::int`,
            })
            .from(publications)
            .where(
              and(
                publicationsOf(body.scope, targetId),
                inArray(publications.status, ['publishing', 'queued', 'scheduled']),
              ),
            );
          await auditChange(tx, principal, meta, {
            action: PAUSE_ACTIONS.pause,
            target: `pause:${row.id}`,
            detail: {
              scope: body.scope,
              targetId,
              reason: body.reason,
              alreadySending: counts?.sending ?? 0,
            },
            at: now,
          });
          return { id: row.id, alreadySending: counts?.sending ?? 0, waiting: counts?.waiting ?? 0 };
        });
      } catch (error) {
        // The lock makes this rare: the index answers if two pauses still met.
        const pg = postgresError(error);
        if (pg?.code === PG.uniqueViolation && pg.constraint === 'publishing_pauses_active_key')
          throw taken();
        throw error;
      }
      const [row] = await rows(eq(publishingPauses.id, created.id));
      if (!row) throw new AppError('notFound');
      return {
        pause: present(row, true),
        alreadySending: created.alreadySending,
        waiting: created.waiting,
      };
    },

    async resume(principal: Principal, id: number, meta: RequestMeta) {
      const [row] = await rows(eq(publishingPauses.id, id));
      if (!row) throw new AppError('notFound');
      const { visible, canResume } = access(await departmentScope(db, principal), row);
      if (!visible) throw new AppError('notFound');
      if (!canResume) throw new AppError('forbidden');
      const scope = row.scope as PauseScope;
      const now = clock.now();
      const released = await db.transaction(async (tx) => {
        await lockScopes(tx, [lockOf(scope, row.targetId)], 'exclusive');
        const lifted = await tx
          .update(publishingPauses)
          .set({ resumedAt: now, resumedById: principal.id })
          .where(and(eq(publishingPauses.id, id), isNull(publishingPauses.resumedAt)))
          .returning({ id: publishingPauses.id });
        if (lifted.length === 0) throw new AppError('pauseNotActive');
        // Those another pause still holds stay held; the rest in the order they were due
        // (their due time was kept while they waited), locked in that order.
        const waiting = await tx
          .select({ id: publications.id })
          .from(publications)
          .where(
            and(
              eq(publications.status, 'queued'),
              eq(publications.errorKind, PAUSED_KIND),
              publicationsOf(scope, row.targetId),
              sql`not exists (${activePauseOf(sql`${publications.accountId}`)})`,
            ),
          )
          .orderBy(
            sql`coalesce(${publications.nextAttemptAt}, ${publications.scheduledAt}, ${publications.createdAt})`,
            asc(publications.id),
          )
          .for('update');
        const ids = waiting.map((w) => w.id);
        if (ids.length > 0) {
          await tx
            .update(publications)
            .set({ errorKind: null, errorMessage: null, updatedAt: now })
            .where(inArray(publications.id, ids));
          await tx.insert(publicationEvents).values(
            ids.map((publicationId) => ({
              publicationId,
              fromStatus: 'queued',
              toStatus: 'queued',
              actorId: principal.id,
              detail: { resumed: id },
              at: now,
            })),
          );
        }
        // The jobs commit with the release, in due order: none is lost between the two.
        for (const publicationId of ids) await deps.jobs?.send('publishing.send', { publicationId }, { tx });
        await auditChange(tx, principal, meta, {
          action: PAUSE_ACTIONS.resume,
          target: `pause:${id}`,
          detail: { scope, targetId: row.targetId, released: ids.length },
          at: now,
        });
        return ids.length;
      });
      const [after] = await rows(eq(publishingPauses.id, id));
      return { pause: present(after ?? row, canResume), released };
    },
  };
}

export type PauseService = ReturnType<typeof createPauseService>;

/** The pause panel's calls (permission publish:pause, from the route table). */
export function pauseRoutes(app: FastifyInstance, pauses: PauseService) {
  route(app, 'publishPauseList', ({ request }) => pauses.list(sessionOf(request).principal));
  route(app, 'publishPause', ({ body, request }) =>
    pauses.pause(sessionOf(request).principal, body, requestMeta(request)),
  );
  route(app, 'publishResume', ({ body, request }) =>
    pauses.resume(sessionOf(request).principal, body.id, requestMeta(request)),
  );
}
