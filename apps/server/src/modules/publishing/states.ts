import type { PublicationStatus } from '@postdeck/contract/publishing';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, rawRows } from '../../db/client.ts';
import { publicationEvents, publications } from '../../db/schema.ts';

/**
 * The publication state machine (DESIGN.md §6) as data: which state may follow which. Checked
 * here and nowhere else, so a state added later (an approval step before 'scheduled') is a line
 * in this table.
 */
export const TRANSITIONS: Readonly<Record<PublicationStatus, readonly PublicationStatus[]>> = {
  scheduled: ['queued', 'scheduled', 'cancelled', 'held'],
  // Back to scheduled: its time moved later by an edit before it went out.
  queued: ['publishing', 'queued', 'scheduled', 'cancelled', 'held'],
  // Back to queued: a known failure to retry, or a platform that dedupes resent with the same key.
  publishing: ['published', 'failed', 'unconfirmed', 'queued'],
  // Settled by the author: "it is there" or "publish again".
  unconfirmed: ['published', 'queued'],
  failed: ['queued'],
  held: ['queued', 'scheduled', 'cancelled'],
  published: ['withdrawn'],
  cancelled: [],
  withdrawn: [],
};

export function canMove(from: PublicationStatus, to: PublicationStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export type PublicationChange = Partial<Omit<typeof publications.$inferInsert, 'id' | 'status'>>;

export interface Move {
  id: number;
  /** The states it may be in now; each must be allowed to move to `to`. */
  from: readonly PublicationStatus[];
  to: PublicationStatus;
  set?: PublicationChange;
  /** Also guarded on the attempt that owns the send (a late answer of an attempt given up on changes nothing). */
  attemptId?: string | undefined;
  actorId?: number | null | undefined;
  detail?: Record<string, unknown>;
  at: Date;
  /** More writes that belong to the change (a notification), in its transaction. */
  also?: ((tx: Db) => Promise<void>) | undefined;
  /**
   * Runs first in the transaction, before the row is locked; true leaves the row where it is
   * (any writes it made are kept). A pause check (pauses.ts) lives here: its locks must be taken
   * before the row's, in the order a pause and a resume take theirs.
   */
  unless?: ((tx: Db) => Promise<boolean>) | undefined;
}

/**
 * One transition: a single UPDATE guarded by the expected current state (and attempt), with
 * its event row in the same transaction. Returns the state it left, or undefined when the row
 * was not in one of `from` any more (someone else moved it first): the caller then does nothing.
 */
export async function move(db: Db, change: Move): Promise<PublicationStatus | undefined> {
  for (const from of change.from)
    if (!canMove(from, change.to))
      throw new Error(`publication: ${from} -> ${change.to} is not a transition`);
  const [only] = change.from;
  const guards: SQL[] = [eq(publications.id, change.id), inArray(publications.status, [...change.from])];
  if (change.attemptId !== undefined) guards.push(eq(publications.attemptId, change.attemptId));
  // From one state (the pipeline's moves): the guarded UPDATE and its event in one statement, and
  // with nothing else to write, no transaction around it (a statement is one already).
  if (change.from.length === 1 && only && !change.unless && !change.also)
    return moveFromOne(db, change, only, guards);
  return db.transaction(async (tx) => {
    if (await change.unless?.(tx)) return undefined;
    if (change.from.length === 1 && only) {
      const left = await moveFromOne(tx, change, only, guards);
      if (left) await change.also?.(tx);
      return left;
    }
    const [before] = await tx
      .select({ status: publications.status })
      .from(publications)
      .where(and(...guards))
      .for('update');
    if (!before) return undefined;
    await tx
      .update(publications)
      .set({ ...change.set, status: change.to, updatedAt: change.at })
      .where(eq(publications.id, change.id));
    await tx.insert(publicationEvents).values({
      publicationId: change.id,
      fromStatus: before.status,
      toStatus: change.to,
      actorId: change.actorId ?? null,
      attemptId: change.attemptId ?? change.set?.attemptId ?? null,
      detail: change.detail ?? {},
      at: change.at,
    });
    await change.also?.(tx);
    return before.status as PublicationStatus;
  });
}

/**
 * A move from one known state as one statement: the UPDATE guarded by the state (and attempt)
 * and, only if it changed the row, the event row, through a CTE. Under concurrency the guard is
 * checked again on the row as the other transaction left it, so a row that moved meanwhile is
 * not changed and no event is written, as with the SELECT … FOR UPDATE of the general case.
 */
async function moveFromOne(
  db: Db,
  change: Move,
  from: PublicationStatus,
  guards: SQL[],
): Promise<PublicationStatus | undefined> {
  const update = db
    .update(publications)
    .set({ ...change.set, status: change.to, updatedAt: change.at })
    .where(and(...guards))
    .returning({ id: publications.id });
  const attemptId = change.attemptId ?? change.set?.attemptId ?? null;
  const written = await rawRows<{ id: number }>(
    db,
    sql`with moved as (${update.getSQL()})
        insert into publication_events (publication_id, from_status, to_status, actor_id, attempt_id, detail, at)
        select id, ${from}::text, ${change.to}::text, ${change.actorId ?? null}::integer, ${attemptId}::uuid,
               ${JSON.stringify(change.detail ?? {})}::jsonb, ${change.at.toISOString()}::timestamptz
        from moved
        returning id`,
  );
  return written.length > 0 ? from : undefined;
}
