import type { PublicationStatus } from '@postdeck/contract/publishing';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { publications } from '../../db/schema.ts';

type Row = typeof publications.$inferSelect;

/** What an action asked of `row` acts on: the publication itself, or a parent's children in the order they were made. */
export async function targetsOf(db: Db, row: Row): Promise<Row[]> {
  if (row.accountId !== null) return [row];
  return db
    .select()
    .from(publications)
    .where(eq(publications.parentId, row.id))
    .orderBy(asc(publications.id));
}

/** The state of a publication read again, after a guarded move found it moved on (by another request, or the worker). */
export async function stateNow(db: Db, target: Pick<Row, 'id' | 'status'>): Promise<PublicationStatus> {
  const [current] = await db
    .select({ status: publications.status })
    .from(publications)
    .where(eq(publications.id, target.id));
  return (current?.status ?? target.status) as PublicationStatus;
}

/**
 * `tryMove` on each publication `row` names (itself, or a parent's children), one after
 * another: the ids it moved, and those it did not with their state now.
 */
export async function moveEach(
  db: Db,
  row: Row,
  tryMove: (target: Row) => Promise<PublicationStatus | undefined>,
): Promise<{ moved: number[]; kept: { id: number; status: PublicationStatus }[] }> {
  const moved: number[] = [];
  const kept: { id: number; status: PublicationStatus }[] = [];
  for (const target of await targetsOf(db, row)) {
    if (await tryMove(target)) moved.push(target.id);
    else kept.push({ id: target.id, status: await stateNow(db, target) });
  }
  return { moved, kept };
}
