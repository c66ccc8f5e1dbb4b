import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
} from '@aws-sdk/client-s3';
import { type MetadataValue, S3Store } from '@tus/s3-store';
import { ERRORS, type KvStore, type Upload } from '@tus/server';
import { s3ClientConfig, s3ErrorName, type S3Settings, type S3Storage } from '../../storage/s3-storage.ts';
import { hashStream, ObjectTooLargeError } from '../../storage/storage.ts';
import type { IntakeFile } from './intake.ts';
import { sniffMaterialTypeOfStream } from './material-types.ts';
import type { UploadStore } from './upload-store.ts';

/**
 * Where uploads live in the bucket, under the storage's prefix: a dot-name, which no storage key
 * can start with, so storage never reads, overwrites or sweeps an upload, nor uploads a key.
 */
export const UPLOADS_PREFIX = '.uploads/';

/**
 * No cache of upload info: @tus/s3-store keeps one per process by default, which another process
 * (a PATCH or a declared length answered elsewhere, a sweep) would leave stale. One GET per request.
 */
const NO_CACHE: KvStore<MetadataValue> = {
  get: async () => undefined,
  set: async () => undefined,
  delete: async () => undefined,
};

const isMissing = (error: unknown) => ['NoSuchKey', 'NotFound'].includes(s3ErrorName(error) ?? '');

/**
 * Uploads in the bucket through @tus/s3-store, so that any API process can take the next PATCH:
 * per upload an info object (`<id>.info`), an S3 multipart upload taking each PATCH as a part,
 * a `<id>.part` object holding a PATCH shorter than S3's 5 MB part minimum until more comes, and,
 * once complete, the object `<id>`, which filing copies into storage within the bucket.
 */
