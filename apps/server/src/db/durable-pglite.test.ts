import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, rawRows } from './client.ts';
import { durablePgliteOptions } from './durable-pglite.ts';
import { tempDirs } from '../test/temp-dirs.ts';

const tempDir = tempDirs('postdeck-durable-');

describe.skipIf(process.env['TEST_DB_KIND'] === 'postgres')('embedded commits reach the disk (fsync)', () => {
  it('the embedded database in DATA_DIR runs with fsync on and keeps a commit across a reopen', async () => {
    const dataDir = tempDir();
    const first = await openDatabase({ dataDir });
    try {
      const [setting] = await rawRows<{ fsync: string; method: string }>(
        first.db,
        sql`select current_setting('fsync') as fsync, current_setting('wal_sync_method') as method`,
      );
      expect(setting).toEqual({ fsync: 'on', method: 'fsync' });
      await first.db.execute(sql`create table kept (v text)`);
      await first.db.execute(sql`insert into kept values ('acknowledged')`);
    } finally {
      await first.close();
    }
    const second = await openDatabase({ dataDir });
    try {
      expect(await rawRows(second.db, sql`select v from kept`)).toEqual([{ v: 'acknowledged' }]);
    } finally {
      await second.close();
    }
  });

  it('each commit waits for a real fsync of the write-ahead log', async () => {
    const synced: number[] = [];
    const client = await PGlite.create(durablePgliteOptions(tempDir(), (fd) => synced.push(fd)));
    try {
      await client.exec('create table t (v int)');
      for (const v of [1, 2, 3]) {
        const before = synced.length;
        await client.query('insert into t values ($1)', [v]);
        expect(synced.length).toBeGreaterThan(before);
      }
      // A read commits nothing and waits for no disk.
      const before = synced.length;
      await client.query('select count(*) from t');
      expect(synced.length).toBe(before);
    } finally {
      await client.close();
    }
  });
});
