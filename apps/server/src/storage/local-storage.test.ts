import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage.ts';
import {
  hashStream,
  InvalidKeyError,
  MAX_KEY_LENGTH,
  ObjectNotFoundError,
  ObjectTooLargeError,
} from './storage.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'postdeck-storage-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const text = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** A stream of `count` chunks, each `size` bytes of `fill`, yielding to the event loop between them. */
function chunked(count: number, size: number, fill: number | string): Readable {
  return Readable.from(
    (async function* () {
      for (let i = 0; i < count; i++) {
        await new Promise((r) => setImmediate(r));
        yield Buffer.alloc(size, fill);
      }
    })(),
  );
}

const tempFiles = async (root: string) => readdir(join(root, '.tmp')).catch(() => []);

describe('local storage', () => {
  it('round-trips put, get (whole and ranges), stat and delete', async () => {
    const storage = createLocalStorage(join(dir, 'files'));
    const key = 'materials/ab/abcdef.jpg';
    const put = await storage.put(key, Buffer.from('hello'), { contentType: 'image/jpeg' });
    expect(put).toEqual({
      bytes: 5,
      sha256: '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824',
    });
    expect(storage.path(key)).toBe(join(dir, 'files', 'materials', 'ab', 'abcdef.jpg'));
    expect(await readFile(storage.path(key), 'utf8')).toBe('hello');
    expect(await text(await storage.get(key))).toBe('hello');
    expect(await text(await storage.get(key, { start: 1, end: 3 }))).toBe('ell');
    expect(await text(await storage.get(key, { start: 2 }))).toBe('llo');
    expect(await text(await storage.get(key, { start: 5 }))).toBe('');

    const stat = await storage.stat(key);
    expect(stat?.bytes).toBe(5);
    expect(stat?.modifiedAt).toBeInstanceOf(Date);

    await storage.put(key, Buffer.from('replaced'));
    expect(await text(await storage.get(key))).toBe('replaced');

    await storage.delete(key);
    expect(await storage.stat(key)).toBeUndefined();
    await expect(storage.get(key)).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(storage.delete(key)).resolves.toBeUndefined();
    expect(await tempFiles(join(dir, 'files'))).toEqual([]);
  });

  it('rejects malformed ranges', async () => {
    const storage = createLocalStorage(dir);
    await storage.put('a', Buffer.from('abc'));
    await expect(storage.get('a', { start: -1 })).rejects.toBeInstanceOf(RangeError);
    await expect(storage.get('a', { start: 2, end: 1 })).rejects.toBeInstanceOf(RangeError);
    await expect(storage.get('a', { start: 0.5 })).rejects.toBeInstanceOf(RangeError);
  });

  it('hashes and counts a streamed put (the one-million-a SHA-256 test vector)', async () => {
    const storage = createLocalStorage(dir);
    const result = await storage.put('video/big.mp4', chunked(1000, 1000, 'a'));
    expect(result).toEqual({
      bytes: 1_000_000,
      sha256: 'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0',
    });
    expect(await hashStream(await storage.get('video/big.mp4'))).toEqual(result);
  });

  it('leaves no file at the key and no temp file when the source fails half way', async () => {
    const storage = createLocalStorage(dir);
    await storage.put('clip.mp4', Buffer.from('old'));
    const failing = Readable.from(
      (async function* () {
        yield Buffer.alloc(64 * 1024, 1);
        await new Promise((r) => setImmediate(r));
        yield Buffer.alloc(64 * 1024, 2);
        throw new Error('connection reset');
      })(),
    );
    await expect(storage.put('clip.mp4', failing)).rejects.toThrow('connection reset');
    await expect(storage.put('fresh.mp4', chunked(3, 10, 0).map(failAfter(2)))).rejects.toThrow('boom');
    // The old object survives a failed replacement; a failed new one never appears.
    expect(await text(await storage.get('clip.mp4'))).toBe('old');
    expect(await storage.stat('fresh.mp4')).toBeUndefined();
    expect(existsSync(join(dir, 'fresh.mp4'))).toBe(false);
    expect(await tempFiles(dir)).toEqual([]);
  });

  it('stops at maxBytes with nothing stored', async () => {
    const storage = createLocalStorage(dir);
    const source = chunked(10, 100, 'x');
    await expect(storage.put('too/big', source, { maxBytes: 550 })).rejects.toBeInstanceOf(
      ObjectTooLargeError,
    );
    expect(source.destroyed).toBe(true);
    expect(await storage.stat('too/big')).toBeUndefined();
    expect(await tempFiles(dir)).toEqual([]);
    expect((await storage.put('ok', chunked(5, 100, 'x'), { maxBytes: 500 })).bytes).toBe(500);
  });

  it('rejects bad keys before touching the disk', async () => {
    const root = join(dir, 'absent');
    const storage = createLocalStorage(root);
    const outside = join(dir, 'outside.txt');
    await writeFile(outside, 'x');
    const badKeys = [
      '../x',
      '/etc/passwd',
      'a/../../b',
      'A.JPG',
      '',
      'a'.repeat(MAX_KEY_LENGTH + 1),
      'a//b',
      'a/',
      './a',
      '.tmp/x',
      'a.b.c',
      'a\\b',
      'a b',
      'a\0b',
      'été.jpg',
      '..',
    ];
    for (const key of badKeys) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage.putFile(key, outside), key).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage.stat(key), key).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidKeyError);
      expect(() => storage.path(key), key).toThrow(InvalidKeyError);
    }
    expect(existsSync(root)).toBe(false);
    expect(existsSync(outside)).toBe(true);
    expect(storage.path('a'.repeat(MAX_KEY_LENGTH))).toBe(join(root, 'a'.repeat(MAX_KEY_LENGTH)));
  });

  it('leaves one complete file when puts to the same key race', async () => {
    const storage = createLocalStorage(dir);
    const size = 256 * 1024;
    const writers = Array.from({ length: 8 }, (_, i) =>
      storage.put('race/one.bin', chunked(16, size / 16, i)),
    );
    const results = await Promise.all(writers);
    const stored = await readFile(storage.path('race/one.bin'));
    expect(stored.length).toBe(size);
    const winner = stored[0];
    expect(stored.every((byte) => byte === winner)).toBe(true);
    const expected = createHash('sha256').update(stored).digest('hex');
    expect(results.map((r) => r.sha256)).toContain(expected);
    expect(await tempFiles(dir)).toEqual([]);
  });

  it('moves a finished file in with putFile', async () => {
    const storage = createLocalStorage(join(dir, 'files'));
    const upload = join(dir, 'upload.part');
    await writeFile(upload, 'abc');
    const result = await storage.putFile('materials/cd/cdef.mp4', upload);
    expect(result).toEqual({
      bytes: 3,
      sha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    });
    expect(existsSync(upload)).toBe(false);
    expect(await text(await storage.get('materials/cd/cdef.mp4'))).toBe('abc');

    await writeFile(upload, 'abcd');
    expect(await storage.putFile('known', upload, { sha256: 'f'.repeat(64) })).toEqual({
      bytes: 4,
      sha256: 'f'.repeat(64),
    });
    await writeFile(upload, 'abcd');
    await expect(storage.putFile('limited', upload, { maxBytes: 3 })).rejects.toBeInstanceOf(
      ObjectTooLargeError,
    );
    expect(existsSync(upload)).toBe(true);
    await mkdir(join(dir, 'a-directory'));
    await expect(storage.putFile('dir', join(dir, 'a-directory'))).rejects.toThrow('Not a regular file');
    await expect(storage.putFile('gone', join(dir, 'nothing-here'))).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });

  it('treats a key that is only a prefix of other keys as absent', async () => {
    const storage = createLocalStorage(dir);
    await storage.put('a/b', Buffer.from('x'));
    expect(await storage.stat('a')).toBeUndefined();
    await expect(storage.get('a')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(storage.delete('a')).resolves.toBeUndefined();
    expect(await storage.stat('a/b/c')).toBeUndefined();
    await expect(storage.get('a/b/c')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(storage.delete('a/b/c')).resolves.toBeUndefined();
  });

  it('sweeps temp files a crash left behind, keeping recent ones', async () => {
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

function failAfter(n: number) {
  let seen = 0;
  return (chunk: Buffer) => {
    if (++seen > n) throw new Error('boom');
    return chunk;
  };
}
