import { existsSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import type * as FsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createLocalStorage } from './local-storage.ts';

// A second file system is not available everywhere, so EXDEV is simulated on the first rename.
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof FsPromises>();
  return { ...actual, rename: vi.fn(actual.rename) };
});

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(join(tmpdir(), 'postdeck-storage-exdev-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

it('putFile copies and removes the original when the file is on another file system', async () => {
  const exdev = Object.assign(new Error('cross-device link not permitted'), { code: 'EXDEV' });
  vi.mocked(fs.rename).mockRejectedValueOnce(exdev);
  const storage = createLocalStorage(join(dir, 'files'));
  const upload = join(dir, 'upload.part');
  await fs.writeFile(upload, 'abc');

  const result = await storage.putFile('materials/ef/efgh.mp4', upload);

  expect(result).toEqual({
    bytes: 3,
    sha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
  });
  expect(existsSync(upload)).toBe(false);
  expect(await fs.readFile(storage.path('materials/ef/efgh.mp4'), 'utf8')).toBe('abc');
  expect(await fs.readdir(join(dir, 'files', '.tmp'))).toEqual([]);
  expect(vi.mocked(fs.rename)).toHaveBeenCalledTimes(2);
});
