import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../test/temp-dirs.ts';
import { createLocalStorage } from './local-storage.ts';
import { BAD_KEYS, describeStorageContract } from './storage-contract.ts';
import { InvalidKeyError, MAX_KEY_LENGTH } from './storage.ts';

const tempDir = tempDirs('postdeck-storage-');

/** Every file under `root` outside the temp directory, as keys. */
async function keysUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((key) => !key.startsWith('.tmp/'))
    .sort();
}

const tempFiles = async (root: string) => readdir(join(root, '.tmp')).catch(() => []);

describeStorageContract('local storage', async () => {
  const dir = tempDir();
  const root = join(dir, 'files');
  return {
    storage: createLocalStorage(root),
    keys: () => keysUnder(root),
    leftovers: () => tempFiles(root),
    scratch: dir,
  };
});

describe('local storage', () => {
  it('keeps each key as a file under its root, a path tools can read', async () => {
    const dir = tempDir();
    const storage = createLocalStorage(join(dir, 'files'));
    const key = 'materials/ab/abcdef.jpg';
    await storage.put(key, Buffer.from('hello'));
    expect(storage.path(key)).toBe(join(dir, 'files', 'materials', 'ab', 'abcdef.jpg'));
    expect(await readFile(storage.path(key), 'utf8')).toBe('hello');
    expect(storage.path('a'.repeat(MAX_KEY_LENGTH))).toBe(join(dir, 'files', 'a'.repeat(MAX_KEY_LENGTH)));
  });

  it('makes no path of a bad key, and no directory for it', async () => {
    const root = join(tempDir(), 'absent');
    const storage = createLocalStorage(root);
    for (const key of BAD_KEYS) {
      expect(() => storage.path(key), key).toThrow(InvalidKeyError);
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toBeInstanceOf(InvalidKeyError);
    }
    expect(existsSync(root)).toBe(false);
  });

  it('sweeps temp files a crash left behind, keeping recent ones', async () => {
    const dir = tempDir();
    const storage = createLocalStorage(dir);
    expect(await storage.sweepTemp()).toBe(0);
    await mkdir(join(dir, '.tmp'));
    await writeFile(join(dir, '.tmp', 'old.part'), 'x');
    await writeFile(join(dir, '.tmp', 'new.part'), 'x');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    await utimes(join(dir, '.tmp', 'old.part'), twoDaysAgo, twoDaysAgo);
    expect(await storage.sweepTemp()).toBe(1);
    expect(await readdir(join(dir, '.tmp'))).toEqual(['new.part']);
  });
});
