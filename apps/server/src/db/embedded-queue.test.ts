import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { durablePgliteOptions } from './durable-pglite.ts';
import { queueEmbedded } from './embedded-queue.ts';
import { asPoll } from './read-priority.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** An on-disk embedded database whose fsyncs are counted, with commits in groups. */
async function countedClient() {
  const dir = mkdtempSync(join(tmpdir(), 'postdeck-group-commit-'));
  dirs.push(dir);
  const synced: number[] = [];
  const client = await PGlite.create(durablePgliteOptions(dir, (fd) => synced.push(fd)));
  await queueEmbedded(client);
  await client.exec('create table t (v int)');
  const lsn = async () => {
    const { rows } = await client.query<{ written: string; flushed: string }>(
      `select pg_current_wal_insert_lsn() - '0/0'::pg_lsn as written,
         pg_current_wal_flush_lsn() - '0/0'::pg_lsn as flushed`,
    );
    return { written: Number(rows[0]?.written), flushed: Number(rows[0]?.flushed) };
  };
  return { client, synced, lsn };
}

type Queued = (name: string) => Promise<void>;

/**
 * The order in which the reads and polls that `queueUp` asks for complete, all queued while a
 * transaction holds the database.
 */
async function completionOrder(
  client: PGlite,
  queueUp: (read: Queued, poll: Queued) => Promise<void>[],
): Promise<string[]> {
  const order: string[] = [];
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const holding = client.transaction(async (tx) => {
    await tx.query('select 1');
    await held;
  });
  const read: Queued = (name) => client.query('select 1').then(() => void order.push(name));
  const poll: Queued = (name) => new Promise((resolve) => asPoll(() => void read(name).then(resolve)));
  const waiting = queueUp(read, poll);
  release();
  await Promise.all([holding, ...waiting]);
  return order;
}

describe.skipIf(process.env['TEST_DB_KIND'] === 'postgres')('group commit on the embedded database', () => {
  it('a write resolves only once the write-ahead log holding its commit is on disk', async () => {
    const { client, synced, lsn } = await countedClient();
    try {
      for (const v of [1, 2, 3]) {
        const before = synced.length;
        await client.query('insert into t values ($1)', [v]);
        expect(synced.length).toBeGreaterThan(before);
        const { written, flushed } = await lsn();
        expect(flushed).toBeGreaterThanOrEqual(written);
      }
      const before = synced.length;
      await client.transaction(async (tx) => {
        await tx.query('insert into t values (4)');
      });
      expect(synced.length).toBeGreaterThan(before);
    } finally {
      await client.close();
    }
  });

  it('writes that complete together share one flush; reads wait for none', async () => {
    const { client, synced } = await countedClient();
    try {
      const before = synced.length;
      await Promise.all(
        Array.from({ length: 20 }, (_, v) =>
          v % 2 === 0
            ? client.query('insert into t values ($1)', [v])
            : client.transaction(async (tx) => {
                await tx.query('insert into t values ($1)', [v]);
              }),
        ),
      );
      expect(synced.length - before).toBeLessThanOrEqual(2);
      const afterWrites = synced.length;
      await client.query('select count(*) from t');
      expect(synced.length).toBe(afterWrites);
      expect((await client.query<{ n: number }>('select count(*)::int as n from t')).rows[0]?.n).toBe(20);
    } finally {
      await client.close();
    }
  });

  it("runs a poll's reads before the other waiting reads", async () => {
    const { client } = await countedClient();
    try {
      const order = await completionOrder(client, (read, poll) => [
        ...Array.from({ length: 20 }, (_, i) => read(`read ${i}`)),
        poll('poll'),
      ]);
      expect(order).toEqual(['poll', ...Array.from({ length: 20 }, (_, i) => `read ${i}`)]);
    } finally {
      await client.close();
    }
  });

  it('lets another read through after 8 polls in a row', async () => {
    const { client } = await countedClient();
    try {
      const order = await completionOrder(client, (read, poll) => [
        read('read'),
        ...Array.from({ length: 12 }, (_, i) => poll(`poll ${i}`)),
      ]);
      expect(order).toEqual([
        ...Array.from({ length: 8 }, (_, i) => `poll ${i}`),
        'read',
        ...Array.from({ length: 4 }, (_, i) => `poll ${i + 8}`),
      ]);
    } finally {
      await client.close();
    }
  });
});
