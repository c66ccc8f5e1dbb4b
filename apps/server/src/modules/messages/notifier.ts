import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notificationPreferences, notifications, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { departmentSubtrees } from '../../lib/department-scope.ts';

/** Exactly one way of naming the recipients. */
export type Recipients =
  | { userIds: readonly number[]; departmentIds?: never; all?: never }
  /**
   * Each department counts with all its sub-departments, unless `exactDepartments` says the
   * list is already complete (a caller that clipped a subtree to someone's scope).
   */
  | { departmentIds: readonly number[]; exactDepartments?: boolean; userIds?: never; all?: never }
  | { all: true; userIds?: never; departmentIds?: never };

export type NotifyInput = Recipients & {
  /** 'publish_failure' | 'publish_success' | 'tip' | any later type. */
  type: string;
  title: string;
  channelName?: string;
  oppId?: number | null;
  content?: string;
};

/**
 * The preference switch that governs each type. Every one of them, publish_failure included,
 * may be turned off: the user chose to miss it. Types not listed here always notify.
 */
const PREFERENCE_OF = {
  publish_failure: notificationPreferences.publishFailure,
  publish_success: notificationPreferences.publishSuccess,
  tip: notificationPreferences.tip,
} as const;

const INSERT_CHUNK = 1000;

/**
 * The one way other modules (publishing, tips) put messages in users' bells: resolves the
 * recipients to active users, drops those who turned the type off, and inserts one row each
 * through the caller's transaction, so the notifications land with the change that caused them.
 */
export function createNotifier(deps: { clock: Clock }) {
  async function notify(db: Db, input: NotifyInput): Promise<{ userIds: number[] }> {
    const conditions: (SQL | undefined)[] = [eq(users.status, 'active'), isNull(users.deletedAt)];
    if (input.userIds) {
      if (input.userIds.length === 0) return { userIds: [] };
      conditions.push(inArray(users.id, [...input.userIds]));
    } else if (input.departmentIds) {
      const departments = input.exactDepartments
        ? [...input.departmentIds]
        : await departmentSubtrees(db, input.departmentIds);
      if (departments.length === 0) return { userIds: [] };
      conditions.push(inArray(users.departmentId, departments));
    } else if (input.all !== true) {
      throw new Error('notify: name userIds, departmentIds or all');
    }
    const preference = PREFERENCE_OF[input.type as keyof typeof PREFERENCE_OF];
    // No preference row means the defaults: everything on.
    if (preference) conditions.push(or(isNull(notificationPreferences.userId), eq(preference, true)));

    const rows = await db
      .select({ id: users.id })
      .from(users)
      .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
      .where(and(...conditions))
      .orderBy(users.id);
    const userIds = rows.map((r) => r.id);
    const createdAt = deps.clock.now();
    for (let start = 0; start < userIds.length; start += INSERT_CHUNK) {
      await db.insert(notifications).values(
        userIds.slice(start, start + INSERT_CHUNK).map((userId) => ({
          userId,
          oppId: input.oppId ?? null,
          title: input.title,
          channelName: input.channelName ?? '',
          type: input.type,
          content: input.content ?? '',
          readStatus: 1,
          createdAt,
        })),
      );
    }
    return { userIds };
  }

  return { notify };
}

export type Notifier = ReturnType<typeof createNotifier>;
