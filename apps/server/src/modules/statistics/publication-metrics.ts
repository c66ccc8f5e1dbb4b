import { POST_METRICS, type PublicationMetrics } from '@postdeck/contract/statistics';
import { sql } from 'drizzle-orm';
import { type Db, rawRows } from '../../db/client.ts';
import { departmentScope, inScope } from '../../lib/department-scope.ts';
import { AppError } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import { METRIC_COLUMN, isoOf } from './metric-columns.ts';

/** The readings kept for one publication in its detail (the schedule makes at most 28). */
const SNAPSHOTS_MAX = 100;

/** One account's publication's readings, oldest first, and its next; a publication outside the caller's scope is not found. */
export async function publicationMetrics(
  db: Db,
  principal: Principal,
  id: number,
): Promise<PublicationMetrics> {
  const [publication] = await rawRows<{ department_id: number; next_at: unknown }>(
    db,
    sql`select p.department_id, m.next_at from publications p
        left join publication_metrics m on m.publication_id = p.id
        where p.id = ${id} and p.parent_id is not null`,
  );
  if (!publication || !inScope(await departmentScope(db, principal), Number(publication.department_id)))
    throw new AppError('notFound');
  const columns = sql.raw(POST_METRICS.map((n) => `${METRIC_COLUMN[n]} as "${n}"`).join(', '));
  const rows = await rawRows<Record<string, unknown>>(
    db,
    sql`select * from (select taken_at, id, ${columns} from metric_snapshots where publication_id = ${id}
          order by taken_at desc, id desc limit ${SNAPSHOTS_MAX}) s order by taken_at, id`,
  );
  return {
    snapshots: rows.map((r) => ({
      at: isoOf(r['taken_at']),
      metrics: Object.fromEntries(
        POST_METRICS.filter((n) => r[n] !== null && r[n] !== undefined).map((n) => [n, Number(r[n])]),
      ),
    })),
    nextAt:
      publication.next_at === null || publication.next_at === undefined ? null : isoOf(publication.next_at),
  };
}
