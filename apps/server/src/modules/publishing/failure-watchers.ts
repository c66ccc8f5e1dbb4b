import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notificationPreferences, users } from '../../db/schema.ts';
import { departmentScope, inScope } from '../../lib/department-scope.ts';
import { loadPrincipal } from '../users/principal-repo.ts';

/**
 * Who, besides its author, is told of a publication's failure (issue 20, item 7): the users who
 * asked for their departments' failures and whose data scope holds the publication's department
 * (its administrators), as of now. Few users turn this on, so each is checked as the API would.
 */
export async function failureWatchers(
  db: Db,
  publication: { departmentId: number; authorId: number },
  now: Date,
): Promise<number[]> {
  const candidates = await db
    .select({ id: users.id })
    .from(notificationPreferences)
    .innerJoin(users, eq(users.id, notificationPreferences.userId))
    .where(
      and(
        eq(notificationPreferences.departmentFailures, true),
        eq(users.status, 'active'),
        isNull(users.deletedAt),
        ne(users.id, publication.authorId),
      ),
    );
  const watchers: number[] = [];
  for (const { id } of candidates) {
    const principal = await loadPrincipal(db, id, now);
    if (principal && inScope(await departmentScope(db, principal), publication.departmentId))
      watchers.push(id);
  }
  return watchers;
}
