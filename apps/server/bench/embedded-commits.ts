import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { durablePgliteOptions } from '../src/db/durable-pglite.ts';

/**
 * What durable commits cost the embedded database (issue 10): single-row insert commits, one after
 * the other, with PGlite as shipped (fsync off: a commit is in the OS page cache, lost with the
 * machine) and as Postdeck opens it (each commit waits for its write-ahead log to reach the disk).
 */
const COMMITS = Number(process.env['BENCH_COMMITS'] ?? 500);

async function commitsPerSecond(durable: boolean): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'postdeck-bench-commits-'));
  try {
    const client = await PGlite.create(durable ? durablePgliteOptions(dir) : { dataDir: dir });
    try {
      await client.exec('create table t (id serial primary key, v text)');
      const started = performance.now();
      for (let i = 0; i < COMMITS; i++) await client.query('insert into t (v) values ($1)', [`row ${i}`]);
      return COMMITS / ((performance.now() - started) / 1000);
    } finally {
      await client.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const relaxed = await commitsPerSecond(false);
const durable = await commitsPerSecond(true);
console.log(`\nembedded commits: ${COMMITS} single-row inserts, one at a time`);
console.log('| PGlite | commits/s | ms per commit |');
console.log('|---|---:|---:|');
console.log(`| fsync off (as shipped) | ${relaxed.toFixed(0)} | ${(1000 / relaxed).toFixed(2)} |`);
console.log(`| fsync on (Postdeck) | ${durable.toFixed(0)} | ${(1000 / durable).toFixed(2)} |`);
