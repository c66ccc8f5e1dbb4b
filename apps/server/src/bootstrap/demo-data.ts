import { eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { STARTUP_LOCK_KEY } from '../db/migrate.ts';
import { renderDocument } from '@postdeck/rich-text/render-document';
import { contents, notifications, users } from '../db/schema.ts';
import { type Clock, systemClock } from '../lib/clock.ts';
import { ensureDepartment, rootDepartment } from '../modules/departments/department-repo.ts';
import { createUser, findUserIdByAccount } from '../modules/users/user-repo.ts';
import { searchVectorOf } from '../modules/content/search-index.ts';

/** The demonstration organisation: a newsroom with two desks, and a user for each built-in role. */
export const DEMO_USERS = [
  { account: 'demo_admin', name: 'Ada Admin', role: 'admin', department: 'root' },
  { account: 'demo_deptadmin', name: 'Dana Desk-Lead', role: 'dept_admin', department: 'Newsroom' },
  { account: 'demo_editor', name: 'Eli Editor', role: 'editor', department: 'Video desk' },
  { account: 'demo_viewer', name: 'Vic Viewer', role: 'viewer', department: 'Social desk' },
] as const;

/** A few messages for each demo user's bell: a failure (the banner), a success and a tip. */
const DEMO_NOTIFICATIONS = [
  {
    type: 'tip',
    title: 'Welcome to Postdeck',
    channelName: '',
    content: 'Messages about your publications and announcements from your desk appear here.',
    minutesAgo: 3 * 24 * 60,
  },
  {
    type: 'publish_success',
    title: 'Newsroom weekly recap',
    channelName: 'Facebook',
    content: '',
    minutesAgo: 26 * 60,
  },
  {
    type: 'publish_failure',
    title: 'Spring launch teaser',
    channelName: 'YouTube',
    content: 'The channel authorisation has expired; reconnect the account and publish again.',
    minutesAgo: 45,
  },
] as const;

/**
 * `npm run seed:demo`: seedDemo under the start-up lock, so seeds run at once against one
 * PostgreSQL server (beside running Postdeck processes) take turns instead of each creating the
 * departments and tripping over the other's users.
 */
export function seedDemoDatabase(database: Database, password: string, clock: Clock = systemClock) {
  return database.withLock(STARTUP_LOCK_KEY, () => seedDemo(database.db, password, clock));
}

/** Adds what is missing and returns the accounts it created; running it again changes nothing. */
export async function seedDemo(db: Db, password: string, clock: Clock = systemClock): Promise<string[]> {
  const root = await rootDepartment(db);
  const newsroom = await ensureDepartment(db, { name: 'Newsroom', parentId: root });
  const departments: Record<string, number> = {
    root,
    Newsroom: newsroom,
    'Video desk': await ensureDepartment(db, { name: 'Video desk', parentId: newsroom }),
    'Social desk': await ensureDepartment(db, { name: 'Social desk', parentId: newsroom }),
    International: await ensureDepartment(db, { name: 'International', parentId: root }),
  };
  const created: string[] = [];
  for (const user of DEMO_USERS) {
    if (await findUserIdByAccount(db, user.account)) continue;
    await createUser(db, {
      account: user.account,
      name: user.name,
      password,
      departmentId: departments[user.department] as number,
      roleCodes: [user.role],
    });
    created.push(user.account);
  }
  // Only users with an empty bell get the demo messages, so a second run adds none.
  const now = clock.now().getTime();
  for (const user of DEMO_USERS) {
    const userId = await findUserIdByAccount(db, user.account);
    if (userId === undefined) continue;
    const [any] = await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .limit(1);
    if (any) continue;
    await db.insert(notifications).values(
      DEMO_NOTIFICATIONS.map(({ minutesAgo, ...note }) => ({
        ...note,
        userId,
        readStatus: 1,
        createdAt: new Date(now - minutesAgo * 60_000),
      })),
    );
  }
  await seedDemoContents(db, clock);
  return created;
}

const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });

/** A few contents per desk, so the lists and the composer have something to show. */
const DEMO_CONTENTS = [
  {
    author: 'demo_editor',
    title: 'Spring launch teaser',
    summary: 'Thirty seconds of the new season, for every channel.',
    tags: ['launch', 'video'],
    status: 'ready',
    paragraphs: ['The new season starts on 1 March.', 'Watch the teaser and tell us what you expect.'],
  },
  {
    author: 'demo_editor',
    title: 'Behind the scenes: the studio rebuild',
    summary: '',
    tags: ['studio'],
    status: 'draft',
    paragraphs: ['Three weeks, two cranes and one very patient lighting crew.'],
  },
  {
    author: 'demo_deptadmin',
    title: 'Newsroom weekly recap',
    summary: 'What the desk published this week.',
    tags: ['recap'],
    status: 'ready',
    paragraphs: ['Five stories, four channels, one record week for the video desk.'],
  },
  {
    author: 'demo_admin',
    title: '全球社交媒体内容运营平台上线',
    summary: '',
    tags: ['公告'],
    status: 'draft',
    paragraphs: ['新的内容运营平台今天上线。'],
  },
] as const;

async function seedDemoContents(db: Db, clock: Clock): Promise<void> {
  const [any] = await db.select({ id: contents.id }).from(contents).limit(1);
  if (any) return;
  for (const [index, demo] of DEMO_CONTENTS.entries()) {
    const authorId = await findUserIdByAccount(db, demo.author);
    if (authorId === undefined) continue;
    const [author] = await db
      .select({ departmentId: users.departmentId })
      .from(users)
      .where(eq(users.id, authorId));
    if (!author) continue;
    const rendered = renderDocument({ type: 'doc', content: demo.paragraphs.map(paragraph) });
    if (!rendered.ok) throw new Error(`demo content does not render: ${rendered.message}`);
    const at = new Date(clock.now().getTime() - (index + 1) * 3_600_000);
    await db.insert(contents).values({
      departmentId: author.departmentId,
      authorId,
      updatedById: authorId,
      title: demo.title,
      summary: demo.summary,
      tags: [...demo.tags],
      status: demo.status,
      body: rendered.doc,
      bodyHtml: rendered.html,
      bodyText: rendered.text,
      searchVector: searchVectorOf(demo.title, rendered.text),
      createdAt: at,
      updatedAt: at,
    });
  }
}

/** Marks a release's notes as read by every user (demo and end-to-end set-ups). */
export async function markReleaseReadByAll(db: Db, upgradeTime: string): Promise<void> {
  await db.execute(
    sql`insert into guide_reads (user_id, upgrade_time) select id, ${upgradeTime} from users on conflict do nothing`,
  );
}
