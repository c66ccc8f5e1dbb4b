import { and, desc, eq, gte, inArray, lte, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type allInforQuerySchema,
  type myInforQuerySchema,
  type notReadListBodySchema,
  parseTimeRange,
  type Preferences,
  READ_STATUS,
  type readQuerySchema,
  type tipListQuerySchema,
  type tipSendBodySchema,
} from '@postdeck/contract/notifications';
import type { Db } from '../../db/client.ts';
import {
  departments,
  guideReads,
  notificationPreferences,
  notifications,
  tips,
  users,
} from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { departmentScope, departmentSubtrees, inScope, scopeFilter } from '../../lib/department-scope.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import {
  boundedTotal,
  cursorValue,
  DEFAULT_LIST_SETTINGS,
  type ListOrder,
  type ListSettings,
  listPage,
  numberedPageTotal,
  type PagePlan,
  type PageRequest,
  pageOffset,
} from '../../lib/list-page.ts';
import type { Principal } from '../../lib/principal.ts';
import { type RequestMeta, writeAudit } from '../audit/audit.ts';
import type { Notifier } from './notifier.ts';

/** Audit actions written by the messages module. */
export const MESSAGE_ACTIONS = {
  read: 'message.read',
  tipSend: 'message.tip.send',
  preferences: 'message.preferences.update',
  guideRead: 'guide.read',
} as const;

export const DEFAULT_PREFERENCES: Preferences = {
  publishFailure: true,
  publishSuccess: true,
  tip: true,
  departmentFailures: false,
};

type MyInforQuery = z.output<typeof myInforQuerySchema>;
type AllInforQuery = z.output<typeof allInforQuerySchema>;
type ReadQuery = z.output<typeof readQuerySchema>;
type NotReadListBody = z.output<typeof notReadListBodySchema>;
type TipSendBody = z.output<typeof tipSendBodySchema>;
type TipListQuery = z.output<typeof tipListQuerySchema>;

const itemColumns = {
  id: notifications.id,
  oppId: notifications.oppId,
  title: notifications.title,
  channelName: notifications.channelName,
  type: notifications.type,
  content: notifications.content,
  readStatus: notifications.readStatus,
  createdAt: notifications.createdAt,
};

interface ItemRow {
  id: number;
  oppId: number | null;
  title: string;
  channelName: string;
  type: string;
  content: string;
  readStatus: number;
  createdAt: Date;
}

const toItem = ({ createdAt, oppId, ...row }: ItemRow) => ({
  ...row,
  id: Number(row.id),
  oppId: oppId === null ? null : Number(oppId),
  time: createdAt.toISOString(),
});

function timeCondition(time: string | undefined): SQL | undefined {
  if (time === undefined) return undefined;
  // The schema already refused a malformed range; this only turns it into bounds.
  const range = parseTimeRange(time);
  if (!range)
    throw new AppError('invalidTimeRange', { fieldErrors: [fieldError('time', 'invalidTimeRange')] });
  return and(gte(notifications.createdAt, range.from), lte(notifications.createdAt, range.to));
}

/**
 * Newest first, the id breaking ties (one notify call writes many rows at once); the
 * (user[, status][, type], created, id) indexes are ascending, so this reads them backwards.
 */
const NEWEST_FIRST: ListOrder = {
  name: 'time',
  column: notifications.createdAt,
  kind: 'timestamp',
  id: notifications.id,
  direction: 'desc',
};

export interface MessagesServiceDeps {
  db: Db;
  clock: Clock;
  notifier: Notifier;
  /** How far message lists and unread badges count (the default bound unless a test lowers it). */
  lists?: ListSettings | undefined;
}

