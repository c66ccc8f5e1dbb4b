import { PUBLISHING_PLATFORMS } from '@postdeck/contract/platforms';
import { sql } from 'drizzle-orm';
import { type Db, rawRows } from '../src/db/client.ts';
import { VOCABULARY } from './seed-contents.ts';

/**
 * A publish history for the benchmarks (issue 21 item 7): `accounts` channel accounts over the
 * ten platforms and about `children` publications of the past `years`, in parents of 1 to 10
 * accounts each (5.5 on average), plus `upcoming` scheduled ones over the next three months for
 * the calendar. All in one department, by one author, generated in SQL: mostly published, some
 * failed, unconfirmed, withdrawn, cancelled and held, by multiplicative hashing of the row.
 */
export async function seedPublications(
  db: Db,
  options: {
    departmentId: number;
    /** Spreads the accounts and publish actions over these departments instead (the statistics' bench). */
    departmentIds?: readonly number[];
    authorId: number;
    accounts: number;
    children: number;
    years: number;
    upcoming: number;
  },
) {
  const started = performance.now();
  const { departmentId, authorId, accounts } = options;
  const platforms = `{${PUBLISHING_PLATFORMS.join(',')}}`;
  const departments = `{${(options.departmentIds ?? [departmentId]).join(',')}}`;
  const [content] = await rawRows<{ id: number }>(
    db,
    sql`insert into contents (department_id, author_id, updated_by_id, title, body, body_html, body_text, status)
        values (${departmentId}, ${authorId}, ${authorId}, 'Bench content', '{"type":"doc"}'::jsonb, '', '', 'ready')
        returning id`,
  );
  const contentId = Number(content?.id);
  const [first] = await rawRows<{ id: number }>(
    db,
    sql`insert into channel_accounts (platform, external_id, name, department_id, status)
        select (${platforms}::text[])[1 + (g - 1) % 10], 'bench-' || g, 'Bench account ' || g,
          (${departments}::int[])[1 + (g - 1) % cardinality(${departments}::int[])], 'active'
        from generate_series(1, ${accounts}::int) g
        returning id`,
  );
  const firstAccount = Number(first?.id);
  const parents = Math.round(options.children / 5.5);
  const spanS = Math.round(options.years * 365 * 86_400);
  const stepS = spanS / parents;
  // Parents first, newest first by g; then each parent's children, their accounts spread by hash.
  await db.execute(sql`
    with v as materialized (select string_to_array(${VOCABULARY.join(' ')}, ' ') as words)
    insert into publications (content_id, department_id, author_id, status, title, media_type, created_at, updated_at)
    select ${contentId}::int, (${departments}::int[])[1 + g % cardinality(${departments}::int[])], ${authorId}::int, 'group',
      'Story ' || g || ' ' || (select string_agg(v.words[1 + ((g::bigint * 7919 + k * 104729) % 4096)], ' ') from generate_series(1, 3) k),
      (array['text', 'image', 'video'])[1 + (g::bigint * 2654435761 % 3)],
      now() - make_interval(secs => g * ${stepS}::float8), now() - make_interval(secs => g * ${stepS}::float8)
    from v, generate_series(1, ${parents}::int) g`);
  await db.execute(sql`
    insert into publications (parent_id, content_id, department_id, author_id, account_id, platform, status,
      title, text, media_type, created_at, updated_at, published_at, external_url)
    select p.id, p.content_id, p.department_id, p.author_id, a.account_id,
      (${platforms}::text[])[1 + (a.account_id - ${firstAccount}) % 10],
      s.status, p.title, p.title, p.media_type, p.created_at, p.created_at,
      case when s.status in ('published', 'withdrawn') then p.created_at end,
      case when s.status in ('published', 'withdrawn') then 'https://example.org/p/' || p.id || '-' || k end
    from publications p
    cross join lateral generate_series(0, (p.id * 7919) % 10) k
    cross join lateral (select ${firstAccount}::int + ((p.id * 31 + k * 17) % ${accounts}::int)::int as account_id) a
    cross join lateral (select case
      when (p.id * 13 + k * 7) % 100 < 90 then 'published'
      when (p.id * 13 + k * 7) % 100 < 95 then 'failed'
      when (p.id * 13 + k * 7) % 100 < 97 then 'unconfirmed'
      when (p.id * 13 + k * 7) % 100 < 98 then 'withdrawn'
      when (p.id * 13 + k * 7) % 100 < 99 then 'cancelled'
      else 'held' end as status) s
    where p.parent_id is null and p.status = 'group' and p.content_id = ${contentId}`);
  // What is still to go out: scheduled over the next 90 days, made a day before their time.
  const upcomingParents = Math.round(options.upcoming / 5.5);
  await db.execute(sql`
    with made as (
      insert into publications (content_id, department_id, author_id, status, title, scheduled_at, created_at, updated_at)
      select ${contentId}::int, ${departmentId}::int, ${authorId}::int, 'group', 'Upcoming ' || g,
        now() + make_interval(secs => g * ${(90 * 86_400) / Math.max(1, upcomingParents)}::float8),
        now() - interval '1 day', now() - interval '1 day'
      from generate_series(1, ${upcomingParents}::int) g
      returning id, scheduled_at, created_at, title)
    insert into publications (parent_id, content_id, department_id, author_id, account_id, platform, status,
      title, text, scheduled_at, next_attempt_at, created_at, updated_at)
    select m.id, ${contentId}::int, ${departmentId}::int, ${authorId}::int, a.account_id,
      (${platforms}::text[])[1 + (a.account_id - ${firstAccount}) % 10], 'scheduled', m.title, m.title,
      m.scheduled_at, m.scheduled_at, m.created_at, m.created_at
    from made m
    cross join lateral generate_series(0, (m.id * 7919) % 10) k
    cross join lateral (select ${firstAccount}::int + ((m.id * 31 + k * 17) % ${accounts}::int)::int as account_id) a`);
  const seedMs = performance.now() - started;
  const analyzeStart = performance.now();
  await db.execute(sql`vacuum analyze publications`);
  const [counts] = await rawRows<{ parents: number | string; children: number | string }>(
    db,
    sql`select count(*) filter (where parent_id is null) as parents, count(*) filter (where parent_id is not null) as children from publications`,
  );
  return {
    parents: Number(counts?.parents),
    children: Number(counts?.children),
    firstAccount,
    seedMs,
    analyzeMs: performance.now() - analyzeStart,
  };
}
