import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresError } from '../lib/db-errors.ts';
import { type Database, openDatabase, rawRows } from './client.ts';

/** The embedded database in its worker thread, as the server uses it through drizzle. */
describe.skipIf(process.env['TEST_DB_KIND'] === 'postgres')(
  'the embedded database in its worker thread',
  () => {
    let database: Database;
    beforeAll(async () => {
      database = await openDatabase({});
      await database.db.execute(
        sql`create table kept (id int primary key, at timestamptz not null default now())`,
      );
    });
    afterAll(() => database.close());

    it("keeps PostgreSQL's error fields across the thread boundary", async () => {
      await database.db.execute(sql`insert into kept (id) values (1)`);
      const error = await database.db.execute(sql`insert into kept (id) values (1)`).catch((e: unknown) => e);
      expect(postgresError(error)).toMatchObject({
        code: '23505',
        severity: 'ERROR',
        constraint: 'kept_pkey',
      });
    });

    it('gives timestamps as their text, as drizzle asks, and rows as objects or arrays', async () => {
      const [row] = await rawRows<{ at: unknown }>(
        database.db,
        sql`select '2026-01-02 03:04:05+00'::timestamptz as at`,
      );
      expect(typeof row?.at).toBe('string');
      const result = await database.pglite?.query<unknown[]>('select 1 as a, 2 as b', [], {
        rowMode: 'array',
      });
      expect(result?.rows).toEqual([[1, 2]]);
    });

    it('rolls a transaction back when its work throws, and commits it otherwise', async () => {
      const failing = database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into kept (id) values (2)`);
        throw new Error('changed my mind');
      });
      await expect(failing).rejects.toThrow('changed my mind');
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into kept (id) values (3)`);
      });
      const ids = await rawRows<{ id: number }>(database.db, sql`select id from kept order by id`);
      expect(ids.map((r) => r.id)).toEqual([1, 3]);
    });

    it('runs a read asked while writes wait before them', async () => {
      const order: string[] = [];
      const writes = [4, 5, 6].map((id) =>
        database.db
          .transaction(async (tx) => {
            await tx.execute(sql`insert into kept (id) values (${id})`);
          })
          .then(() => order.push(`write ${id}`)),
      );
      const read = database.db.execute(sql`select count(*) from kept`).then(() => order.push('read'));
      await Promise.all([...writes, read]);
      // The first write was under way when the read was asked; the read overtook the others.
      expect(order.indexOf('read')).toBeLessThan(order.indexOf('write 6'));
      expect(order.indexOf('read')).toBeLessThan(order.indexOf('write 5'));
    });

    it('is not quiet while a statement runs or waits', async () => {
      const reading = database.pglite?.query('select count(*) from kept');
      expect(database.quietForMs?.()).toBe(0);
      await reading;
      expect(database.quietForMs?.()).toBeGreaterThanOrEqual(0);
    });
  },
);