/** Notifications, tips, preferences and 'what's new' marks (issue 3, items 9-12). */
export function createMessagesService(deps: MessagesServiceDeps) {
  const { db, clock, notifier } = deps;
  const lists = deps.lists ?? DEFAULT_LIST_SETTINGS;

  /** The bell's badge: unread notifications, counted up to the list bound (it shows 99+ anyway). */
  function unreadCount(userId: number) {
    const unread = db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.readStatus, READ_STATUS.unread)));
    return boundedTotal(db, unread, lists);
  }

  /** A keyset page of notifications: `fetch` reads a plan's rows, `matching` selects the list. */
  const readNotifications = <R extends { id: number; cursorValue: string }>(
    list: string,
    query: PageRequest,
    fetch: (plan: PagePlan) => Promise<R[]>,
    matching: SQLWrapper,
  ) => listPage(db, query, NEWEST_FIRST, lists, { list, fetch, idOf: (row) => Number(row.id), matching });

  async function myInfor(principal: Principal, query: MyInforQuery) {
    const where = and(
      eq(notifications.userId, principal.id),
      query.navLink === 1 ? eq(notifications.readStatus, READ_STATUS.unread) : undefined,
      query.type ? eq(notifications.type, query.type) : undefined,
      timeCondition(query.time),
    );
    const [{ rows, ...page }, unread] = await Promise.all([
      readNotifications(
        'my notifications',
        query,
        (plan) =>
          db
            .select({ ...itemColumns, cursorValue: cursorValue(NEWEST_FIRST) })
            .from(notifications)
            .where(and(where, plan.where))
            .orderBy(...plan.orderBy)
            .limit(plan.limit)
            .offset(plan.offset),
        db.select({ id: notifications.id }).from(notifications).where(where),
      ),
      unreadCount(principal.id),
    ]);
    return {
      ...page,
      items: rows.map(toItem),
      page: query.page,
      pageSize: query.pageSize,
      unread: unread.total,
    };
  }

  async function allInfor(principal: Principal, query: AllInforQuery) {
    const scope = await departmentScope(db, principal);
    const where = and(
      scopeFilter(scope, users.departmentId),
      query.account ? sql`lower(${users.account}) = ${query.account.toLowerCase()}` : undefined,
      query.readStatus ? eq(notifications.readStatus, query.readStatus) : undefined,
      query.type ? eq(notifications.type, query.type) : undefined,
      timeCondition(query.time),
    );
    const { rows, ...page } = await readNotifications(
      'notifications of all',
      query,
      (plan) =>
        db
          .select({
            ...itemColumns,
            userId: users.id,
            account: users.account,
            name: users.name,
            cursorValue: cursorValue(NEWEST_FIRST),
          })
          .from(notifications)
          .innerJoin(users, eq(users.id, notifications.userId))
          .where(and(where, plan.where))
          .orderBy(...plan.orderBy)
          .limit(plan.limit)
          .offset(plan.offset),
      db
        .select({ id: notifications.id })
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.userId))
        .where(where),
    );
    return {
      ...page,
      items: rows.map(({ userId, account, name, ...row }) => ({
        ...toItem(row),
        user: { id: userId, account, name },
      })),
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /** Marks own unread notifications read; other users' rows are never matched. */
  async function markRead(principal: Principal, query: ReadQuery, meta: RequestMeta) {
    const ids =
      query.id !== undefined
        ? [query.id]
        : query.ids !== undefined
          ? [...new Set(query.ids.split(',').map(Number))]
          : undefined;
    return db.transaction(async (tx) => {
      const changed = await tx
        .update(notifications)
        .set({ readStatus: READ_STATUS.read })
        .where(
          and(
            eq(notifications.userId, principal.id),
            eq(notifications.readStatus, READ_STATUS.unread),
            ids ? inArray(notifications.id, ids) : undefined,
          ),
        )
        .returning({ id: notifications.id });
      // Nothing changed, nothing to record: the bell may repeat a mark harmlessly.
      if (changed.length > 0) {
        await writeAudit(tx, {
          ...meta,
          at: clock.now(),
          action: MESSAGE_ACTIONS.read,
          actorId: principal.id,
          actorAccount: principal.account,
          target: ids ? `notifications:${ids.length === 1 ? ids[0] : 'list'}` : 'notifications:all',
          detail: { changed: changed.length },
        });
      }
      return { changed: changed.length };
    });
  }

  /** Cheap by design: both counts and the page come from the (user, status[, type], created) indexes. */
  async function notReadList(principal: Principal, body: NotReadListBody) {
    const where = and(
      eq(notifications.userId, principal.id),
      eq(notifications.readStatus, READ_STATUS.unread),
      body.type ? eq(notifications.type, body.type) : undefined,
    );
    const offset = pageOffset(body, lists);
    const [rows, unread] = await Promise.all([
      db
        .select(itemColumns)
        .from(notifications)
        .where(where)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(body.pageSize)
        .offset(offset),
      unreadCount(principal.id),
    ]);
    // Without a type the list is every unread one: the badge's count is its total.
    const total = body.type
      ? await numberedPageTotal(
          db,
          body,
          offset,
          rows.length,
          db.select({ id: notifications.id }).from(notifications).where(where),
          lists,
        )
      : unread;
    return {
      items: rows.map(toItem),
      ...total,
      page: body.page,
      pageSize: body.pageSize,
      count: unread.total,
    };
  }

  /**
   * Sends a tip. Chosen departments must lie in the sender's scope (else 400 naming
   * departmentIds); their sub-departments are included, clipped to the scope. No departments
   * means everyone the sender's scope covers (all users for an 'all' scope).
   */
  async function sendTip(principal: Principal, body: TipSendBody, meta: RequestMeta) {
    const scope = await departmentScope(db, principal);
    const chosen = [...new Set(body.departmentIds)];
    let targets: number[] | 'all';
    if (chosen.length > 0) {
      const known = await db
        .select({ id: departments.id })
        .from(departments)
        .where(inArray(departments.id, chosen));
      const knownIds = new Set(known.map((d) => d.id));
      const refused = chosen.filter((id) => !knownIds.has(id) || !inScope(scope, id));
      if (refused.length > 0) {
        throw new AppError('departmentOutOfScope', {
          fieldErrors: [fieldError('departmentIds', 'departmentOutOfScope')],
          data: { refused },
        });
      }
      const subtree = await departmentSubtrees(db, chosen);
      targets = subtree.filter((id) => inScope(scope, id));
    } else {
      targets = scope.all ? 'all' : scope.ids;
    }

    return db.transaction(async (tx) => {
      const { userIds } = await notifier.notify(tx, {
        // The targets are already expanded and clipped to the sender's scope.
        ...(targets === 'all' ? { all: true as const } : { departmentIds: targets, exactDepartments: true }),
        type: 'tip',
        title: body.title,
        content: body.content,
      });
      const now = clock.now();
      const [tip] = await tx
        .insert(tips)
        .values({
          senderId: principal.id,
          senderAccount: principal.account,
          senderName: principal.name,
          senderDepartmentId: principal.departmentId,
          title: body.title,
          content: body.content,
          departmentIds: chosen,
          recipients: userIds.length,
          createdAt: now,
        })
        .returning({ id: tips.id });
      if (!tip) throw new Error('tip insert returned nothing');
      await writeAudit(tx, {
        ...meta,
        at: now,
        action: MESSAGE_ACTIONS.tipSend,
        actorId: principal.id,
        actorAccount: principal.account,
        target: `tip:${tip.id}`,
        detail: { title: body.title, departmentIds: chosen, recipients: userIds.length },
      });
      return { id: Number(tip.id), recipients: userIds.length };
    });
  }

  /** Tips sent by users of the caller's department scope, newest first. */
  async function listTips(principal: Principal, query: TipListQuery) {
    const scope = await departmentScope(db, principal);
    const where = scopeFilter(scope, tips.senderDepartmentId);
    const offset = pageOffset(query, lists);
    const rows = await db
      .select()
      .from(tips)
      .where(where)
      .orderBy(desc(tips.createdAt), desc(tips.id))
      .limit(query.pageSize)
      .offset(offset);
    const total = await numberedPageTotal(
      db,
      query,
      offset,
      rows.length,
      db.select({ id: tips.id }).from(tips).where(where),
      lists,
    );
    const departmentIds = [...new Set(rows.flatMap((r) => r.departmentIds))];
    const names = new Map(
      departmentIds.length === 0
        ? []
        : (
            await db
              .select({ id: departments.id, name: departments.name })
              .from(departments)
              .where(inArray(departments.id, departmentIds))
          ).map((d) => [d.id, d.name]),
    );
    return {
      items: rows.map((r) => ({
        id: Number(r.id),
        title: r.title,
        content: r.content,
        sender: { id: r.senderId, account: r.senderAccount, name: r.senderName },
        departments: r.departmentIds.flatMap((id) => {
          const name = names.get(id);
          return name === undefined ? [] : [{ id, name }];
        }),
        recipients: r.recipients,
        time: r.createdAt.toISOString(),
      })),
      ...total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async function preferences(userId: number): Promise<Preferences> {
    const [row] = await db
      .select({
        publishFailure: notificationPreferences.publishFailure,
        publishSuccess: notificationPreferences.publishSuccess,
        tip: notificationPreferences.tip,
        departmentFailures: notificationPreferences.departmentFailures,
      })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId));
    return row ?? DEFAULT_PREFERENCES;
  }

  async function updatePreferences(principal: Principal, body: Preferences, meta: RequestMeta) {
    const now = clock.now();
    await db.transaction(async (tx) => {
      await tx
        .insert(notificationPreferences)
        .values({ userId: principal.id, ...body, updatedAt: now })
        .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...body, updatedAt: now } });
      await writeAudit(tx, {
        ...meta,
        at: now,
        action: MESSAGE_ACTIONS.preferences,
        actorId: principal.id,
        actorAccount: principal.account,
        target: `user:${principal.id}`,
        detail: { ...body },
      });
    });
    return preferences(principal.id);
  }

  /** Idempotent: only the first read of an upgrade is stored (and audited). */
  async function markGuideRead(principal: Principal, upgradeTime: string, meta: RequestMeta) {
    const now = clock.now();
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(guideReads)
        .values({ userId: principal.id, upgradeTime, readAt: now })
        .onConflictDoNothing()
        .returning({ userId: guideReads.userId });
      if (inserted.length > 0) {
        await writeAudit(tx, {
          ...meta,
          at: now,
          action: MESSAGE_ACTIONS.guideRead,
          actorId: principal.id,
          actorAccount: principal.account,
          target: `guide:${upgradeTime}`,
        });
      }
    });
    return { seen: true };
  }

  async function guideStatus(principal: Principal, upgradeTime: string) {
    const [row] = await db
      .select({ userId: guideReads.userId })
      .from(guideReads)
      .where(and(eq(guideReads.userId, principal.id), eq(guideReads.upgradeTime, upgradeTime)));
    return { seen: row !== undefined };
  }

  return {
    myInfor,
    allInfor,
    markRead,
    notReadList,
    sendTip,
    listTips,
    preferences,
    updatePreferences,
    markGuideRead,
    guideStatus,
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
