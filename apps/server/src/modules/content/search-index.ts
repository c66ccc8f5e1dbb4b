import { asc, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contents } from '../../db/schema.ts';
import { searchDocument, searchQuery } from './search-text.ts';

/** The value of `contents.search_vector` for a title and body text. */
export const searchVectorOf = (title: string, bodyText: string) =>
  sql<string>`to_tsvector('simple', ${searchDocument(title, bodyText)})`;

/** The list condition for a keyword; a keyword with no letters or digits matches nothing. */
export function keywordCondition(keyword: string) {
  const query = searchQuery(keyword);
  return query === null ? sql`false` : sql`${contents.searchVector} @@ to_tsquery('simple', ${query})`;
}

/**
 * Indexes the contents that have no search vector yet (rows written before the column existed,
 * bulk loads), a batch at a time; a row written meanwhile keeps the vector its writer gave it.
 * Returns how many rows it indexed.
 */
export async function indexPendingContents(db: Db, batchSize = 1000): Promise<number> {
  let indexed = 0;
  for (;;) {
    const rows = await db
      .select({ id: contents.id, title: contents.title, bodyText: contents.bodyText })
      .from(contents)
      .where(isNull(contents.searchVector))
      .orderBy(asc(contents.id))
      .limit(batchSize);
    if (rows.length === 0) return indexed;
    const ids = rows.map((row) => row.id);
    const documents = rows.map((row) => searchDocument(row.title, row.bodyText));
    await db.execute(sql`
      update ${contents} set search_vector = to_tsvector('simple', pending.document)
      from unnest(${sql.param(ids)}::int[], ${sql.param(documents)}::text[]) as pending(id, document)
      where ${contents.id} = pending.id and ${contents.searchVector} is null`);
    indexed += rows.length;
    if (rows.length < batchSize) return indexed;
  }
}
