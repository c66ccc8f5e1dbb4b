import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { departments, menus, roleMenus, roles, userRoles, users } from '../db/schema.ts';
import { generatePassword, hashPassword } from '../modules/auth/passwords.ts';
import { flattenMenuTree, ROLE_SEEDS } from './menu-tree.ts';

export interface BootstrapOptions {
  adminPassword?: string | undefined;
  /** Where a generated admin password is written; omitted in tests that pass one. */
  dataDir?: string | undefined;
  log: (message: string) => void;
}

export interface BootstrapResult {
  createdAdmin: boolean;
  generatedPassword: string | undefined;
  addedMenus: string[];
}

/**
 * First start: a root department, the built-in roles, the menu tree and an admin account.
 * Later starts add only built-in menu entries a new release brings, granted to the roles
 * whose seed names them; everything else is left as administrators made it.
 */
export async function bootstrap(db: Db, options: BootstrapOptions): Promise<BootstrapResult> {
  const adminPassword = options.adminPassword ?? generatePassword();
  // Hashing outside the transaction keeps it short.
  const adminHash = await hashPassword(adminPassword);

  return db.transaction(async (tx) => {
    let [root] = await tx.select({ id: departments.id }).from(departments).limit(1);
    if (!root) {
      [root] = await tx.insert(departments).values({ name: 'Postdeck' }).returning({ id: departments.id });
    }
    if (!root) throw new Error('bootstrap: could not create the root department');

    const seeds = flattenMenuTree();
    const existing = await tx.select({ id: menus.id, key: menus.key }).from(menus);
    const idByKey = new Map(existing.map((m) => [m.key, m.id]));
    const addedMenus: string[] = [];
    for (const seed of seeds) {
      if (idByKey.has(seed.key)) continue;
      const [row] = await tx
        .insert(menus)
        .values({
          key: seed.key,
          parentId: seed.parentKey ? (idByKey.get(seed.parentKey) ?? null) : null,
          kind: seed.kind ?? 'menu',
          name: seed.name,
          url: seed.url,
          icon: seed.icon,
          hidden: seed.hidden ?? false,
          alwaysShow: seed.alwaysShow ?? false,
          sort: seed.sort,
          permissions: seed.permissions ?? [],
        })
        .returning({ id: menus.id });
      if (!row) throw new Error(`bootstrap: could not create menu ${seed.key}`);
      idByKey.set(seed.key, row.id);
      addedMenus.push(seed.key);
    }

    const existingRoles = await tx.select({ id: roles.id, code: roles.code }).from(roles);
    const roleIdByCode = new Map(existingRoles.map((r) => [r.code, r.id]));
    for (const seed of ROLE_SEEDS) {
      let roleId = roleIdByCode.get(seed.code);
      // A new role gets its whole seed; an existing one only the entries this start added.
      const candidates = roleId === undefined ? seeds.map((s) => s.key) : addedMenus;
      if (roleId === undefined) {
        const [row] = await tx
          .insert(roles)
          .values({ code: seed.code, name: seed.name, dataScope: seed.dataScope, builtIn: true })
          .returning({ id: roles.id });
        if (!row) throw new Error(`bootstrap: could not create role ${seed.code}`);
        roleId = row.id;
        roleIdByCode.set(seed.code, roleId);
      }
      const granted = candidates.filter((key) => {
        if (seed.menus === 'all') return true;
        if (seed.menus === 'all-but') return !(seed.except as readonly string[]).includes(key);
        return (seed.menus as readonly string[]).includes(key);
      });
      const grantedIds = granted.map((key) => idByKey.get(key)).filter((id) => id !== undefined);
      if (grantedIds.length > 0) {
        await tx
          .insert(roleMenus)
          .values(grantedIds.map((menuId) => ({ roleId: roleId, menuId })))
          .onConflictDoNothing();
      }
    }

    const [{ count } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(users);
    let generatedPassword: string | undefined;
    if (count === 0) {
      const [admin] = await tx
        .insert(users)
        // Whoever reads the console, the file or the deployment's environment knows this
        // password: like one an administrator sets, it is replaced at first sign-in.
        .values({
          account: 'admin',
          name: 'Administrator',
          departmentId: root.id,
          passwordHash: adminHash,
          mustChangePassword: true,
        })
        .returning({ id: users.id });
      const adminRoleId = roleIdByCode.get('admin');
      if (!admin || adminRoleId === undefined) throw new Error('bootstrap: could not create admin');
      await tx.insert(userRoles).values({ userId: admin.id, roleId: adminRoleId });
      if (!options.adminPassword) {
        generatedPassword = adminPassword;
        if (options.dataDir) {
          const file = join(options.dataDir, 'initial-admin-password');
          writeFileSync(file, `${generatedPassword}\n`, { mode: 0o600 });
          options.log(
            `Created account "admin" with password ${generatedPassword} (also in ${file}; to be changed at first sign-in)`,
          );
        } else {
          options.log(
            `Created account "admin" with password ${generatedPassword} (to be changed at first sign-in)`,
          );
        }
      } else {
        options.log(
          'Created account "admin" with the password from ADMIN_PASSWORD (to be changed at first sign-in)',
        );
      }
    }
    return { createdAdmin: count === 0, generatedPassword, addedMenus };
  });
}
