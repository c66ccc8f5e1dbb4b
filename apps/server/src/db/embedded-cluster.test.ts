import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureEmbeddedCluster } from './embedded-cluster.ts';
import { tempDirs } from '../test/temp-dirs.ts';

const tempDir = tempDirs('postdeck-cluster-');

describe.skipIf(process.env['TEST_DB_KIND'] === 'postgres')('the embedded cluster, made apart', () => {
  it('makes a cluster where there is none, renamed into place, and only once', async () => {
    const parent = tempDir();
    const dir = join(parent, 'db');
    expect(await ensureEmbeddedCluster(dir)).toBe(true);
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
    expect(readdirSync(parent)).toEqual(['db']);
    expect(await ensureEmbeddedCluster(dir)).toBe(false);
  });

  it('takes an empty directory, and leaves one with files in it to PGlite', async () => {
    const empty = join(tempDir(), 'db');
    mkdirSync(empty);
    expect(await ensureEmbeddedCluster(empty)).toBe(true);

    const occupied = join(tempDir(), 'db');
    mkdirSync(occupied);
    writeFileSync(join(occupied, 'notes.txt'), 'mine');
    expect(await ensureEmbeddedCluster(occupied)).toBe(false);
    expect(readdirSync(occupied)).toEqual(['notes.txt']);
  });

  it('says which directory it could not make a cluster in', async () => {
    const file = join(tempDir(), 'a-file');
    writeFileSync(file, '');
    await expect(ensureEmbeddedCluster(join(file, 'db'))).rejects.toThrow(
      `could not create the embedded database in ${join(file, 'db')}.creating`,
    );
  });
});
