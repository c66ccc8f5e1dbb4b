import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { indexPendingContents } from '../src/modules/content/search-index.ts';

/** Contents for the benchmarks: generated in one statement, then indexed for search as start-up would. */

// Pronounceable words, so titles and bodies look like text.
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ne',
  'su',
  'ta',
  'ri',
  'po',
  'de',
  'gu',
  'ba',
  'fe',
  'zo',
  'vi',
  'ha',
  'ju',
];
export const VOCABULARY = Array.from({ length: 4096 }, (_, i) =>
  [i % 16, (i >> 4) % 16, (i >> 8) % 16].map((s) => SYLLABLES[s]).join(''),
);

/**
 * `count` contents in `departmentId`, by the bootstrap admin (user 1): 30 words per body and 3
 * per title, picked by multiplicative hashing of the row, one a minute back from now. Then
 * their search vectors, and statistics and visibility as a maintained database has them.
 */
export async function seedContents(db: Db, departmentId: number, count: number) {
  const seedStart = performance.now();
  await db.execute(sql`
    with v as materialized (select string_to_array(${VOCABULARY.join(' ')}, ' ') as words)
    insert into contents (department_id, author_id, updated_by_id, title, body, body_html, body_text, tags, status, created_at, updated_at)
    select ${departmentId}::int, 1, 1,
      'Story ' || g || ' ' || w.t,
      '{"type":"doc"}'::jsonb, '<p>' || w.b || '</p>', w.b,
      array['tag' || (g % 50)], 'draft',
      now() - make_interval(mins => g), now() - make_interval(mins => g)
    from v, generate_series(1, ${count}::int) g
    cross join lateral (
      select
        (select string_agg(v.words[1 + ((g::bigint * 7919 + k * 104729) % 4096)], ' ') from generate_series(1, 3) k) as t,
        (select string_agg(v.words[1 + ((g::bigint * 31 + k * 2654435761) % 4096)], ' ') from generate_series(1, 30) k) as b
    ) w`);
  const seedMs = performance.now() - seedStart;
  // The bulk load has no search vectors: index them as start-up does for rows it finds so.
  const indexStart = performance.now();
  await indexPendingContents(db);
  await db.execute(sql`vacuum analyze contents`);
  return { seedMs, indexMs: performance.now() - indexStart };
}
