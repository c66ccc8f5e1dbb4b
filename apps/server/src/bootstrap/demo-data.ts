import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { notifications } from '../db/schema.ts';
import { type Clock, systemClock } from '../lib/clock.ts';
import { ensureDepartment, rootDepartment } from '../modules/departments/department-repo.ts';
import { createUser, findUserIdByAccount } from '../modules/users/user-repo.ts';

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
  return created;
}

/** Marks a release's notes as read by every user (demo and end-to-end set-ups). */
export async function markReleaseReadByAll(db: Db, upgradeTime: string): Promise<void> {
  await db.execute(
    sql`insert into guide_reads (user_id, upgrade_time) select id, ${upgradeTime} from users on conflict do nothing`,
  );
}
