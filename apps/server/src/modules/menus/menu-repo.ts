import type { MenuAdminItem } from '@postdeck/contract/menu';
import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { menus } from '../../db/schema.ts';

/** Keys of entries an administrator added; every other key is a built-in one from bootstrap. */
export const CUSTOM_KEY_PREFIX = 'custom:';

export const isBuiltInKey = (key: string) => !key.startsWith(CUSTOM_KEY_PREFIX);

/** Menu entries with every field, ordered as the menu shows them among siblings. */
export async function listMenuAdminItems(db: Db, where?: SQL): Promise<MenuAdminItem[]> {
  const rows = await db.select().from(menus).where(where).orderBy(asc(menus.sort), asc(menus.id));
  return rows.map(({ key, ...row }) => ({
    id: row.id,
    parentId: row.parentId,
    builtIn: isBuiltInKey(key),
    kind: row.kind,
    name: row.name,
    titles: row.titles,
    url: row.url,
    icon: row.icon,
    hidden: row.hidden,
    alwaysShow: row.alwaysShow,
    sort: row.sort,
    permissions: row.permissions,
  }));
}

export async function findMenuAdminItem(db: Db, id: number): Promise<MenuAdminItem | undefined> {
  const [item] = await listMenuAdminItems(db, eq(menus.id, id));
  return item;
}

/** The permissions the given entries carry together; ids that do not exist are returned apart. */
export async function permissionsOfMenus(
  db: Db,
  ids: readonly number[],
): Promise<{ permissions: Set<string>; unknown: number[] }> {
  if (ids.length === 0) return { permissions: new Set(), unknown: [] };
  const rows = await db
    .select({ id: menus.id, permissions: menus.permissions })
    .from(menus)
    .where(inArray(menus.id, [...ids]));
  const found = new Set(rows.map((row) => row.id));
  return {
    permissions: new Set(rows.flatMap((row) => row.permissions)),
    unknown: ids.filter((id) => !found.has(id)),
  };
}
