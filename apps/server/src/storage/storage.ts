/**
 * Media file storage (images and video up to 2 GB) behind one interface.
 *
 * - Keys are ids the server generates (`materials/ab/abcdef.jpg`), never user input, and a
 *   strict pattern rejects anything else, so no user-given path reaches the file system; the
 *   user's file name lives in the database and only comes back in Content-Disposition.
 * - Writes are atomic: a reader sees the old object, the complete new one, or none; never a
 *   partial file, even when the source fails half way or two writers race.
 * - The interface is object-store shaped (put/get/stat/delete by key, no directories, no
 *   append), so an S3-compatible backend can replace the local directory without callers
 *   changing; `path` is the one local extra, and it is optional.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

/** Longest key accepted; leaves room under the usual 255-byte file-name and 1024-byte S3 limits. */
export const MAX_KEY_LENGTH = 200;

// Lower case only: on case-insensitive file systems `A.jpg` and `a.jpg` would be one file.
// Segments cannot start with a dot, so `..`, `.tmp` and hidden files are never keys.
const KEY_PATTERN = /^[a-z0-9]+(?:[/_-][a-z0-9]+)*(?:\.[a-z0-9]+)?$/;

/** Thrown for a key that is not a storage id; a programming error, never a user's mistake. */
export class InvalidKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, MAX_KEY_LENGTH + 1))}`);
    this.name = 'InvalidKeyError';
  }
}

/** Thrown by `get` when no object is stored under the key. */
export class ObjectNotFoundError extends Error {
  readonly key: string;
  constructor(key: string) {
    super(`No stored object: ${key}`);
    this.name = 'ObjectNotFoundError';
    this.key = key;
  }
}

/** Thrown by `put` when the source grows past `maxBytes`; nothing is stored. */
export class ObjectTooLargeError extends Error {
  readonly maxBytes: number;
  constructor(maxBytes: number) {
    super(`Stored object exceeds ${maxBytes} bytes`);
    this.name = 'ObjectTooLargeError';
    this.maxBytes = maxBytes;
  }
}

/** True when `key` is an acceptable storage key. */
export function isValidKey(key: string): boolean {
  return key.length > 0 && key.length <= MAX_KEY_LENGTH && KEY_PATTERN.test(key);
}

/** Throws InvalidKeyError unless `key` is an acceptable storage key. */
export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || !isValidKey(key)) throw new InvalidKeyError(String(key));
}

/** Options for writing an object. */
export interface PutOptions {
  /** Kept by backends that store it (S3); the local backend leaves it to the database. */
  contentType?: string;
  /** Abort with ObjectTooLargeError once the source passes this many bytes. */
  maxBytes?: number;
}

/** What was written: size and hex SHA-256 of the content. */
export interface PutResult {
  bytes: number;
  sha256: string;
}

/** Size and last modification of a stored object. */
export interface ObjectStat {
  bytes: number;
  modifiedAt: Date;
}

/** Byte range to read; `end` is inclusive, as in HTTP and fs.createReadStream. */
export interface ByteRange {
  start: number;
  end?: number;
}

/** The media library's object store. */
export interface FileStorage {
  /** Streams `source` in under `key` (replacing any object there), hashing while writing. */
  put(key: string, source: Readable | Buffer, options?: PutOptions): Promise<PutResult>;
  /**
   * Moves an already written file (a finished resumable upload) in under `key`; the file at
   * `path` is gone afterwards. A `sha256` already known skips reading the file to hash it.
   */
  putFile(key: string, path: string, options?: PutOptions & { sha256?: string }): Promise<PutResult>;
  /** Reads the object, or its byte range; rejects with ObjectNotFoundError when absent. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Size and modification time, or undefined when absent. */
  stat(key: string): Promise<ObjectStat | undefined>;
  /** Removes the object; removing an absent one is not an error. */
  delete(key: string): Promise<void>;
  /** A local file path for tools that read files directly (ffmpeg, sharp), when the backend has one. */
  path?(key: string): string;
}

/** Throws RangeError unless `range` is a well-formed byte range. */
export function assertValidRange(range: ByteRange): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || start < 0) throw new RangeError(`Invalid range start: ${start}`);
  if (end !== undefined && (!Number.isSafeInteger(end) || end < start)) {
    throw new RangeError(`Invalid range end: ${end}`);
  }
}

/** Reads a stream to its end, returning its size and hex SHA-256 (e.g. to verify a stored object). */
export async function hashStream(source: Readable): Promise<PutResult> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of source) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    hash.update(buffer);
    bytes += buffer.length;
  }
  return { bytes, sha256: hash.digest('hex') };
}
