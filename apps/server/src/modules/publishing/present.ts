import type { PublishingPlatform } from '@postdeck/contract/platforms';
import type { Publication, PublicationStatus } from '@postdeck/contract/publishing';
import { type SQL, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { departmentScope, inScope } from '../../lib/department-scope.ts';
import { AppError } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import { channelAccounts, departments, publications, users } from '../../db/schema.ts';

const author = alias(users, 'author');

/** The publication (a child or a parent) if the caller's data scope holds its department; 404 otherwise. */
export async function visiblePublication(db: Db, principal: Principal, id: number) {
  const [row] = await db.select().from(publications).where(eq(publications.id, id));
  if (!row || !inScope(await departmentScope(db, principal), row.departmentId))
    throw new AppError('notFound');
  return row;
}

/** The columns a Publication shows (not the pipeline's own: progress, raw error, screenshot). */
const SHOWN = {
  id: publications.id,
  parentId: publications.parentId,
  contentId: publications.contentId,
  title: publications.title,
  status: publications.status,
  text: publications.text,
  options: publications.options,
  mediaIds: publications.mediaIds,
  scheduledAt: publications.scheduledAt,
  publishedAt: publications.publishedAt,
  externalUrl: publications.externalUrl,
  errorKind: publications.errorKind,
  errorMessage: publications.errorMessage,
  attempts: publications.attempts,
  nextAttemptAt: publications.nextAttemptAt,
  createdAt: publications.createdAt,
  updatedAt: publications.updatedAt,
};

/** Children as the API shows them, joined with their account, department and author. */
function joinedPublications(db: Db, where: SQL | undefined) {
  return db
    .select({
      publication: SHOWN,
      account: {
        id: channelAccounts.id,
        platform: channelAccounts.platform,
        name: channelAccounts.name,
        handle: channelAccounts.handle,
      },
      department: { id: departments.id, name: departments.name },
      author: { id: author.id, name: author.name },
    })
    .from(publications)
    .innerJoin(channelAccounts, eq(channelAccounts.id, publications.accountId))
    .innerJoin(departments, eq(departments.id, publications.departmentId))
    .innerJoin(author, eq(author.id, publications.authorId))
    .where(where);
}

/** Publications (children) as the API shows them, in the order of `ids`. */
export async function publicationsById(db: Db, ids: readonly number[]): Promise<Publication[]> {
  if (ids.length === 0) return [];
  const rows = await joinedPublications(db, inArray(publications.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.publication.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toPublication(row)] : [];
  });
}

/** The publications `where` picks, in `order`, at most `limit`: one read, however many. */
export async function publicationsWhere(
  db: Db,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
): Promise<Publication[]> {
  const rows = await joinedPublications(db, where)
    .orderBy(...order)
    .limit(limit);
  return rows.map(toPublication);
}

/** The children of parents, each parent's in the order they were made. */
export async function childrenOf(db: Db, parentIds: readonly number[]): Promise<Map<number, Publication[]>> {
  const byParent = new Map<number, Publication[]>(parentIds.map((id) => [id, []]));
  if (parentIds.length === 0) return byParent;
  const rows = await joinedPublications(db, inArray(publications.parentId, [...parentIds])).orderBy(
    asc(publications.id),
  );
  for (const row of rows) byParent.get(row.publication.parentId ?? -1)?.push(toPublication(row));
  return byParent;
}

type Joined = {
  publication: { [K in keyof typeof SHOWN]: (typeof publications.$inferSelect)[K] };
  account: { id: number; platform: string; name: string; handle: string | null };
  department: { id: number; name: string };
  author: { id: number; name: string };
};

export function toPublication({ publication: p, account, department, author: by }: Joined): Publication {
  const iso = (date: Date | null) => (date ? date.toISOString() : null);
  return {
    id: p.id,
    parentId: p.parentId,
    contentId: p.contentId,
    title: p.title,
    account: { ...account, platform: account.platform as PublishingPlatform },
    department,
    author: by,
    status: p.status as PublicationStatus,
    text: p.text,
    options: p.options as Record<string, unknown>,
    mediaIds: p.mediaIds,
    scheduledAt: iso(p.scheduledAt),
    publishedAt: iso(p.publishedAt),
    externalUrl: p.externalUrl,
    error: p.errorKind ? { kind: p.errorKind, message: p.errorMessage } : null,
    attempts: p.attempts,
    nextAttemptAt: iso(p.nextAttemptAt),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}
