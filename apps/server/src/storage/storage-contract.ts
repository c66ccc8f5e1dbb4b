import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  type FileStorage,
  hashStream,
  InvalidKeyError,
  MAX_KEY_LENGTH,
  ObjectNotFoundError,
  ObjectTooLargeError,
} from './storage.ts';

/** A fresh, empty backend for one test, and ways to look behind its interface. */
export interface StorageSubject {
  storage: FileStorage;
  /** Keys of every stored object (what a reader could get). */
  keys(): Promise<string[]>;
  /** What writes in progress keep aside: temp files, open multipart uploads. */
  leftovers(): Promise<string[]>;
  /** A directory of local files, for putFile. */
  scratch: string;
}

export const bytesOf = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

export const text = async (stream: Readable) => (await bytesOf(stream)).toString('utf8');

/** A stream of `count` chunks, each `size` bytes of `fill`, yielding to the event loop between them. */
export function chunked(count: number, size: number, fill: number | string): Readable {
  return Readable.from(
    (async function* () {
      for (let i = 0; i < count; i++) {
        await new Promise((r) => setImmediate(r));
        yield Buffer.alloc(size, fill);
      }
    })(),
  );
}

/** A map step that throws 'boom' after passing `n` chunks. */
export function failAfter(n: number) {
  let seen = 0;
  return (chunk: Buffer) => {
    if (++seen > n) throw new Error('boom');
    return chunk;
  };
}

