import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { verifyPassword } from '../modules/auth/passwords.ts';
import { createTestDatabase } from '../test/test-app.ts';
import { bootstrap } from './bootstrap.ts';
import { flattenMenuTree } from './menu-tree.ts';

const counts = async (db: Db) => {
  const result = (await db.execute(sql`
    select (select count(*) from departments)::int as departments,
           (select count(*) from roles)::int as roles,
           (select count(*) from menus)::int as menus,
           (select count(*) from role_menus)::int as role_menus,
           (select count(*) from users)::int as users,
           (select count(*) from user_roles)::int as user_roles`)) as unknown as {
    rows: Record<string, number>[];
  };
  return result.rows[0];
};

const adminMustChange = async (db: Db) => {
  const result = (await db.execute(
    sql`select must_change_password from users where account = 'admin'`,
  )) as unknown as { rows: { must_change_password: boolean }[] };
  return result.rows[0]?.must_change_password;
};

describe('bootstrap', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;
  const log: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'postdeck-boot-'));
    await runMigrations(database);
  });
  afterAll(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the organisation once, with a generated admin password kept in a 0600 file', async () => {
    const first = await bootstrap(database.db, { dataDir, log: (m) => log.push(m) });
    expect(first.createdAdmin).toBe(true);
    const file = join(dataDir, 'initial-admin-password');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const password = readFileSync(file, 'utf8').trim();
    expect(password).toBe(first.generatedPassword);
    expect(log.join('\n')).toContain(password);

    const hash = (await database.db.execute(
      sql`select password_hash from users where account = 'admin'`,
    )) as unknown as {
      rows: { password_hash: string }[];
    };
    expect(await verifyPassword(hash.rows[0]?.password_hash ?? '', password)).toBe(true);
    // A password written to a file and the console is changed at first sign-in.
    expect(await adminMustChange(database.db)).toBe(true);

    expect(await counts(database.db)).toMatchObject({
      departments: 1,
      roles: 4,
      menus: flattenMenuTree().length,
      users: 1,
      user_roles: 1,
    });
  });

  it('changes nothing when run again', async () => {
    const before = await counts(database.db);
    const again = await bootstrap(database.db, { dataDir, log: (m) => log.push(m) });
    expect(again).toEqual({ createdAdmin: false, generatedPassword: undefined, addedMenus: [] });
    expect(await counts(database.db)).toEqual(before);
  });

  it('gives each built-in role its scope', async () => {
    const result = (await database.db.execute(
      sql`select code, data_scope from roles order by code`,
    )) as unknown as {
      rows: { code: string; data_scope: string }[];
    };
    expect(Object.fromEntries(result.rows.map((r) => [r.code, r.data_scope]))).toEqual({
      admin: 'all',
      dept_admin: 'tree',
      editor: 'own',
      viewer: 'own',
    });
  });

  it('declares every spec §1 area with icon, url and permission codes', () => {
    const entries = flattenMenuTree();
    const keys = entries.map((e) => e.key);
    for (const key of [
      'departmentContent',
      'addContent',
      'adminContent',
      'publishList',
      'scheduledPublishing',
      'channelAccounts',
      'materials',
      'statistics',
      'users',
      'roles',
      'departments',
      'menus',
      'auditLog',
      'messageTips',
    ]) {
      expect(keys).toContain(key);
      const entry = entries.find((e) => e.key === key);
      expect(entry?.url.startsWith('/api/')).toBe(true);
      expect(entry?.icon).not.toBe('');
      expect(entry?.permissions?.length).toBeGreaterThan(0);
    }
  });

  it("adds a new release's entry to an existing install, granted per role seed (allMessages: admin only)", async () => {
    // An install from before issue 3 had no allMessages entry.
    await database.db.execute(sql`delete from menus where key = 'allMessages'`);
    const upgrade = await bootstrap(database.db, { dataDir, log: () => undefined });
    expect(upgrade.addedMenus).toEqual(['allMessages']);
    const result = (await database.db.execute(sql`
      select r.code from role_menus rm
      join roles r on r.id = rm.role_id join menus m on m.id = rm.menu_id
      where m.key = 'allMessages' order by r.code`)) as unknown as { rows: { code: string }[] };
    expect(result.rows.map((r) => r.code)).toEqual(['admin']);
  });

  it('makes an admin created with ADMIN_PASSWORD choose their own password at first sign-in', async () => {
    const fresh = await createTestDatabase();
    try {
      await runMigrations(fresh);
      const log: string[] = [];
      const result = await bootstrap(fresh.db, { adminPassword: 'Adm1n!pass', log: (m) => log.push(m) });
      expect(result.generatedPassword).toBeUndefined();
      expect(await adminMustChange(fresh.db)).toBe(true);
      expect(log.join('\n')).not.toContain('Adm1n!pass');
    } finally {
      await fresh.close();
    }
  });
});
