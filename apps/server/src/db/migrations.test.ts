import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app.ts';
import { type Database, rawRows } from './client.ts';
import { MIGRATIONS_FOLDER, runMigrations } from './migrate.ts';

/** The migrations up to (not including) `tag`, in a folder of their own. */
async function migrationsBefore(tag: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'postdeck-migrations-'));
  await cp(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const stop = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(stop).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, stop);
  await writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

describe('0007: uniqueness the database enforces, on an install the races already damaged', () => {
  let database: Database;
  let before: string;
  const id: Record<string, number> = {};

  beforeAll(async () => {
    database = await createTestDatabase();
    before = await migrationsBefore('0007_unique_names');
    await runMigrations(database, before);
    const add = async (name: string, parent: string | null) => {
      const parentId = parent === null ? null : (id[parent] as number);
      const [row] = await rawRows<{ id: number }>(
        database.db,
        sql`insert into departments (name, parent_id) values (${name}, ${parentId}) returning id`,
      );
      id[name] = Number(row?.id);
    };
    await add('Root', null);
    await add('News', 'Root');
    await add('NEWS', 'Root');
    await add('news (2)', 'Root');
    await add('news', 'Root');
    await add('News', 'NEWS'); // the same name under another parent is fine
    // A cycle with a department hanging below it: X under Y, Y under X, Z under X.
    await add('X', 'Root');
    await add('Y', 'X');
    await add('Z', 'X');
    await database.db.execute(sql`update departments set parent_id = ${id['Y']} where id = ${id['X']}`);
    for (const code of [
      'rc',
      'RC',
      'Rc',
      'rc_2',
      'a234567890123456789012345678901b',
      'A234567890123456789012345678901B',
    ]) {
      await database.db.execute(sql`insert into roles (code, name) values (${code}, ${code})`);
    }
    await runMigrations(database);
  });
  afterAll(async () => {
    await database.close();
    await rm(before, { recursive: true, force: true });
  });

  const departmentRows = () =>
    rawRows<{ id: number; name: string; parent_id: number | null }>(
      database.db,
      sql`select id, name, parent_id from departments order by id`,
    );

  it('renames sibling departments that differ only in case, oldest first, keeping the oldest', async () => {
    const underRoot = (await departmentRows())
      .filter((row) => row.parent_id === id['Root'])
      .map((r) => r.name);
    expect(underRoot).toEqual(['News', 'NEWS (3)', 'news (2)', 'news (4)', 'X']);
  });

  it('moves the cycle back under the root, its lowest-numbered department first', async () => {
    const rows = await departmentRows();
    const parentOf = new Map(
      rows.map((row) => [Number(row.id), row.parent_id === null ? null : Number(row.parent_id)]),
    );
    expect(parentOf.get(id['X'] as number)).toBe(id['Root']);
    expect(parentOf.get(id['Y'] as number)).toBe(id['X']);
    expect(parentOf.get(id['Z'] as number)).toBe(id['X']);
  });

  it('renames role codes that differ only in case to codes still valid', async () => {
    const codes = await rawRows<{ code: string }>(database.db, sql`select code from roles order by id`);
    expect(codes.map((row) => row.code).slice(-6)).toEqual([
      'rc',
      'RC_3',
      'Rc_4',
      'rc_2',
      'a234567890123456789012345678901b',
      'A23456789012345678901234567890_2',
    ]);
  });

  it('then refuses a duplicate itself', async () => {
    await expect(
      database.db.execute(sql`insert into departments (name, parent_id) values ('NeWs', ${id['Root']})`),
    ).rejects.toThrow();
    await expect(
      database.db.execute(sql`insert into roles (code, name) values ('RC', 'again')`),
    ).rejects.toThrow();
  });
});