/** Keys that are not storage ids; every operation refuses them before reaching the store. */
export const BAD_KEYS = [
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

/**
 * What every FileStorage backend promises (storage.ts), run against one: the same tests for the
 * local directory and for S3, so the media library behaves the same on either.
 */
export function describeStorageContract(name: string, subject: () => Promise<StorageSubject>) {
  describe(`${name}: the storage contract`, () => {
    it('round-trips put, get (whole and ranges), stat and delete', async () => {
      const { storage, leftovers } = await subject();
      const key = 'materials/ab/abcdef.jpg';
      const put = await storage.put(key, Buffer.from('hello'), { contentType: 'image/jpeg' });
      expect(put).toEqual({
        bytes: 5,
        sha256: '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824',
      });
      expect(await text(await storage.get(key))).toBe('hello');
      expect(await text(await storage.get(key, { start: 1, end: 3 }))).toBe('ell');
      expect(await text(await storage.get(key, { start: 0, end: 0 }))).toBe('h');
      expect(await text(await storage.get(key, { start: 2 }))).toBe('llo');
      expect(await text(await storage.get(key, { start: 3, end: 99 }))).toBe('lo');
      expect(await text(await storage.get(key, { start: 5 }))).toBe('');

      const stat = await storage.stat(key);
      expect(stat?.bytes).toBe(5);
      expect(stat?.modifiedAt).toBeInstanceOf(Date);

      await storage.put(key, Buffer.from('replaced'));
      expect(await text(await storage.get(key))).toBe('replaced');

      await storage.delete(key);
      expect(await storage.stat(key)).toBeUndefined();
      await expect(storage.get(key)).rejects.toBeInstanceOf(ObjectNotFoundError);
      await expect(storage.get(key, { start: 1 })).rejects.toBeInstanceOf(ObjectNotFoundError);
      await expect(storage.delete(key)).resolves.toBeUndefined();
      expect(await leftovers()).toEqual([]);
    });

    it('keeps an empty object', async () => {
      const { storage } = await subject();
      expect(await storage.put('empty', Buffer.alloc(0))).toMatchObject({ bytes: 0 });
      expect(await storage.put('empty-stream', Readable.from([]))).toMatchObject({ bytes: 0 });
      expect(await text(await storage.get('empty'))).toBe('');
      expect((await storage.stat('empty-stream'))?.bytes).toBe(0);
    });

    it('rejects malformed ranges', async () => {
      const { storage } = await subject();
      await storage.put('a', Buffer.from('abc'));
      await expect(storage.get('a', { start: -1 })).rejects.toBeInstanceOf(RangeError);
      await expect(storage.get('a', { start: 2, end: 1 })).rejects.toBeInstanceOf(RangeError);
      await expect(storage.get('a', { start: 0.5 })).rejects.toBeInstanceOf(RangeError);
    });

    it('hashes and counts a streamed put (the one-million-a SHA-256 test vector)', async () => {
      const { storage } = await subject();
      const result = await storage.put('video/big.mp4', chunked(1000, 1000, 'a'));
      expect(result).toEqual({
        bytes: 1_000_000,
        sha256: 'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0',
      });
      expect(await hashStream(await storage.get('video/big.mp4'))).toEqual(result);
    });

    it('stores nothing at the key when the source fails half way', async () => {
      const { storage, keys, leftovers } = await subject();
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
      expect(await keys()).toEqual(['clip.mp4']);
      expect(await leftovers()).toEqual([]);
    });

    it('stops at maxBytes with nothing stored', async () => {
      const { storage, keys, leftovers } = await subject();
      const source = chunked(10, 100, 'x');
      await expect(storage.put('too/big', source, { maxBytes: 550 })).rejects.toBeInstanceOf(
        ObjectTooLargeError,
      );
      expect(source.destroyed).toBe(true);
      await expect(storage.put('too/big', Buffer.alloc(551), { maxBytes: 550 })).rejects.toBeInstanceOf(
        ObjectTooLargeError,
      );
      expect(await storage.stat('too/big')).toBeUndefined();
      expect(await leftovers()).toEqual([]);
      expect((await storage.put('ok', chunked(5, 100, 'x'), { maxBytes: 500 })).bytes).toBe(500);
      expect(await keys()).toEqual(['ok']);
    });

    it('rejects bad keys before touching the store', async () => {
      const { storage, keys, leftovers, scratch } = await subject();
      const outside = join(scratch, 'outside.txt');
      await writeFile(outside, 'x');
      for (const key of BAD_KEYS) {
        await expect(storage.put(key, Buffer.from('x')), key).rejects.toBeInstanceOf(InvalidKeyError);
        await expect(storage.putFile(key, outside), key).rejects.toBeInstanceOf(InvalidKeyError);
        await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidKeyError);
        await expect(storage.stat(key), key).rejects.toBeInstanceOf(InvalidKeyError);
        await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidKeyError);
      }
      expect(existsSync(outside)).toBe(true);
      expect(await keys()).toEqual([]);
      expect(await leftovers()).toEqual([]);
      await storage.put('a'.repeat(MAX_KEY_LENGTH), Buffer.from('longest'));
      expect(await keys()).toEqual(['a'.repeat(MAX_KEY_LENGTH)]);
    });

    it('leaves one complete object when puts to the same key race', async () => {
      const { storage, leftovers } = await subject();
      const size = 256 * 1024;
      const writers = Array.from({ length: 8 }, (_, i) =>
        storage.put('race/one.bin', chunked(16, size / 16, i)),
      );
      const results = await Promise.all(writers);
      const stored = await bytesOf(await storage.get('race/one.bin'));
      expect(stored.length).toBe(size);
      const winner = stored[0];
      expect(stored.every((byte) => byte === winner)).toBe(true);
      const expected = createHash('sha256').update(stored).digest('hex');
      expect(results.map((r) => r.sha256)).toContain(expected);
      expect(await leftovers()).toEqual([]);
    });

    it('moves a finished file in with putFile', async () => {
      const { storage, scratch } = await subject();
      const upload = join(scratch, 'upload.part');
      await writeFile(upload, 'abc');
      const result = await storage.putFile('materials/cd/cdef.mp4', upload, { contentType: 'video/mp4' });
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
      expect(await storage.stat('limited')).toBeUndefined();
      await mkdir(join(scratch, 'a-directory'));
      await expect(storage.putFile('dir', join(scratch, 'a-directory'))).rejects.toThrow(
        'Not a regular file',
      );
      await expect(storage.putFile('gone', join(scratch, 'nothing-here'))).rejects.toMatchObject({
        code: 'ENOENT',
      });
    });

    it('treats a key that is only a prefix of other keys as absent', async () => {
      const { storage } = await subject();
      await storage.put('a/b', Buffer.from('x'));
      expect(await storage.stat('a')).toBeUndefined();
      await expect(storage.get('a')).rejects.toBeInstanceOf(ObjectNotFoundError);
      await expect(storage.delete('a')).resolves.toBeUndefined();
      expect(await storage.stat('a/b/c')).toBeUndefined();
      await expect(storage.get('a/b/c')).rejects.toBeInstanceOf(ObjectNotFoundError);
      await expect(storage.delete('a/b/c')).resolves.toBeUndefined();
      expect(await text(await storage.get('a/b'))).toBe('x');
    });
  });
}
