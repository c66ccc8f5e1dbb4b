import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { type FileHandle, mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import {
  assertValidKey,
  assertValidRange,
  type FileStorage,
  hashStream,
  InvalidKeyError,
  ObjectNotFoundError,
  ObjectTooLargeError,
  type PutResult,
} from './storage.ts';

/** The local directory backend, with its local-only extras. */
export interface LocalStorage extends FileStorage {
  path(key: string): string;
  /** Removes temp files a crash left behind mid-write; meant for start-up. Returns how many. */
  sweepTemp(options?: { olderThanMs?: number; now?: Date }): Promise<number>;
}

const TEMP_DIR = '.tmp';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Stores objects as files under `rootDir` (DATA_DIR/files), one file per key, with `/` in a
 * key becoming sub-directories. Temp files live in `rootDir/.tmp` so that the final rename
 * stays on one file system and is atomic; no key can name `.tmp` (keys never start with a dot).
 */
export function createLocalStorage(rootDir: string): LocalStorage {
  const root = resolve(rootDir);
  const tempDir = join(root, TEMP_DIR);

  function pathOf(key: string): string {
    assertValidKey(key);
    const full = resolve(root, key);
    // The key pattern already rules out escapes; this keeps it so if the pattern is ever loosened.
    if (!full.startsWith(root + sep)) throw new InvalidKeyError(key);
    return full;
  }

  async function newTempPath(): Promise<string> {
    await mkdir(tempDir, { recursive: true });
    return join(tempDir, `${randomUUID()}.part`);
  }

  async function put(key: string, source: Readable | Buffer, maxBytes?: number): Promise<PutResult> {
    const target = pathOf(key);
    const temp = await newTempPath();
    try {
      const result = await writeSynced(temp, source, maxBytes);
      await moveIn(temp, target);
      return result;
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  return {
    path: pathOf,

    put: (key, source, options = {}) => put(key, source, options.maxBytes),

    async putFile(key, path, options = {}) {
      const target = pathOf(key);
      const info = await stat(path);
      if (!info.isFile()) throw new Error(`Not a regular file: ${path}`);
      if (options.maxBytes !== undefined && info.size > options.maxBytes) {
        throw new ObjectTooLargeError(options.maxBytes);
      }
      // Hash before moving in, so a failed read leaves nothing half-accepted at the key.
      const result = options.sha256
        ? { bytes: info.size, sha256: options.sha256 }
        : await hashStream(createReadStream(path));
      await syncFile(path);
      try {
        await moveIn(path, target);
        return result;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      }
      // Another file system: copy through put (atomic and synced), then drop the original.
      const copied = await put(key, createReadStream(path), options.maxBytes);
      await rm(path, { force: true });
      return copied;
    },

    async get(key, range) {
      const path = pathOf(key);
      if (range) assertValidRange(range);
      let handle: FileHandle;
      try {
        handle = await open(path, 'r');
      } catch (error) {
        if (isMissing(error)) throw new ObjectNotFoundError(key);
        throw error;
      }
      try {
        // A directory opens fine on Linux; it is a key prefix, not an object.
        if (!(await handle.stat()).isFile()) throw new ObjectNotFoundError(key);
      } catch (error) {
        await handle.close();
        throw error;
      }
      // Opened before returning, so a missing file rejects here instead of erroring the stream.
      return handle.createReadStream({ start: range?.start ?? 0, end: range?.end ?? Infinity });
    },

    async stat(key) {
      const path = pathOf(key);
      try {
        const info = await stat(path);
        return info.isFile() ? { bytes: info.size, modifiedAt: info.mtime } : undefined;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async delete(key) {
      const path = pathOf(key);
      try {
        await unlink(path);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        // EISDIR: the key is only a prefix of other keys, so no object is stored under it.
        if (!isMissing(error) && code !== 'EISDIR') throw error;
      }
      // Empty parent directories stay: removing them would race with a put creating a file there.
    },

    async sweepTemp({ olderThanMs = DAY_MS, now = new Date() } = {}) {
      let names: string[];
      try {
        names = await readdir(tempDir);
      } catch (error) {
        if (isMissing(error)) return 0;
        throw error;
      }
      let removed = 0;
      for (const name of names) {
        const path = join(tempDir, name);
        const info = await stat(path).catch(() => undefined);
        if (info && now.getTime() - info.mtimeMs > olderThanMs) {
          await rm(path, { force: true, recursive: true });
          removed++;
        }
      }
      return removed;
    },
  };
}

/** Writes `source` to a new file at `path`, hashing and counting on the way, and fsyncs it. */
async function writeSynced(path: string, source: Readable | Buffer, maxBytes?: number): Promise<PutResult> {
  const hash = createHash('sha256');
  let bytes = 0;
  const count = (chunk: Buffer): Buffer => {
    bytes += chunk.length;
    if (maxBytes !== undefined && bytes > maxBytes) throw new ObjectTooLargeError(maxBytes);
    hash.update(chunk);
    return chunk;
  };
  const handle = await open(path, 'wx');
  try {
    // writeFile pulls one chunk at a time, so a 2 GB source is never held in memory.
    await handle.writeFile(Buffer.isBuffer(source) ? count(source) : counted(source, count));
    await handle.sync();
  } finally {
    await handle.close();
  }
  return { bytes, sha256: hash.digest('hex') };
}

async function* counted(source: Readable, count: (chunk: Buffer) => Buffer): AsyncGenerator<Buffer> {
  // Leaving this loop early (write failure, too large) destroys the source stream.
  for await (const chunk of source) {
    yield count(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  }
}

/** Renames a complete, synced file to `target`; the rename is the atomic step. */
async function moveIn(from: string, target: string): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  await rename(from, target);
  await syncDirectory(dirname(target));
}

async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Makes a rename durable across power loss; best effort, as some platforms cannot fsync a directory. */
async function syncDirectory(path: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(path, 'r');
    await handle.sync();
  } catch {
    // Windows cannot open directories this way; the rename itself already happened.
  } finally {
    await handle?.close();
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
