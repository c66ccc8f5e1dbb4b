import { sql } from 'drizzle-orm';
import { type Db, rawRows } from '../../db/client.ts';

/**
 * Rows for the statistics' tests, written straight to the tables: a content, accounts and the
 * publications of one parent, in whatever state a test needs (the pipeline that really makes
 * them is tested in modules/publishing).
 */
export async function statsFixtures(db: Db, options: { departmentId: number; authorId: number }) {
  const { departmentId, authorId } = options;
  const [content] = await rawRows<{ id: number }>(
    db,
    sql`insert into contents (department_id, author_id, updated_by_id, title, body, body_html, body_text, status)
        values (${departmentId}, ${authorId}, ${authorId}, 'Stats content', '{"type":"doc"}'::jsonb, '', '', 'ready')
        returning id`,
  );
  const contentId = Number(content?.id);
  const [parent] = await rawRows<{ id: number }>(
    db,
    sql`insert into publications (content_id, department_id, author_id, status, title)
        values (${contentId}, ${departmentId}, ${authorId}, 'group', 'Stats content') returning id`,
  );
  const parentId = Number(parent?.id);
  return {
    contentId,
    parentId,
    async account(platform: string, name: string, department = departmentId): Promise<number> {
      const [row] = await rawRows<{ id: number }>(
        db,
        sql`insert into channel_accounts (platform, external_id, name, department_id, status)
            values (${platform}, ${`${platform}-${name}`}, ${name}, ${department}, 'active') returning id`,
      );
      return Number(row?.id);
    },
    async publication(input: {
      accountId: number;
      platform: string;
      status: string;
      at: Date;
      departmentId?: number;
      authorId?: number;
      errorKind?: string;
      title?: string;
    }): Promise<number> {
      const published = input.status === 'published' || input.status === 'withdrawn';
      const [row] = await rawRows<{ id: number }>(
        db,
        sql`insert into publications (parent_id, content_id, department_id, author_id, account_id, platform,
              status, title, created_at, updated_at, published_at, external_id, external_url, error_kind)
            values (${parentId}, ${contentId}, ${input.departmentId ?? departmentId}, ${input.authorId ?? authorId},
              ${input.accountId}, ${input.platform}, ${input.status}, ${input.title ?? 'Stats content'},
              ${input.at.toISOString()}::timestamptz, ${input.at.toISOString()}::timestamptz,
              ${published ? input.at.toISOString() : null}::timestamptz,
              ${published ? `post-${input.accountId}-${input.at.getTime()}` : null},
              ${published ? `https://example.org/${input.at.getTime()}` : null},
              ${input.status === 'failed' ? (input.errorKind ?? 'rejected') : null})
            returning id`,
      );
      return Number(row?.id);
    },
    async setStatus(publicationId: number, status: string, at: Date): Promise<void> {
      const published = status === 'published' || status === 'withdrawn';
      await db.execute(sql`
        update publications set status = ${status},
          published_at = case when ${published} then coalesce(published_at, ${at.toISOString()}::timestamptz) end,
          error_kind = case when ${status} = 'failed' then 'transient' end
        where id = ${publicationId}`);
    },
  };
}
