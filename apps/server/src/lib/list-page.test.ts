import { asc, sql } from 'drizzle-orm';
import { pgTable, serial } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { boundedTotal, cursorValue, type ListOrder, listPage } from './list-page.ts';

/**
 * Totals under load (issue 11): requests for one list at the same time share one count, and
 * none is answered with a count that started before it asked.
 */
let t: TestApp;
const settings = { totalBound: 1000 };
const probe = sql`select id from count_probe`;
const countProbe = pgTable('count_probe', { id: serial('id').primaryKey() });
const BY_ID: ListOrder = {
  name: 'id',
  column: countProbe.id,
  kind: 'number',
  id: countProbe.id,
  direction: 'asc',
};

/** The first page of count_probe, three rows a page, through `db`. */
const firstPage = (db: Db, reads = { pages: 0 }) =>
  listPage(db, { page: 1, pageSize: 3 }, BY_ID, settings, {
    list: 'probe',
    fetch: (plan) => {
      reads.pages++;
      return db
        .select({ id: countProbe.id, cursorValue: cursorValue(BY_ID) })
        .from(countProbe)
        .where(plan.where)
        .orderBy(asc(countProbe.id))
        .limit(plan.limit)
        .offset(plan.offset);
    },
    idOf: (row) => row.id,
    matching: db.select({ id: countProbe.id }).from(countProbe),
  });

/** The test database, counting the statements run through it. */
function countingDb(db: Db) {
  const counter = { statements: 0 };
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'execute') return Reflect.get(target, prop, receiver) as unknown;
      return (query: Parameters<Db['execute']>[0]) => {
        counter.statements++;
        return target.execute(query);
      };
    },
  });
  return { db: proxy, counter };
}

beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(sql`create table count_probe (id serial primary key)`);
  await t.db.execute(sql`insert into count_probe select from generate_series(1, 3)`);
});
afterAll(() => t.close());
// A statement that is not a read: the embedded read cache forgets what earlier tests read.
beforeEach(() => t.db.execute(sql`analyze count_probe`));

describe('bounded totals', () => {
  it('runs two counts for twenty requests asking at once', async () => {
    const { db, counter } = countingDb(t.db);
    const totals = await Promise.all(Array.from({ length: 20 }, () => boundedTotal(db, probe, settings)));
    expect(totals).toEqual(Array.from({ length: 20 }, () => ({ total: 3, totalExact: true })));
    // The first request's count, then one shared by the nineteen that asked while it ran.
    expect(counter.statements).toBe(2);
  });

  it('counts a row committed before the request, even while an older count runs', async () => {
    const { db, counter } = countingDb(t.db);
    const before = boundedTotal(db, probe, settings);
    await t.db.execute(sql`insert into count_probe default values`);
    const after = boundedTotal(db, probe, settings);
    const [older, newer] = await Promise.all([before, after]);
    expect(older.total).toBeGreaterThanOrEqual(3);
    expect(newer).toEqual({ total: 4, totalExact: true });
    expect(counter.statements).toBe(2);
  });

  it('keeps lists with other filters apart', async () => {
    const { db, counter } = countingDb(t.db);
    const [all, some] = await Promise.all([
      boundedTotal(db, probe, settings),
      boundedTotal(db, sql`select id from count_probe where id <= ${2}`, settings),
    ]);
    expect([all.total, some.total]).toEqual([4, 2]);
    expect(counter.statements).toBe(2);
  });
});

describe('list pages', () => {
  it('shares one read of a page among the requests asking at once, each with rows of its own', async () => {
    const { db, counter } = countingDb(t.db);
    const reads = { pages: 0 };
    const pages = await Promise.all(Array.from({ length: 20 }, () => firstPage(db, reads)));
    // Two reads (the first request's, then one for the nineteen that asked meanwhile), each a page and a count.
    expect(reads.pages).toBe(2);
    // On PGlite the second read finds the first one's count remembered (no write came between).
    expect(counter.statements).toBe(t.database.kind === 'pglite' ? 1 : 2);
    for (const page of pages)
      expect(page).toMatchObject({ total: 4, totalExact: true, rows: [{ id: 1 }, { id: 2 }, { id: 3 }] });
    expect(new Set(pages.map((page) => page.rows)).size).toBe(20);
  });

  it('shows a row committed before the request, even while an older read runs', async () => {
    await t.db.execute(sql`delete from count_probe where id > 1`);
    const { db } = countingDb(t.db);
    const older = firstPage(db);
    await t.db.execute(sql`insert into count_probe (id) values (2), (3)`);
    const newer = await firstPage(db);
    expect(newer).toMatchObject({ total: 3, totalExact: true, rows: [{ id: 1 }, { id: 2 }, { id: 3 }] });
    await older;
  });
});

describe('the embedded read cache', () => {
  const embedded = () => t.database.kind === 'pglite';

  it('answers a list read again from memory on PGlite until a write, and always reads on a server', async () => {
    const { db, counter } = countingDb(t.db);
    for (let i = 0; i < 5; i++) expect((await boundedTotal(db, probe, settings)).total).toBe(3);
    expect(counter.statements).toBe(embedded() ? 1 : 5);
  });

  it('forgets after a statement that writes, a committed transaction and a rolled back one', async () => {
    const { db, counter } = countingDb(t.db);
    const total = async () => (await boundedTotal(db, probe, settings)).total;
    expect(await total()).toBe(3);
    await t.db.execute(sql`insert into count_probe default values`);
    expect(await total()).toBe(4);
    await t.db.transaction(async (tx) => {
      await tx.insert(countProbe).values({});
    });
    expect(await total()).toBe(5);
    await t.db
      .transaction(async (tx) => {
        await tx.insert(countProbe).values({});
        throw new Error('changed my mind');
      })
      .catch(() => undefined);
    expect(await total()).toBe(5);
    await t.db.execute(sql`delete from count_probe where id > 3`);
    expect(await total()).toBe(3);
    expect(counter.statements).toBe(5);
  });

  it('does not remember a read that a write overtook', async () => {
    const { db } = countingDb(t.db);
    const [before] = await Promise.all([
      boundedTotal(db, probe, settings),
      t.db.execute(sql`insert into count_probe default values`),
    ]);
    // PGlite runs one statement at a time, in order; a server may run the insert first.
    if (embedded()) expect(before.total).toBe(3);
    else expect([3, 4]).toContain(before.total);
    expect((await boundedTotal(db, probe, settings)).total).toBe(4);
    await t.db.execute(sql`delete from count_probe where id > 3`);
  });
});
