import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { pipeline, Readable, Transform } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { StorageConfig } from '../config.ts';
import {
  assertValidKey,
  assertValidRange,
  type FileStorage,
  isValidKey,
  ObjectNotFoundError,
  ObjectTooLargeError,
  type PutOptions,
  type PutResult,
} from './storage.ts';

/** STORAGE=s3's settings. */
export type S3Settings = Omit<Extract<StorageConfig, { backend: 's3' }>, 'backend'>;

/** The S3-compatible backend, with what a finished upload in the same bucket needs to move in. */
export interface S3Storage extends FileStorage {
  readonly client: S3Client;
  readonly bucket: string;
  /** The bucket key a storage key is kept under (the prefix in front). */
  objectKey(key: string): string;
  /**
   * Copies an object of the same bucket (not a storage key: a finished upload) in under `key`,
   * within the store: its bytes never pass through this process. The source stays.
   */
  copyFrom(
    key: string,
    sourceObjectKey: string,
    options: { bytes: number; contentType?: string },
  ): Promise<void>;
  /**
   * Aborts the multipart writes of storage keys that a crash left open (a put of a large file
   * stopped half way): S3 keeps, and bills, their parts until then. Returns how many.
   */
  sweepTemp(options?: { olderThanMs?: number; now?: Date }): Promise<number>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The largest object one CopyObject may copy; larger ones are streamed through a put. */
const MAX_COPY_BYTES = 5 * 1024 ** 3;

/** Client settings shared by the storage and the tus upload store. */
export function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    // Unset: the SDK's default chain (environment, instance or task role).
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where an operation requires one: many S3-compatible servers (s3rver among
    // them) refuse the CRC32 checksums the SDK otherwise adds to every upload since 2025.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

/** The SDK's name for an S3 error ('NoSuchKey', 'NotFound', ...), if it is one. */
export function s3ErrorName(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string'
    ? error.name
    : undefined;
}

/** HEAD answers a missing object with a bare 404 ('NotFound'); GET names it ('NoSuchKey'). */
const isMissing = (error: unknown) => ['NoSuchKey', 'NotFound'].includes(s3ErrorName(error) ?? '');

/**
 * Stores objects in an S3-compatible bucket, each key under `settings.prefix`. A PUT is atomic
 * in S3 (readers see the old object or the whole new one), and so is a multipart upload, which
 * appears only once completed: a write that fails or passes `maxBytes` is aborted and leaves
 * nothing. Bodies are streamed (lib-storage holds at most a few 5 MB parts), hashed on the way.
 */
export function createS3Storage(settings: S3Settings, options: { client?: S3Client } = {}): S3Storage {
  const client = options.client ?? new S3Client(s3ClientConfig(settings));
  const { bucket, prefix } = settings;

  function objectKey(key: string): string {
    assertValidKey(key);
    return `${prefix}${key}`;
  }

  async function put(key: string, source: Readable | Buffer, options: PutOptions = {}): Promise<PutResult> {
    const Key = objectKey(key);
    const { maxBytes } = options;
    const hash = createHash('sha256');
    let bytes = 0;
    let body: Readable | Buffer;
    if (Buffer.isBuffer(source)) {
      if (maxBytes !== undefined && source.length > maxBytes) throw new ObjectTooLargeError(maxBytes);
      hash.update(source);
      bytes = source.length;
      body = source;
    } else {
      const counter = new Transform({
        transform(chunk: Buffer | string, _encoding, done) {
          const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
          bytes += buffer.length;
          if (maxBytes !== undefined && bytes > maxBytes) return done(new ObjectTooLargeError(maxBytes));
          hash.update(buffer);
          done(null, buffer);
        },
      });
      // The error reaches the upload through `counter`; pipeline destroys the source with it.
      body = pipeline(source, counter, () => undefined);
    }
    const upload = new Upload({
      client,
      params: {
        Bucket: bucket,
        Key,
        Body: body,
        ...(options.contentType ? { ContentType: options.contentType } : {}),
      },
    });
    try {
      await upload.done();
    } catch (error) {
      // The store failed first: stop reading the source too.
      if (!Buffer.isBuffer(body)) body.destroy();
      throw error;
    }
    return { bytes, sha256: hash.digest('hex') };
  }

  return {
    client,
    bucket,
    objectKey,

    put,

    async putFile(key, path, options = {}) {
      objectKey(key);
      const info = await stat(path);
      if (!info.isFile()) throw new Error(`Not a regular file: ${path}`);
      if (options.maxBytes !== undefined && info.size > options.maxBytes) {
        throw new ObjectTooLargeError(options.maxBytes);
      }
      const { sha256, ...putOptions } = options;
      const result = await put(key, createReadStream(path), putOptions);
      await rm(path, { force: true });
      return sha256 ? { bytes: result.bytes, sha256 } : result;
    },

    async get(key, range) {
      const Key = objectKey(key);
      if (range) assertValidRange(range);
      const ranged = range && (range.start > 0 || range.end !== undefined);
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key,
            ...(ranged ? { Range: `bytes=${range.start}-${range.end ?? ''}` } : {}),
          }),
        );
        if (!(answer.Body instanceof Readable))
          throw new Error('S3 GetObject answered without a body stream');
        return answer.Body;
      } catch (error) {
        if (isMissing(error)) throw new ObjectNotFoundError(key);
        // A range starting at or past the end: no bytes, as a file read there gives.
        if (s3ErrorName(error) === 'InvalidRange') return Readable.from([]);
        throw error;
      }
    },

    async stat(key) {
      const Key = objectKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key }));
        return { bytes: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async delete(key) {
      // S3 answers 204 whether or not the object was there.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },

    async copyFrom(key, sourceObjectKey, options) {
      const Key = objectKey(key);
      if (options.bytes > MAX_COPY_BYTES) {
        const source = await client.send(new GetObjectCommand({ Bucket: bucket, Key: sourceObjectKey }));
        if (!(source.Body instanceof Readable))
          throw new Error('S3 GetObject answered without a body stream');
        await put(key, source.Body, options.contentType ? { contentType: options.contentType } : {});
        return;
      }
      const source = [bucket, ...sourceObjectKey.split('/')].map(encodeURIComponent).join('/');
      await client.send(
        new CopyObjectCommand({
          Bucket: bucket,
          Key,
          CopySource: source,
          // The upload's own metadata (tus's) stays behind; the type is the one sniffed.
          MetadataDirective: 'REPLACE',
          ...(options.contentType ? { ContentType: options.contentType } : {}),
        }),
      );
    },

    async sweepTemp({ olderThanMs = DAY_MS, now = new Date() } = {}) {
      let removed = 0;
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      for (;;) {
        const page = await client.send(
          new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: prefix, KeyMarker, UploadIdMarker }),
        );
        for (const upload of page.Uploads ?? []) {
          const key = upload.Key?.slice(prefix.length) ?? '';
          // Only storage keys: other writers share the prefix (tus uploads, under a dot-name no key has).
          if (!isValidKey(key) || !upload.Initiated) continue;
          if (now.getTime() - upload.Initiated.getTime() <= olderThanMs) continue;
          try {
            await client.send(
              new AbortMultipartUploadCommand({ Bucket: bucket, Key: upload.Key, UploadId: upload.UploadId }),
            );
            removed++;
          } catch (error) {
            // Completed or aborted since it was listed.
            if (s3ErrorName(error) !== 'NoSuchUpload') throw error;
          }
        }
        if (!page.IsTruncated) return removed;
        KeyMarker = page.NextKeyMarker;
        UploadIdMarker = page.NextUploadIdMarker;
      }
    },
  };
}
