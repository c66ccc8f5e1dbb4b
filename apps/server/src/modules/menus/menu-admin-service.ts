import type { MenuAdminItem, menuCreateBodySchema, menuUpdateBodySchema } from '@postdeck/contract/menu';
import { ADMIN_ROLE } from '@postdeck/contract/roles';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { lockTree } from '../../db/locks.ts';
import { menus, roleMenus, roles } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import type { PrincipalCache } from '../../lib/principal-cache.ts';
import type { Principal } from '../../lib/principal.ts';
import { auditChange, type RequestMeta } from '../audit/audit.ts';
import { CUSTOM_KEY_PREFIX, findMenuAdminItem, listMenuAdminItems } from './menu-repo.ts';

type CreateBody = z.output<typeof menuCreateBodySchema>;
type UpdateBody = z.output<typeof menuUpdateBodySchema>;

/** Audit actions of the menu editor. */
export const MENU_ACTIONS = {
  create: 'menu.create',
  update: 'menu.update',
  delete: 'menu.delete',
} as const;

const parentRefused = () =>
  new AppError('menuParentInvalid', { fieldErrors: [fieldError('parentId', 'menuParentInvalid')] });

/**
 * The server menu as administrators edit it (issue 5, item 5). Built-in entries keep their key
 * (bootstrap knows them by it) and can be hidden but not deleted; an added entry is given to
 * the administrator role at once, which always holds every entry. Any change can alter what
 * every user sees and may do, so every cached user is dropped.
 */
export function createMenuAdminService(deps: {
  db: Db;
  clock: Clock;
  principals: Pick<PrincipalCache, 'invalidate'>;
}) {
  const { db, clock, principals } = deps;

  async function one(id: number, on: Db = db): Promise<MenuAdminItem> {
    const item = await findMenuAdminItem(on, id);
    if (!item) throw new AppError('notFound');
    return item;
  }

  /**
   * A parent must exist, not be an action, and (on a move) not be the entry or below it. Called
   * under the tree lock; the walk up stops at an entry seen before, should the data hold a cycle.
   */
  async function checkParent(tx: Db, parentId: number | null, movingId?: number) {
    if (parentId === null) return;
    const items = await listMenuAdminItems(tx);
    const parent = items.find((item) => item.id === parentId);
    if (!parent || parent.kind === 'action') throw parentRefused();
    if (movingId === undefined) return;
    const seen = new Set<number>();
    for (
      let at: MenuAdminItem | undefined = parent;
      at && !seen.has(at.id);
      at = items.find((item) => item.id === at?.parentId)
    ) {
      if (at.id === movingId) throw parentRefused();
      seen.add(at.id);
    }
  }

  const fields = (input: CreateBody | UpdateBody) => ({
    parentId: input.parentId,
    kind: input.kind,
    titles: input.titles,
    url: input.kind === 'action' ? '' : input.url,
    icon: input.icon,
    hidden: input.hidden,
    alwaysShow: input.alwaysShow,
    sort: input.sort,
    permissions: [...new Set(input.permissions)],
  });

  return {
    list: async () => ({ items: await listMenuAdminItems(db) }),

    async create(principal: Principal, input: CreateBody, meta: RequestMeta) {
      const id = await db.transaction(async (tx) => {
        await lockTree(tx, 'menus');
        await checkParent(tx, input.parentId);
        const [row] = await tx
          .insert(menus)
          .values({
            key: `${CUSTOM_KEY_PREFIX}${randomUUID()}`,
            name: input.titles.en ?? '',
            ...fields(input),
          })
          .returning({ id: menus.id });
        if (!row) throw new Error('menu insert returned nothing');
        const [admin] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, ADMIN_ROLE));
        if (admin) await tx.insert(roleMenus).values({ roleId: admin.id, menuId: row.id });
        await auditChange(tx, principal, meta, {
          at: clock.now(),
          action: MENU_ACTIONS.create,
          target: `menu:${row.id}`,
          detail: fields(input),
        });
        return row.id;
      });
      await principals.invalidate('*');
      return one(id);
    },

    async update(principal: Principal, input: UpdateBody, meta: RequestMeta) {
      const id = await db.transaction(async (tx) => {
        await lockTree(tx, 'menus');
        const current = await one(input.id, tx);
        if (input.parentId !== current.parentId) await checkParent(tx, input.parentId, current.id);
        if (
          input.kind === 'action' &&
          (await listMenuAdminItems(tx, eq(menus.parentId, current.id))).length > 0
        ) {
          // An action has no page to hold entries under it.
          throw new AppError('menuNotEmpty');
        }
        // A built-in entry's name is the i18n key its titles fall back to; an added one's is English.
        const name = current.builtIn ? current.name : (input.titles.en ?? current.name);
        await tx
          .update(menus)
          .set({ name, ...fields(input) })
          .where(eq(menus.id, current.id));
        await auditChange(tx, principal, meta, {
          at: clock.now(),
          action: MENU_ACTIONS.update,
          target: `menu:${current.id}`,
          detail: { from: current, to: fields(input) },
        });
        return current.id;
      });
      await principals.invalidate('*');
      return one(id);
    },

    async remove(principal: Principal, id: number, meta: RequestMeta): Promise<null> {
      await db.transaction(async (tx) => {
        // Under the lock, so no entry is added below it between the check and the (cascading) delete.
        await lockTree(tx, 'menus');
        const current = await one(id, tx);
        if (current.builtIn) throw new AppError('menuBuiltIn');
        if ((await listMenuAdminItems(tx, eq(menus.parentId, id))).length > 0)
          throw new AppError('menuNotEmpty');
        await tx.delete(menus).where(eq(menus.id, id));
        await auditChange(tx, principal, meta, {
          at: clock.now(),
          action: MENU_ACTIONS.delete,
          target: `menu:${id}`,
          detail: { name: current.name, url: current.url },
        });
      });
      await principals.invalidate('*');
      return null;
    },
  };
}

export type MenuAdminService = ReturnType<typeof createMenuAdminService>;