export function s3UploadStore(storage: S3Storage, settings: S3Settings): UploadStore {
  const { client, bucket } = storage;
  const base = `${settings.prefix}${UPLOADS_PREFIX}`;
  const storeId = (id: string) => `${base}${id}`;

  async function objectBody(key: string): Promise<Readable> {
    const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    if (!(answer.Body instanceof Readable)) throw new Error('S3 GetObject answered without a body stream');
    return answer.Body;
  }

  async function objectSize(key: string): Promise<number> {
    return (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentLength ?? 0;
  }

  /** The S3 multipart upload an upload's info names, when the info is there. */
  async function multipartOf(key: string): Promise<string | undefined> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: `${key}.info` }));
      return head.Metadata?.['upload-id'] ?? '';
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async function abort(key: string, uploadId: string) {
    try {
      await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }));
    } catch (error) {
      // Completed (the upload is finished) or aborted already.
      if (s3ErrorName(error) !== 'NoSuchUpload') throw error;
    }
  }

  /** Removes everything of the upload at `key`; the info object goes last, so a failure can be retried. */
  async function removeAt(key: string, multipartIds: readonly string[]) {
    for (const uploadId of multipartIds) await abort(key, uploadId);
    for (const object of [key, `${key}.part`, `${key}.info`]) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: object }));
    }
  }

  async function remove(id: string) {
    const key = storeId(id);
    const multipart = await multipartOf(key);
    await removeAt(key, multipart ? [multipart] : []);
  }

  /** Every object of the uploads whose id starts with `idPrefix`, with its last modification. */
  async function* objects(idPrefix = '') {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: `${base}${idPrefix}`, ContinuationToken }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, modified: object.LastModified ?? new Date(0) };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  /** Every multipart upload open under the uploads prefix. */
  async function* multipartUploads() {
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    for (;;) {
      const page = await client.send(
        new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: base, KeyMarker, UploadIdMarker }),
      );
      for (const upload of page.Uploads ?? []) {
        if (upload.Key && upload.UploadId) {
          yield { key: upload.Key, uploadId: upload.UploadId, initiated: upload.Initiated ?? new Date(0) };
        }
      }
      if (!page.IsTruncated) return;
      KeyMarker = page.NextKeyMarker;
      UploadIdMarker = page.NextUploadIdMarker;
    }
  }

  /** When the last part of a multipart upload arrived (a PATCH of 5 MB or more writes no object). */
  async function lastPartAt(key: string, uploadId: string): Promise<number> {
    let latest = 0;
    let PartNumberMarker: string | undefined;
    for (;;) {
      let page;
      try {
        page = await client.send(
          new ListPartsCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumberMarker }),
        );
      } catch (error) {
        if (s3ErrorName(error) === 'NoSuchUpload') return latest;
        throw error;
      }
      for (const part of page.Parts ?? []) latest = Math.max(latest, part.LastModified?.getTime() ?? 0);
      if (!page.IsTruncated) return latest;
      PartNumberMarker = page.NextPartNumberMarker;
    }
  }

  function file(id: string): IntakeFile {
    const key = storeId(id);
    return {
      sniff: async () => sniffMaterialTypeOfStream(await objectBody(key)),
      size: () => objectSize(key),
      read: () => objectBody(key),
      async moveTo(target, storageKey, options) {
        const bytes = await objectSize(key);
        if (options.maxBytes !== undefined && bytes > options.maxBytes) {
          throw new ObjectTooLargeError(options.maxBytes);
        }
        const contentType = options.contentType ? { contentType: options.contentType } : {};
        let result;
        if (target === storage) {
          // Within the bucket: the bytes are copied by the store, never downloaded again.
          await storage.copyFrom(storageKey, key, { bytes, ...contentType });
          result = { bytes, sha256: options.sha256 ?? (await hashStream(await objectBody(key))).sha256 };
        } else {
          result = await target.put(storageKey, await objectBody(key), { ...contentType });
        }
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
        return result;
      },
    };
  }

  return {
    async datastore(guard) {
      class GuardedS3Store extends S3Store {
        override create(upload: Upload): Promise<Upload> {
          return guard(upload, () => super.create(upload));
        }

        // S3Store takes any failure to read an upload's info (the store unreachable too) for "no
        // such upload", which a client answers by starting over: only a missing info is one.
        override async getUpload(id: string): Promise<Upload> {
          try {
            await this.getMetadata(id);
          } catch (error) {
            if (isMissing(error)) throw ERRORS.FILE_NOT_FOUND;
            throw error;
          }
          return super.getUpload(id);
        }

        // S3Store's own removal fails on a finished upload (its multipart upload is gone) and
        // leaves the `.part` object behind.
        override async remove(id: string): Promise<void> {
          const multipart = await multipartOf(id);
          if (multipart === undefined) throw ERRORS.FILE_NOT_FOUND;
          await removeAt(id, multipart ? [multipart] : []);
        }
      }
      return new GuardedS3Store({ s3ClientConfig: { ...s3ClientConfig(settings), bucket }, cache: NO_CACHE });
    },

    storeId,
    publicId: (key) => key.slice(base.length),

    async idsStartingWith(prefix) {
      // One user's uploads only (their ids begin with theirs), never the whole bucket's.
      const ids: string[] = [];
      for await (const { key } of objects(prefix)) {
        if (key.endsWith('.info')) ids.push(key.slice(base.length, -'.info'.length));
      }
      return ids;
    },

    file,

    remove,

    async sweep({ olderThanMs, now }) {
      // Each upload's last sign of life: its objects (info, short part, finished data), its
      // multipart uploads' start and their parts' arrival.
      const uploads = new Map<string, { last: number; multipart: string[] }>();
      const seen = (key: string, at: number) => {
        const entry = uploads.get(key) ?? { last: 0, multipart: [] };
        entry.last = Math.max(entry.last, at);
        uploads.set(key, entry);
        return entry;
      };
      for await (const { key, modified } of objects()) {
        seen(key.replace(/\.(info|part)$/, ''), modified.getTime());
      }
      for await (const { key, uploadId, initiated } of multipartUploads()) {
        seen(key, Math.max(initiated.getTime(), await lastPartAt(key, uploadId))).multipart.push(uploadId);
      }
      let removed = 0;
      for (const [key, { last, multipart }] of uploads) {
        if (now.getTime() - last <= olderThanMs) continue;
        await removeAt(key, multipart);
        removed++;
      }
      return removed;
    },
  };
}
